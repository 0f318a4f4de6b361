import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { CertificateSource, ChainChecks, ReportCertificate } from '@cc/contracts/tls-report';
import { isIp } from '@cc/domain/domain-names';
import { ALGORITHMS } from '@cc/pki/names';


const curveBits: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521, secp224r1: 224, secp256k1: 256, prime192v1: 192 };

/** Reads one DER element header at `at`: where its content starts and how long it is. */
function tlv(der: Uint8Array, at: number): { tag: number; start: number; len: number } {
  const tag = der[at]!;
  let len = der[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i]!;
    start += n;
  }
  return { tag, start, len };
}

/** Certificate ::= SEQUENCE { tbs, signatureAlgorithm SEQUENCE { OID, ... }, signature }: Node does not expose the OID. */
export function signatureAlgorithmOf(der: Uint8Array): string {
  try {
    const outer = tlv(der, 0);
    const tbs = tlv(der, outer.start);
    const alg = tlv(der, tbs.start + tbs.len);
    const oid = tlv(der, alg.start);
    if (oid.tag !== 0x06) return 'unknown';
    const bytes = der.subarray(oid.start, oid.start + oid.len);
    const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
    let v = 0;
    for (const b of bytes.subarray(1)) {
      v = v * 128 + (b & 0x7f);
      if (!(b & 0x80)) {
        parts.push(v);
        v = 0;
      }
    }
    const dotted = parts.join('.');
    return ALGORITHMS[dotted] ?? dotted;
  } catch {
    return 'unknown';
  }
}

const dn = (s: string) => s.split('\n').filter(Boolean).join(', ');

const isSelfSigned = (c: X509Certificate) => c.checkIssued(c) && safeVerify(c, c);

function safeVerify(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

export const issuedBy = (cert: X509Certificate, issuer: X509Certificate) => cert.checkIssued(issuer) && safeVerify(cert, issuer);

export function describeCertificate(c: X509Certificate, source: CertificateSource = 'sent'): ReportCertificate {
  const key = c.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const type = key.asymmetricKeyType ?? 'unknown';
  const curve = details.namedCurve ?? null;
  const keySize = type === 'rsa' || type === 'rsa-pss' || type === 'dsa' ? (details.modulusLength ?? 0) : type === 'ec' ? (curveBits[curve ?? ''] ?? 0) : type === 'ed25519' || type === 'x25519' ? 256 : type === 'ed448' ? 456 : 0;
  const names: Record<string, string> = { rsa: 'RSA', 'rsa-pss': 'RSA-PSS', ec: 'EC', ed25519: 'Ed25519', ed448: 'Ed448', dsa: 'DSA' };
  const sans = (c.subjectAltName ?? '')
    .split(/,\s*/)
    .map((s) => s.trim().replace(/^"|"$/g, ''))
    .filter(Boolean)
    .map((s) => s.replace(/^IP Address:/, 'IP:'));
  return {
    subject: dn(c.subject),
    issuer: dn(c.issuer),
    serial: c.serialNumber.toUpperCase(),
    notBefore: new Date(c.validFrom).toISOString(),
    notAfter: new Date(c.validTo).toISOString(),
    keyAlgorithm: names[type] ?? type,
    keySize,
    curve,
    signatureAlgorithm: signatureAlgorithmOf(c.raw),
    sans,
    sha256: c.fingerprint256,
    selfSigned: isSelfSigned(c),
    pem: c.toString(),
    source,
  };
}

let systemRoots: X509Certificate[] | undefined;
const extraRoots = new Map<string, X509Certificate[]>();

export function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** Node's root store, plus the PEM bundle of REPORT_EXTRA_CA_FILE (tests trust their own root this way). */
export function trustAnchors(extraCaFile?: string): X509Certificate[] {
  systemRoots ??= rootCertificates.map((pem) => new X509Certificate(pem));
  if (!extraCaFile) return systemRoots;
  let extra = extraRoots.get(extraCaFile);
  if (!extra) {
    extra = splitPem(readFileSync(extraCaFile, 'utf8')).map((pem) => new X509Certificate(pem));
    extraRoots.set(extraCaFile, extra);
  }
  return [...extra, ...systemRoots];
}

export const rsaMinBits = 2048;
export const ecMinBits = 256;

const isAnchor = (c: X509Certificate, anchors: X509Certificate[]) => anchors.some((a) => a.fingerprint256 === c.fingerprint256);

export type PathEnd = 'anchor' | 'selfSigned' | 'noIssuer' | 'tooLong';

/**
 * Follows issuers up from `leaf`: an anchor first, else the first of `pool` (so what the server sent wins over a
 * download). Ends at an anchor, at a self-signed certificate no store holds, or where no issuer is known.
 */
export function buildPath(leaf: X509Certificate, pool: X509Certificate[], anchors: X509Certificate[]): { path: X509Certificate[]; end: PathEnd } {
  const path: X509Certificate[] = [leaf];
  for (let cur = leaf; path.length <= 10; ) {
    if (isAnchor(cur, anchors)) return { path, end: 'anchor' };
    const anchor = anchors.find((a) => issuedBy(cur, a));
    if (anchor) {
      path.push(anchor);
      return { path, end: 'anchor' };
    }
    const next = pool.find((s) => !path.includes(s) && issuedBy(cur, s));
    if (!next) return { path, end: isSelfSigned(cur) ? 'selfSigned' : 'noIssuer' };
    path.push(next);
    cur = next;
  }
  return { path, end: 'tooLong' };
}

/**
 * Checks the chain against the anchors. Trust is decided by signatures and names only, never by dates, so
 * "expired" and "untrusted" stay separate findings. `downloaded` are issuers fetched over AIA (aia.ts): a path
 * through one of them can be trusted, but is never complete.
 */
export function checkChain(
  sent: X509Certificate[],
  anchors: X509Certificate[],
  host: string,
  now: Date,
  asSent: boolean,
  downloaded: X509Certificate[] = [],
): ChainChecks & { path: X509Certificate[] } {
  const leaf = sent[0]!;
  const { path, end } = buildPath(leaf, [...sent, ...downloaded], anchors);
  const trusted = end === 'anchor';
  const extraDownload = path.some((c) => downloaded.includes(c));
  // A self-signed top that no store holds is complete, but untrusted.
  const complete = (end === 'anchor' || end === 'selfSigned') && !extraDownload;
  let orderCorrect = true;
  for (let i = 0; i + 1 < sent.length; i++) if (!issuedBy(sent[i]!, sent[i + 1]!)) orderCorrect = false;
  const notAfter = new Date(leaf.validTo);
  const notBefore = new Date(leaf.validFrom);
  const info = describeCertificate(leaf);
  const hostnameMatch = isIp(host) ? leaf.checkIP(host) !== undefined : leaf.checkHost(host) !== undefined;
  const keySizeOk = info.keyAlgorithm.startsWith('RSA') || info.keyAlgorithm === 'DSA' ? info.keySize >= rsaMinBits : info.keyAlgorithm === 'EC' ? info.keySize >= ecMinBits : true;
  // The root's own signature does not matter: it is trusted as a key, not as a signed object.
  const signed = path.filter((c) => !isAnchor(c, anchors) && !(c !== leaf && isSelfSigned(c)));
  const weakSignature = signed.some((c) => /sha1|md5|SHA1/i.test(signatureAlgorithmOf(c.raw)));
  return {
    trusted,
    complete,
    extraDownload,
    orderCorrect,
    asSent,
    expired: now > notAfter,
    notYetValid: now < notBefore,
    expiresInDays: Math.floor((notAfter.getTime() - now.getTime()) / 86_400_000),
    hostnameMatch,
    selfSigned: isSelfSigned(leaf),
    keySizeOk,
    weakSignature,
    path,
  };
}
