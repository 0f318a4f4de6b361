import type { ChainChecks, CipherSuiteInfo, HstsInfo, ReportCertificate, TlsGrade, TlsVersion } from '@cc/contracts/tls-report';
import type { TlsReportMessageKey } from '@cc/contracts/tls-report-messages';
import { isRc4Or3des } from './ciphers.ts';

export type Severity = 'fatal' | 'cap' | 'warning' | 'info';

/** A finding as stored: message key and values; translated when read, in the reader's language. */
export interface StoredReason {
  key: TlsReportMessageKey;
  params: Record<string, string | number>;
  severity: Severity;
  cap: TlsGrade | null;
}

export interface GradeInput {
  host: string;
  protocols: Record<TlsVersion, boolean>;
  suites: { protocol: TlsVersion; suites: CipherSuiteInfo[] }[];
  leaf: ReportCertificate | null;
  checks: ChainChecks | null;
  hsts: HstsInfo | null;
  ocspStapling: boolean | null;
  truncated: boolean;
}

/** SSL Labs gives A+ for HSTS of at least 180 days. */
export const hstsMinAgeForAPlus = 15_768_000;
const expiresSoonDays = 30;

/** Best to worst; T (trust) is outside the scale and replaces the grade. */
const scale: TlsGrade[] = ['A+', 'A', 'A-', 'B', 'C', 'F'];
const worse = (a: TlsGrade, b: TlsGrade): TlsGrade => (scale.indexOf(a) >= scale.indexOf(b) ? a : b);

const list = (names: string[], max = 5) => (names.length > max ? `${names.slice(0, max).join(', ')} …(+${names.length - max})` : names.join(', '));
const day = (iso: string) => iso.slice(0, 10);

/**
 * Grades a scan the way SSL Labs does, simplified to what is measured here. Rules, checked in this order:
 *
 *  T  (trust; the grade still computed below is answered as gradeIgnoringTrust): the chain leads to no trusted
 *     root even with the issuers downloaded over AIA, the leaf is self-signed, expired or not yet valid, does not cover the host, or a certificate below
 *     the root is signed with SHA-1/MD5.
 *  F  neither TLS 1.2 nor TLS 1.3; an export, NULL or anonymous suite accepted; RSA/DSA key < 1024 or EC < 160 bits.
 *  C  RC4 or a 64-bit block cipher (3DES, DES, IDEA, RC2) accepted.
 *  B  TLS 1.0 or 1.1 offered; no suite with forward secrecy; the chain is incomplete (also when an issuer downloaded
 *     over AIA makes it trusted: SSL Labs' "extra download"); RSA key < 2048 or EC < 256.
 *  A- no TLS 1.3; no AEAD suite.
 *  A  otherwise; A+ when also HSTS max-age ≥ 180 days and no warning below.
 *  Warnings (keep A+ away, no cap): CBC suites with SHA-1 in TLS 1.2, no HSTS or a short one, chain out of order.
 *  Info (no effect): no OCSP stapling, certificate expiring within 30 days, scan cut short by its limits.
 */
export function gradeReport(g: GradeInput): { grade: TlsGrade; gradeIgnoringTrust: TlsGrade; reasons: StoredReason[] } {
  const reasons: StoredReason[] = [];
  const say = (key: TlsReportMessageKey, severity: Severity, cap: TlsGrade | null, params: Record<string, string | number> = {}) =>
    reasons.push({ key, params, severity, cap });
  const c = g.checks;
  const leaf = g.leaf;

  // Trust.
  let trustIssue = false;
  if (c && leaf) {
    if (c.selfSigned) say('tls.reason.selfSigned', 'fatal', 'T');
    else if (!c.trusted) say('tls.reason.untrusted', 'fatal', 'T');
    if (c.expired) say('tls.reason.expired', 'fatal', 'T', { date: day(leaf.notAfter) });
    if (c.notYetValid) say('tls.reason.notYetValid', 'fatal', 'T', { date: day(leaf.notBefore) });
    if (!c.hostnameMatch) {
      const names = leaf.sans.filter((s) => s.startsWith('DNS:') || s.startsWith('IP:')).map((s) => s.replace(/^(DNS|IP):/, ''));
      const cn = /(?:^|, )CN=([^,]+)/.exec(leaf.subject)?.[1];
      say('tls.reason.hostnameMismatch', 'fatal', 'T', { host: g.host, names: list(names.length ? names : cn ? [cn] : ['—']) });
    }
    if (c.weakSignature) say('tls.reason.weakSignature', 'fatal', 'T', { algorithm: leaf.signatureAlgorithm });
    trustIssue = reasons.length > 0;
  }

  // Protocols.
  const all = g.suites.flatMap((p) => p.suites);
  const modern = g.protocols['TLSv1.2'] || g.protocols['TLSv1.3'];
  if (!modern) say('tls.reason.noModernTls', 'fatal', 'F');
  const old = (['TLSv1', 'TLSv1.1'] as const).filter((v) => g.protocols[v]);
  if (old.length) say('tls.reason.oldProtocols', 'cap', 'B', { versions: old.map((v) => (v === 'TLSv1' ? 'TLS 1.0' : 'TLS 1.1')).join(', ') });

  // Suites.
  const uniq = (xs: CipherSuiteInfo[]) => [...new Set(xs.map((s) => s.name))];
  const insecure = uniq(all.filter((s) => s.insecure));
  if (insecure.length) say('tls.reason.insecureSuites', 'fatal', 'F', { suites: list(insecure) });
  const rc4 = uniq(all.filter(isRc4Or3des));
  if (rc4.length) say('tls.reason.rc4Or3des', 'cap', 'C', { suites: list(rc4) });
  if (all.length && !all.some((s) => s.forwardSecrecy)) say('tls.reason.noForwardSecrecy', 'cap', 'B');

  // Key and chain.
  if (leaf && c && !c.keySizeOk) {
    const tiny = leaf.keyAlgorithm === 'EC' ? leaf.keySize < 160 : leaf.keySize < 1024;
    say(tiny ? 'tls.reason.keyInsecure' : 'tls.reason.keyWeak', tiny ? 'fatal' : 'cap', tiny ? 'F' : 'B', { algorithm: leaf.keyAlgorithm, bits: leaf.keySize });
  }
  // Downloaded over AIA (trusted, but clients must fetch it) or not found at all (then untrusted too: T).
  if (c && !c.complete) say(c.extraDownload ? 'tls.reason.chainIncomplete' : 'tls.reason.chainMissingIssuer', 'cap', 'B');

  if (modern && !g.protocols['TLSv1.3']) say('tls.reason.noTls13', 'cap', 'A-');
  if (all.length && !all.some((s) => s.aead)) say('tls.reason.noAead', 'cap', 'A-');

  // Warnings.
  const tls12 = g.suites.find((p) => p.protocol === 'TLSv1.2')?.suites ?? [];
  const cbc = tls12.filter((s) => !s.insecure && !isRc4Or3des(s) && s.weak);
  if (cbc.length) say('tls.reason.weakCbc', 'warning', null, { count: cbc.length });
  if (c && c.complete && !c.orderCorrect) say('tls.reason.chainOrder', 'warning', null);
  if (g.hsts) {
    if (!g.hsts.present) say('tls.reason.noHsts', 'warning', null);
    else if ((g.hsts.maxAge ?? 0) < hstsMinAgeForAPlus) say('tls.reason.hstsShort', 'warning', null, { maxAge: g.hsts.maxAge ?? 0 });
  }

  // Information.
  if (g.ocspStapling === false) say('tls.reason.noOcspStapling', 'info', null);
  if (c && !c.expired && c.expiresInDays < expiresSoonDays) say('tls.reason.expiresSoon', 'info', null, { days: c.expiresInDays });
  if (g.truncated) say('tls.reason.truncated', 'info', null);

  let grade: TlsGrade = 'A';
  for (const r of reasons) if (r.cap && r.cap !== 'T') grade = worse(grade, r.cap);
  if (grade === 'A' && !reasons.some((r) => r.severity === 'warning') && (g.hsts?.maxAge ?? 0) >= hstsMinAgeForAPlus) grade = 'A+';
  const order: Severity[] = ['fatal', 'cap', 'warning', 'info'];
  const rank = (x: TlsGrade | null) => (x === 'T' ? 99 : scale.indexOf(x ?? 'A+'));
  reasons.sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity) || rank(b.cap) - rank(a.cap));
  return { grade: trustIssue ? 'T' : grade, gradeIgnoringTrust: grade, reasons };
}
