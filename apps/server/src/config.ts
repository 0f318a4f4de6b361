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
  /** Jobs one instance runs at once; unset: 4 on PostgreSQL, 1 on the embedded database. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Orders a batch payment settles per transaction; unset: 100 on PostgreSQL, 50 on the embedded database. Smaller
   * chunks let other calls in sooner on the embedded database, larger ones finish a batch sooner.
   */
  PAY_BATCH_CHUNK: z.coerce.number().int().min(1).max(500).optional(),
  /** Resolver used by DNS domain control validation, host:port; empty means the system's. */
  DNS_RESOLVER: z.string().default(''),
  /**
   * Port the zone check asks a parent zone's nameservers on for its delegation (adapters/dns/resolver.ts); 53, but in
   * tests, where the parents are a loopback server.
   */
  DNS_DELEGATION_PORT: z.coerce.number().int().min(1).max(65535).default(53),
  /** Port of the built-in authoritative DNS server. */
  DNS_PORT: z.coerce.number().int().min(0).max(65535).default(5353),
  /**
   * Address the built-in DNS server listens on (UDP and TCP); unset: every address with NODE_ENV=production, loopback
   * otherwise (a developer's machine is not a DNS server for its network); `off`: no DNS server in this instance.
   */
  DNS_HOST: z.string().optional(),
  /**
   * Response-rate limit of the DNS server over UDP: answers per second to one source network (IPv4 /24, IPv6 /56);
   * 0: none. Over it, every second answer goes out truncated (the client retries over TCP) and the rest are dropped.
   */
  DNS_RRL: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** Our nameservers, comma separated: what hosted zones' NS records say and what a registrar is to be told. */
  DNS_NAMESERVERS: z
    .string()
    .default('ns1.certhub.local,ns2.certhub.local')
    .transform((v) => v.split(',').map((s) => s.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))
    .refine((v) => v.length >= 2 && v.length <= 13 && v.every((n) => /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(n)), { message: 'give two to thirteen host names, comma separated (a registry wants at least two)' }),
  /** Mailbox of the zones' SOA (RNAME), as an address. */
  DNS_HOSTMASTER: z.string().email().default('hostmaster@certhub.local'),
  /** Port the file validation method fetches http://{domain}:PORT/.well-known/pki-validation/ on. */
  DCV_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  /** ACME server (/acme/{productNo}/directory): new orders per customer account and minute. */
  ACME_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
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
  /** Secret of the operator area (issue invoices, review withdrawals; 16+ characters); generated into DATA_DIR when absent. */
  OPERATOR_SECRET: z.string().min(16).optional(),
  /** Seller named on issued invoices. */
  INVOICE_SELLER: z.string().default('示例证书服务有限公司 Example Certificate Services Ltd.'),
  /** WeChat open platform website application (sign-in binding); unset: the built-in sandbox outside production, none in production. */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * PEM files of the certificate (with its chain) and its private key: set both and the server answers HTTPS, over
   * HTTP/2 (one connection carries the console's many files at once; HTTP/1.1 still answers older clients).
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  /** Cloudflare v4 API base the batch-cfdns relay forwards to (tests point it at a local fake). */
  CF_API_BASE: z.string().url().default('https://api.cloudflare.com/client/v4'),
  /** Folder of the built console; empty to serve the API only. */
  WEB_DIST: z.string().optional(),
  /**
   * Tests only: lets the fetches a user can aim (TLS report, discovery scans, their AIA downloads, file validation and
   * ACME http-01) reach private and loopback hosts (the tests' local servers).
   */
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
  /**
   * GET /dev/outbox: anyone who can reach the server reads the codes and links sent to any address.
   * For trying the product and for tests only; refused in production.
   */
  DEV_OUTBOX: z.enum(['on', 'off']).default('off'),
});

/** Settings that are fine on a developer's machine and unsafe in production: each one is listed, all at once. */
const safeEnvSchema = envSchema.superRefine((c, ctx) => {
  const problem = (path: keyof typeof c, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (typeof c.MASTER_KEY === 'string' && Buffer.from(c.MASTER_KEY, 'base64').length !== 32) problem('MASTER_KEY', 'must be 32 bytes in base64 (openssl rand -base64 32)');
  if (Boolean(c.WECHAT_APP_ID) !== Boolean(c.WECHAT_APP_SECRET)) problem(c.WECHAT_APP_ID ? 'WECHAT_APP_SECRET' : 'WECHAT_APP_ID', 'WECHAT_APP_ID and WECHAT_APP_SECRET go together');
  if (Boolean(c.TLS_CERT_FILE) !== Boolean(c.TLS_KEY_FILE)) problem(c.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE', 'TLS_CERT_FILE and TLS_KEY_FILE go together');
  if (c.NODE_ENV !== 'production') return;
  if (c.DEV_OUTBOX === 'on') problem('DEV_OUTBOX', 'must be off with NODE_ENV=production: /dev/outbox lets anyone read the codes and links sent to others');
  if (c.CAPTCHA === 'off') problem('CAPTCHA', 'must be on with NODE_ENV=production: off is for automated tests only');
  if (c.IP_RATE_LIMIT === 'off') problem('IP_RATE_LIMIT', 'must be on with NODE_ENV=production: off is for benchmarks that load from one address');
  if (c.REPORT_ALLOW_PRIVATE === 'on') problem('REPORT_ALLOW_PRIVATE', 'must be off with NODE_ENV=production: on lets any user make the server fetch private and loopback addresses');
  if (c.DATABASE_URL) {
    // A key generated into DATA_DIR is one host's: another server on the same database could not open what it sealed or signed.
    if (!c.MASTER_KEY) problem('MASTER_KEY', 'is required with DATABASE_URL and NODE_ENV=production: every server on the database must share one key (openssl rand -base64 32)');
    if (!c.PAYMENT_SANDBOX_SECRET) problem('PAYMENT_SANDBOX_SECRET', 'is required with DATABASE_URL and NODE_ENV=production: every server on the database must share one secret');
    if (!c.OPERATOR_SECRET) problem('OPERATOR_SECRET', 'is required with DATABASE_URL and NODE_ENV=production: every server on the database must accept the same operator secret');
  }
}, { when: () => true }); // runs even when another variable is malformed: every problem is listed at once

export type Config = z.infer<typeof envSchema>;

/** Where the built-in DNS server listens (see DNS_HOST); null: none in this instance. */
export function dnsListenHost(c: Pick<Config, 'DNS_HOST' | 'NODE_ENV'>): string | null {
  if (c.DNS_HOST === 'off') return null;
  return c.DNS_HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/**
 * The address people and clients reach this product at, without a trailing slash: PUBLIC_URL, else this machine's
 * port on localhost (fine on one machine; mail links, CA URLs and the ACME server's URLs need PUBLIC_URL elsewhere).
 */
export function publicBaseUrl(c: Pick<Config, 'PUBLIC_URL' | 'PORT'> & Partial<Pick<Config, 'TLS_CERT_FILE'>>): string {
  return (c.PUBLIC_URL ?? `${schemeOf(c)}://localhost:${c.PORT}`).replace(/\/+$/, '');
}

/** The scheme this server answers on: https once it is given a certificate (TLS_CERT_FILE, TLS_KEY_FILE). */
export function schemeOf(c: Partial<Pick<Config, 'TLS_CERT_FILE'>>): 'https' | 'http' {
  return c.TLS_CERT_FILE ? 'https' : 'http';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as a shell's `VAR=` does.
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const r = safeEnvSchema.safeParse(clean);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad configuration:\n${lines.join('\n')}`);
  }
  return r.data;
}

/** What an operator must know at start: settings that lower protection, and where development codes go. */
export function startupNotices(config: Config): { warnings: string[]; info: string[] } {
  const warnings: string[] = [];
  const info: string[] = [];
  if (config.CAPTCHA === 'off') warnings.push('CAPTCHA=off. The sign-in slider check is disabled; use this only for automated tests.');
  if (config.IP_RATE_LIMIT === 'off') warnings.push('IP_RATE_LIMIT=off. Anonymous calls are not limited per address; use this only for benchmarks.');
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    warnings.push(`PUBLIC_URL is not set: links in mail, CA certificate and CRL URLs and the ACME directory name ${publicBaseUrl(config)}, which only this machine reaches.`);
  }
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) warnings.push('SMTP_URL is not set: verification codes and links are recorded but reach nobody.');
  if (config.DEV_OUTBOX === 'on') {
    warnings.push('DEV_OUTBOX=on. GET /dev/outbox shows every code and link sent to anyone; use this only on a machine nobody else can reach.');
  } else if (config.NODE_ENV !== 'production') {
    info.push(
      config.SMTP_URL
        ? 'Verification codes and links go by SMTP; SMS codes are printed to this log (development).'
        : 'No mail server (SMTP_URL) is set: verification codes and links are printed to this log (development).',
    );
  }
  return { warnings, info };
}
