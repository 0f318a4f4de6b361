import { z } from 'zod';
import { id, int, optionalText, requiredText, text, textList } from './input.ts';

/**
 * Certificate discovery and monitoring (/certhub/discovery): scan targets grouped under profiles, the endpoints
 * they expand to, the certificates found (once per SHA-256 fingerprint), and the alerts raised. Messages are keys
 * of discovery-messages.ts.
 */

/** Addresses one CIDR range may expand to: a /24 at most, so one target cannot turn into a sweep of a network. */
export const cidrAddressCap = 256;
/** Targets one account may hold, and lines one import may carry. */
export const targetLimit = 2000;
/** Ports one target may list. */
export const portsLimit = 8;

export const endpointStates = ['pending', 'ok', 'unreachable', 'expired', 'untrusted', 'mismatch'] as const;
export type EndpointState = (typeof endpointStates)[number];
export const expiryBuckets = ['expired', 'd7', 'd30', 'd90', 'later'] as const;
export type ExpiryBucket = (typeof expiryBuckets)[number];
export const alertKinds = ['expiring', 'changed', 'chainInvalid', 'unreachable', 'notDeployed', 'ctUnexpected'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** The bucket of a certificate ending `days` days from now (negative: ended). */
export function expiryBucketOf(days: number): ExpiryBucket {
  if (days < 0) return 'expired';
  if (days <= 7) return 'd7';
  if (days <= 30) return 'd30';
  if (days <= 90) return 'd90';
  return 'later';
}

const port = int(1, 65535, { type: 'discovery.v.port', range: 'discovery.v.port' });
const ports = z.array(port, { message: 'discovery.v.port' }).min(1, { message: 'discovery.v.port' }).max(portsLimit, { message: 'discovery.v.ports' });

export const profileBody = z.object({
  name: requiredText(50, 'discovery.v.profileName'),
  everyHours: int(1, 720, { type: 'discovery.v.everyHours', range: 'discovery.v.everyHours' }).describe('hours between two scans of one endpoint'),
  timeoutMs: int(500, 30000, { type: 'discovery.v.timeout', range: 'discovery.v.timeout' }).describe('per handshake'),
  concurrency: int(1, 32, { type: 'discovery.v.concurrency', range: 'discovery.v.concurrency' }).describe('handshakes at once'),
  enabled: z.boolean({ message: 'discovery.v.enabled' }),
});
export type ProfileBody = z.input<typeof profileBody>;

export const profile = z.object({
  id: z.number().int(),
  name: z.string(),
  everyHours: z.number().int(),
  timeoutMs: z.number().int(),
  concurrency: z.number().int(),
  enabled: z.boolean(),
  targets: z.number().int(),
  endpoints: z.number().int(),
  lastRunAt: z.string().describe('ISO time of the last scan run; empty if never'),
  nextScanAt: z.string().describe('ISO time the next endpoint is due; empty without endpoints'),
});
export type Profile = z.infer<typeof profile>;
export const profilesAnswer = z.object({ items: z.array(profile) });

export const idParams = z.object({ id: id('discovery.v.id') });

export const targetsBody = z.object({
  lines: textList(targetLimit, 300).describe('host names, IP addresses or CIDR ranges (IPv4 or IPv6, up to 256 addresses), each optionally with :port and a smtp://, imap:// or pop3:// prefix for STARTTLS; one per line'),
  ports: ports.optional().describe('ports for lines that name none; 443 by default'),
  group: optionalText(50),
  profileId: id('discovery.v.id').optional().describe('the default profile when left out'),
});
export type TargetsBody = z.input<typeof targetsBody>;

export const importOrdersBody = z.object({
  group: optionalText(50),
  profileId: id('discovery.v.id').optional(),
});

export const target = z.object({
  id: z.number().int(),
  kind: z.enum(['host', 'ip', 'cidr']),
  value: z.string(),
  ports: z.array(z.number().int()),
  group: z.string(),
  profileId: z.number().int(),
  starttls: z.record(z.string(), z.enum(['smtp', 'imap', 'pop3'])).describe('ports upgraded with STARTTLS by the protocol given (smtp://, imap://, pop3:// lines); other ports by their well-known number (25/587 SMTP, 143 IMAP, 110 POP3), else TLS at once'),
  endpoints: z.number().int(),
  worstState: z.enum(endpointStates),
});
export type Target = z.infer<typeof target>;
export const targetsAnswer = z.object({ items: z.array(target) });

export const targetsAdded = z.object({
  added: z.number().int(),
  skipped: z.array(z.object({ line: z.string(), msg: z.string() })).describe('lines refused, each with why'),
});
export type TargetsAdded = z.infer<typeof targetsAdded>;

export const endpoint = z.object({
  id: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  ip: z.string(),
  state: z.enum(endpointStates),
  protocol: z.string(),
  lastScanAt: z.string(),
  changedAt: z.string(),
});

export const certsQuery = z.object({
  bucket: z.enum(expiryBuckets, { message: 'discovery.v.bucket' }).optional(),
  managed: z.enum(['yes', 'no'], { message: 'discovery.v.managed' }).optional(),
  q: text(200).trim().optional(),
});
export type CertsQuery = z.input<typeof certsQuery>;

export const certSummary = z.object({
  id: z.number().int(),
  sha256: z.string(),
  subject: z.string(),
  issuer: z.string(),
  names: z.array(z.string()),
  serial: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  daysLeft: z.number().int(),
  bucket: z.enum(expiryBuckets),
  keyAlgorithm: z.string(),
  keySize: z.number().int(),
  trusted: z.boolean(),
  selfSigned: z.boolean(),
  orderNo: z.string().describe('the order that bought it; empty when unmanaged'),
  endpoints: z.number().int().describe('endpoints serving it now'),
  lastSeen: z.string(),
});
export type CertSummary = z.infer<typeof certSummary>;
export const certsAnswer = z.object({ items: z.array(certSummary) });

export const certDetail = certSummary.extend({
  pem: z.string(),
  chainPem: z.string().describe('the chain as served, leaf first'),
  servedAt: z.array(endpoint),
  /** An order renewed or reissued here whose newer certificate this endpoint does not serve yet. */
  newerOrderCertificate: z.boolean(),
});
export type CertDetail = z.infer<typeof certDetail>;

export const alert = z.object({
  id: z.number().int(),
  kind: z.enum(alertKinds),
  endpoint: z.string().describe('host:port; empty when not about one endpoint'),
  certId: z.number().int().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alert>;

export const dashboardAnswer = z.object({
  states: z.record(z.enum(endpointStates), z.number().int()),
  buckets: z.record(z.enum(expiryBuckets), z.number().int()),
  certs: z.number().int(),
  managed: z.number().int(),
  upcoming: z.array(certSummary).describe('soonest expiry first, ended ones included'),
  changes: z.array(endpoint.extend({ certId: z.number().int().nullable() })).describe('endpoints whose certificate changed, newest first'),
  alerts: z.array(alert),
  unmonitored: z.array(z.string()).describe('names of certificates bought here that no scan target covers'),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const scanAnswer = z.object({ queued: z.number().int().describe('endpoints due now') });
