import { z } from 'zod';

/** Every setting the server reads, read once at start; the type comes from the schema. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL schema to work in (tests give each run its own). */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('CertHub <no-reply@certhub.local>'),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  /** Background job worker of this instance; tests turn it off and drain jobs themselves. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Resolver used by DNS domain control validation, host:port; empty means the system's. */
  DNS_RESOLVER: z.string().default(''),
  /** Port of the built-in authoritative DNS server. */
  DNS_PORT: z.coerce.number().int().min(0).max(65535).default(5353),
  /** Port the file validation method fetches http://{domain}:PORT/.well-known/pki-validation/ on. */
  DCV_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  /** 32-byte key (base64) that encrypts private keys at rest; generated into DATA_DIR when absent. */
  MASTER_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** ACME directory the free 90-day products are issued through (Let's Encrypt, or pebble in tests); unset: the built-in CA issues them. */
  ACME_DIRECTORY_URL: z.string().url().optional(),
  /** Contact of the ACME account (expiry notices from the CA). */
  ACME_EMAIL: z.string().email().optional(),
  /** PEM bundle trusted for the ACME directory's TLS besides Node's root store (pebble's own certificate in tests). */
  ACME_CA_FILE: z.string().optional(),
  /** HMAC key of the sandbox payment gateway's callbacks (16+ characters); generated into DATA_DIR when absent. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Cloudflare v4 API base the batch-cfdns relay forwards to (tests point it at a local fake). */
  CF_API_BASE: z.string().url().default('https://api.cloudflare.com/client/v4'),
  /** Folder of the built console; empty to serve the API only. */
  WEB_DIST: z.string().optional(),
  /** Tests only: lets the TLS report audit private and loopback hosts (local TLS servers). */
  REPORT_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** Tests only: a PEM bundle the TLS report trusts besides Node's root store (a test's own root). */
  REPORT_EXTRA_CA_FILE: z.string().optional(),
  /** application_name of the PostgreSQL connections (pg_stat_activity shows it; tests kill their own connections by it). */
  DATABASE_APP_NAME: z.string().min(1).max(63).default('certhub'),
  /** Milliseconds to wait for a PostgreSQL connection; past it the call answers 503 instead of waiting on. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** PostgreSQL statement_timeout in milliseconds; 0 for none. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** On SIGTERM/SIGINT, in-flight requests and jobs get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Mean event-loop delay (ms) over a sample above which calls answer 503 at once instead of queuing; 0 turns the check off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** Heap in use (MiB) above which calls answer 503; unset: 90% of V8's heap limit; 0 turns the check off. */
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).optional(),
  /** How often (ms) event-loop delay and heap are sampled for the two checks above. */
  PRESSURE_SAMPLE_MS: z.coerce.number().int().min(10).default(1_000),
  /** The per-address limit on anonymous calls (plugins/ip-limit.ts); `off` only for benchmarks that load one address. */
  IP_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as a shell's `VAR=` does.
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const r = envSchema.safeParse(clean);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad configuration:\n${lines.join('\n')}`);
  }
  return r.data;
}
