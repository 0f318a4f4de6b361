import { z } from 'zod';
import { int, requiredText } from './input.ts';

/**
 * Site TLS audit ("report/new" and "report/:domain" of the tools): the server connects to a host, lists the
 * protocol versions and cipher suites it accepts, checks its certificate chain, HSTS and OCSP stapling, and
 * grades it like SSL Labs. Reports are shared inside the product: any signed-in user may read any report by
 * id or by host (what they hold is what anyone can observe by connecting to that public host); who asked for
 * it is never answered. Times are ISO 8601 strings in UTC.
 */

export const tlsVersions = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof tlsVersions)[number];

export const tlsGrades = ['A+', 'A', 'A-', 'B', 'C', 'F', 'T'] as const;
export type TlsGrade = (typeof tlsGrades)[number];

export const reportStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Servers the fix snippets can be written for (the ssl-config tool's list). */
export const reportServers = ['nginx', 'apache', 'haproxy', 'caddy', 'traefik', 'lighttpd', 'tomcat', 'iis', 'postfix', 'dovecot', 'postgresql', 'mysql', 'go'] as const;
export type ReportServer = (typeof reportServers)[number];

export const reportProfiles = ['modern', 'intermediate', 'old'] as const;

/** A host name, IDN, IPv4 or IPv6 literal; a pasted URL ("https://example.com:8443/x") is reduced to its host (and port). */
export const reportHost = requiredText(300, 'tls.v.host')
  .describe('domain name, IP address, or a URL whose host (and port) is used');
export const reportPort = int(1, 65535, { type: 'tls.v.port', range: 'tls.v.port' });

// --- start a scan
export const reportStartBody = z.object({
  host: reportHost,
  port: reportPort.optional().describe('default 443 (or the port of a pasted URL)'),
});
export type ReportStartBody = z.infer<typeof reportStartBody>;
export const reportStartAnswer = z.object({
  id: z.string().describe('report id; GET /v1/tools/report/{id}'),
  status: z.enum(reportStatuses),
  host: z.string().describe('the host as scanned (lower case, IDN in its xn-- form)'),
  port: z.number().int(),
  reused: z.boolean().describe('true: the same host:port was scanned less than 2 minutes ago, and that report is answered'),
});

// --- read
const serverChoice = z.enum(reportServers).default('nginx').describe('server the fix snippets are written for');
export const reportIdParams = z.object({ id: requiredText(64) });
export const reportByIdQuery = z.object({ server: serverChoice });
export const reportByHostQuery = z.object({
  host: reportHost,
  port: reportPort.optional().describe('default: the latest report of the host on any port'),
  server: serverChoice,
});

export const cipherSuite = z.object({
  name: z.string().describe('IANA name (TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)'),
  opensslName: z.string().describe('OpenSSL name (ECDHE-RSA-AES128-GCM-SHA256)'),
  strength: z.number().int().describe('symmetric key bits (3DES counts 112)'),
  keyExchange: z.string().describe('ECDHE, DHE, RSA, ECDH, DH, anon, PSK... ("any" for TLS 1.3)'),
  forwardSecrecy: z.boolean(),
  aead: z.boolean(),
  weak: z.boolean().describe('RC4, 3DES/DES, CBC with SHA-1 or MD5, export, NULL or anonymous'),
  insecure: z.boolean().describe('export, NULL or anonymous: broken outright'),
});
export type CipherSuiteInfo = z.infer<typeof cipherSuite>;

export const certificateSources = ['sent', 'downloaded'] as const;
export type CertificateSource = (typeof certificateSources)[number];

export const reportCertificate = z.object({
  subject: z.string().describe('RFC 4514-like, "CN=example.com, O=..."'),
  issuer: z.string(),
  serial: z.string().describe('hex, upper case'),
  notBefore: z.string(),
  notAfter: z.string(),
  keyAlgorithm: z.string().describe('RSA, EC, Ed25519, Ed448, DSA'),
  keySize: z.number().int().describe('bits (EC: of the curve)'),
  curve: z.string().nullable().describe('EC curve (prime256v1, secp384r1...)'),
  signatureAlgorithm: z.string().describe('sha256WithRSAEncryption, ecdsa-with-SHA256...'),
  sans: z.array(z.string()).describe('"DNS:example.com", "IP:192.0.2.1"'),
  sha256: z.string().describe('colon-separated upper-case hex'),
  selfSigned: z.boolean(),
  pem: z.string(),
  source: z.enum(certificateSources).describe('sent: by the server; downloaded: fetched from the CA Issuers URL (AIA) of the certificate below it, as a client has to'),
});
export type ReportCertificate = z.infer<typeof reportCertificate>;

export const chainChecks = z.object({
  trusted: z.boolean().describe('the chain leads to a root of Node\'s store (or the configured extra CA bundle), ignoring dates'),
  complete: z.boolean().describe('the server sent every intermediate needed to reach a trusted root'),
  extraDownload: z.boolean().describe('the path from the leaf uses a certificate the server did not send, downloaded over AIA (SSL Labs\' "extra download"); complete is then false'),
  orderCorrect: z.boolean().describe('each certificate sent is followed by its issuer, with nothing unrelated in between'),
  asSent: z.boolean().describe('true: order read from the TLS 1.2 handshake; false: the server speaks only TLS 1.3, the order shown is rebuilt'),
  expired: z.boolean(),
  notYetValid: z.boolean(),
  expiresInDays: z.number().int(),
  hostnameMatch: z.boolean(),
  selfSigned: z.boolean(),
  keySizeOk: z.boolean().describe('RSA ≥ 2048, EC ≥ 256 bits'),
  weakSignature: z.boolean().describe('a certificate below the root is signed with SHA-1 or MD5'),
});
export type ChainChecks = z.infer<typeof chainChecks>;

export const hstsInfo = z.object({
  present: z.boolean(),
  maxAge: z.number().int().nullable(),
  includeSubDomains: z.boolean(),
  preload: z.boolean(),
  header: z.string().nullable().describe('the header as received'),
  httpStatus: z.number().int().nullable().describe('status of GET / (null: no HTTP answer)'),
});
export type HstsInfo = z.infer<typeof hstsInfo>;

export const reasonSeverities = ['fatal', 'cap', 'warning', 'info'] as const;
export const reportReason = z.object({
  key: z.string().describe('message key (tls.reason.*)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  severity: z.enum(reasonSeverities).describe('fatal: grade F or T; cap: limits the grade; warning: keeps A+ away or worth fixing; info'),
  cap: z.enum(tlsGrades).nullable().describe('the best grade this reason allows'),
  message: z.string().describe('translated in the request\'s language'),
});
export type ReportReason = z.infer<typeof reportReason>;

export const fixKinds = ['protocols', 'ciphers', 'hsts', 'ocsp', 'chain', 'certificate', 'key'] as const;
export const reportFix = z.object({
  kind: z.enum(fixKinds),
  reasons: z.array(z.string()).describe('keys of the reasons this fixes'),
  title: z.string().describe('translated'),
  server: z.enum(reportServers),
  profile: z.literal('intermediate'),
  snippet: z.string().describe('the lines of the generated configuration that fix it (empty when it is not a configuration matter)'),
});

export const tlsReport = z.object({
  id: z.string(),
  status: z.enum(reportStatuses),
  host: z.string(),
  port: z.number().int(),
  ip: z.string().nullable().describe('the address connected to'),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() }).nullable().describe('why the scan failed (status failed)'),
  grade: z.enum(tlsGrades).nullable(),
  gradeIgnoringTrust: z.enum(tlsGrades).nullable().describe('the grade if the certificate were trusted (as SSL Labs shows under T)'),
  protocols: z.array(z.object({ version: z.enum(tlsVersions), offered: z.boolean() })),
  cipherSuites: z.array(z.object({ protocol: z.enum(tlsVersions), suites: z.array(cipherSuite) })).describe('per offered protocol, in the server\'s order of preference when it has one'),
  certificates: z.array(reportCertificate).describe('the chain as the server sent it, leaf first, then any issuer downloaded over AIA (source downloaded)'),
  checks: chainChecks.nullable(),
  hsts: hstsInfo.nullable(),
  ocspStapling: z.boolean().nullable(),
  profile: z.enum(reportProfiles).nullable().describe('the strictest Mozilla profile the server\'s protocols and suites fit, null for none'),
  reasons: z.array(reportReason),
  fixes: z.array(reportFix),
  fixConfig: z.object({ server: z.enum(reportServers), profile: z.literal('intermediate'), text: z.string() }).nullable().describe('the whole generated configuration, when there is something to fix'),
  limits: z.object({ connections: z.number().int(), durationMs: z.number().int(), truncated: z.boolean() }).nullable(),
});
export type TlsReport = z.infer<typeof tlsReport>;
