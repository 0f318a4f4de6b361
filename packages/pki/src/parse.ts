/** Certificate and CSR parsing into display structures (§3 "Certificate parser entities", §5 display rules). */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { AsnArray, AsnConvert, AsnPropTypes, AsnTypeTypes, BitString, OctetString } from '@peculiar/asn1-schema';
import * as asnX509 from '@peculiar/asn1-x509';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { ECParameters } from '@peculiar/asn1-ecc';
import { RSAPublicKey } from '@peculiar/asn1-rsa';
import { asnSchema, bytesOf, parseBer, tryParseBer } from './asn.ts';
import { decodeInput } from './detect.ts';
import { bytesEqual, formatHexDisplay, pemEncode, toBase64, toBytes, toColonHex, toHex, type Bytes } from './encoding.ts';
import { PkiError, withCode } from './errors.ts';
import { AIA_METHODS, ALGORITHMS, CURVES, EXTENDED_KEY_USAGES, EXTENSIONS, KEY_USAGE_BITS, NAME_ATTRIBUTES, oidName, POLICIES, type Lang } from './names.ts';

export interface NameEntry {
  /** Object identifier of the attribute. */
  type: string;
  /** Readable label in the chosen language. */
  name: string;
  shortName: string;
  value: string;
}

export interface PublicKeyView {
  algorithm: string;
  algorithmOid: string;
  /** §5: RSA modulus bytes (made even) × 8; the curve size for EC; null when unknown. */
  keySize: number | null;
  /** §5: 65537 when the exponent is 3 bytes long, otherwise 3; null for non-RSA keys. */
  exponent: number | null;
  curve: string | null;
  /** Modulus (RSA) or public point (EC), §9 hex display. */
  publicKeyHex: string;
  /** SHA-256 of the SubjectPublicKeyInfo DER (compare with match-pair). */
  spkiSha256: string;
}

export interface ExtensionView {
  oid: string;
  name: string;
  critical: boolean;
  /** False when no parser knows the extension: values then hold its hex (§3). */
  known: boolean;
  values: string[];
}

export interface SctView {
  version: number;
  logId: string;
  timestamp: string;
  hashAlgorithm: string;
  signatureAlgorithm: string;
  signature: string;
}

export interface CertificateView {
  kind: 'certificate';
  version: number;
  serialNumber: string;
  subject: NameEntry[];
  subjectText: string;
  issuer: NameEntry[];
  issuerText: string;
  notBefore: string;
  notAfter: string;
  signatureAlgorithm: string;
  signatureAlgorithmOid: string;
  signature: string;
  publicKey: PublicKeyView;
  extensions: ExtensionView[];
  subjectAltNames: string[];
  isCa: boolean;
  selfIssued: boolean;
  scts: SctView[];
  fingerprints: { sha1: string; sha256: string };
  pem: string;
}

export interface CsrView {
  kind: 'csr';
  version: number;
  subject: NameEntry[];
  subjectText: string;
  signatureAlgorithm: string;
  signatureAlgorithmOid: string;
  signature: string;
  /** Whether the request's self-signature verifies with its own key. */
  signatureValid: boolean;
  publicKey: PublicKeyView;
  extensions: ExtensionView[];
  attributes: Array<{ oid: string; name: string; values: string[] }>;
  subjectAltNames: string[];
  pem: string;
}

export interface ParseOptions {
  lang?: Lang;
  crypto?: Crypto;
}

const HASH_BY_ID: Record<number, string> = { 0: 'none', 1: 'md5', 2: 'sha1', 3: 'sha224', 4: 'sha256', 5: 'sha384', 6: 'sha512' };
const SIG_BY_ID: Record<number, string> = { 0: 'anonymous', 1: 'rsa', 2: 'dsa', 3: 'ecdsa' };
const DER_NULL = Uint8Array.of(0x05, 0x00);

/** TLS Feature extension (RFC 7633): SEQUENCE OF INTEGER (TLS extension numbers). */
class TlsFeatures extends AsnArray<number> {}
asnSchema(TlsFeatures, {}, { type: AsnTypeTypes.Sequence, itemType: AsnPropTypes.Integer });

function attrValueText(v: asnX509.AttributeValue): string {
  const s = v.ia5String ?? v.utf8String ?? v.printableString ?? v.bmpString ?? v.universalString ?? v.teletexString;
  if (s !== undefined) return s;
  return v.anyValue ? `#${toHex(new Uint8Array(v.anyValue))}` : '';
}

export function nameEntries(name: asnX509.Name, lang: Lang): NameEntry[] {
  return name.flatMap((rdn) =>
    rdn.map((atv) => {
      const info = NAME_ATTRIBUTES[atv.type];
      return { type: atv.type, name: info ? info[lang] : atv.type, shortName: info?.shortName ?? atv.type, value: attrValueText(atv.value) };
    }),
  );
}

const nameText = (entries: NameEntry[]): string => entries.map((e) => `${e.shortName}=${e.value}`).join(', ');

export function generalNameText(g: asnX509.GeneralName): string {
  if (g.dNSName !== undefined) return `DNS:${g.dNSName}`;
  if (g.iPAddress !== undefined) return `IP:${g.iPAddress}`;
  if (g.rfc822Name !== undefined) return `email:${g.rfc822Name}`;
  if (g.uniformResourceIdentifier !== undefined) return `URI:${g.uniformResourceIdentifier}`;
  if (g.directoryName) return `DirName:${nameText(nameEntries(g.directoryName, 'en'))}`;
  if (g.registeredID !== undefined) return `RID:${g.registeredID}`;
  if (g.otherName) {
    // UPN (Microsoft) is the common otherName; show it as text when it is a string.
    const text = tryParseBer(g.otherName.value, asnX509.AttributeValue);
    const str = text ? (text.utf8String ?? text.ia5String ?? text.printableString) : undefined;
    if (str !== undefined) return `othername:${oidName(g.otherName.typeId, 'en')};${str}`;
    return `othername:${g.otherName.typeId};${toHex(new Uint8Array(g.otherName.value))}`;
  }
  return 'unsupported name';
}

function bitNames(bits: Uint8Array, labels: readonly string[]): string[] {
  const out: string[] = [];
  labels.forEach((label, i) => {
    if (((bits[i >> 3] ?? 0) >> (7 - (i & 7))) & 1) out.push(label);
  });
  return out;
}

function bitStringBytes(der: Uint8Array): Uint8Array {
  return bytesOf(parseBer(der, BitString).value);
}

const displayTextOf = (t: asnX509.DisplayText | undefined): string | undefined => t?.utf8String ?? t?.ia5String ?? t?.visibleString ?? t?.bmpString;

/** A policy qualifier: a CPS address (IA5String) or a UserNotice whose explicit text is shown. */
function displayText(der: ArrayBuffer): string {
  const notice = tryParseBer(der, asnX509.UserNotice);
  if (notice) return displayTextOf(notice.explicitText) ?? '';
  return displayTextOf(tryParseBer(der, asnX509.DisplayText) ?? undefined) ?? toHex(new Uint8Array(der));
}

function skipCerts(v: ArrayBuffer | undefined): string | null {
  if (v === undefined) return null;
  return String(new Uint8Array(v).reduce((n, b) => n * 256 + b, 0));
}

export function parseScts(extnValue: Uint8Array): SctView[] {
  // The extension holds an OCTET STRING whose content is a TLS-encoded SignedCertificateTimestampList (RFC 6962 §3.3).
  const list = bytesOf(parseBer(extnValue, OctetString).buffer);
  const u16 = (o: number) => ((list[o] ?? 0) << 8) | (list[o + 1] ?? 0);
  const total = u16(0);
  if (total + 2 > list.length) throw new Error('SCT list truncated');
  const out: SctView[] = [];
  let off = 2;
  while (off < 2 + total) {
    const len = u16(off);
    const sct = list.subarray(off + 2, off + 2 + len);
    off += 2 + len;
    if (sct.length < 47) throw new Error('SCT truncated');
    let ts = 0;
    for (let i = 33; i < 41; i++) ts = ts * 256 + (sct[i] ?? 0);
    const extLen = ((sct[41] ?? 0) << 8) | (sct[42] ?? 0);
    const p = 43 + extLen;
    const sigLen = ((sct[p + 2] ?? 0) << 8) | (sct[p + 3] ?? 0);
    out.push({
      version: (sct[0] ?? 0) + 1,
      logId: toBase64(sct.subarray(1, 33)),
      timestamp: new Date(ts).toISOString(),
      hashAlgorithm: HASH_BY_ID[sct[p] ?? -1] ?? String(sct[p]),
      signatureAlgorithm: SIG_BY_ID[sct[p + 1] ?? -1] ?? String(sct[p + 1]),
      signature: toColonHex(sct.subarray(p + 4, p + 4 + sigLen)),
    });
  }
  return out;
}

/** Readable values of one extension; throws when the body does not match its declared type. */
function extensionValues(oid: string, raw: Uint8Array, lang: Lang): string[] | null {
  const parse = <T>(type: new () => T): T => parseBer(raw, type);
  const names = (list: asnX509.GeneralName[] | undefined) => (list ?? []).map(generalNameText);
  switch (oid) {
    case asnX509.id_ce_authorityKeyIdentifier: {
      const v = parse(asnX509.AuthorityKeyIdentifier);
      const out: string[] = [];
      if (v.keyIdentifier) out.push(`keyid:${toColonHex(new Uint8Array(v.keyIdentifier.buffer))}`);
      if (v.authorityCertIssuer) out.push(...names(v.authorityCertIssuer));
      if (v.authorityCertSerialNumber) out.push(`serial:${toColonHex(new Uint8Array(v.authorityCertSerialNumber))}`);
      return out;
    }
    case asnX509.id_ce_subjectKeyIdentifier:
      return [toColonHex(new Uint8Array(parse(asnX509.SubjectKeyIdentifier).buffer))];
    case asnX509.id_ce_keyUsage:
      return bitNames(bitStringBytes(raw), KEY_USAGE_BITS.map((l) => l[lang]));
    case asnX509.id_ce_extKeyUsage:
      return parse(asnX509.ExtendedKeyUsage).map((id) => {
        const l = EXTENDED_KEY_USAGES[id];
        return l ? `${l[lang]} (${id})` : id;
      });
    case asnX509.id_ce_basicConstraints: {
      const v = parse(asnX509.BasicConstraints);
      return [`CA:${v.cA ? 'TRUE' : 'FALSE'}`, ...(v.pathLenConstraint !== undefined ? [`pathlen:${v.pathLenConstraint}`] : [])];
    }
    case asnX509.id_ce_subjectAltName:
      return names(parse(asnX509.SubjectAlternativeName));
    case asnX509.id_ce_issuerAltName:
      return names(parse(asnX509.IssueAlternativeName));
    case asnX509.id_ce_cRLDistributionPoints:
    case asnX509.id_ce_freshestCRL:
      return parse(asnX509.CRLDistributionPoints).flatMap((dp) => [
        ...names(dp.distributionPoint?.fullName).map((n) => `Full Name: ${n}`),
        ...(dp.distributionPoint?.nameRelativeToCRLIssuer ? ['Relative Name'] : []),
        ...(dp.reasons ? [`Reasons: ${dp.reasons.toJSON().join(', ')}`] : []),
        ...names(dp.cRLIssuer).map((n) => `CRL Issuer: ${n}`),
      ]);
    case asnX509.id_pe_authorityInfoAccess:
    case asnX509.id_pe_subjectInfoAccess:
      return parse(asnX509.AuthorityInfoAccessSyntax).map((ad) => `${AIA_METHODS[ad.accessMethod] ?? ad.accessMethod} - ${generalNameText(ad.accessLocation)}`);
    case asnX509.id_ce_certificatePolicies:
      return parse(asnX509.CertificatePolicies).flatMap((p) => [
        `Policy: ${p.policyIdentifier}${POLICIES[p.policyIdentifier] ? ` (${POLICIES[p.policyIdentifier]})` : ''}`,
        ...(p.policyQualifiers ?? []).map((q) => `  ${POLICIES[q.policyQualifierId] ?? q.policyQualifierId}: ${displayText(q.qualifier)}`),
      ]);
    case asnX509.id_ce_nameConstraints: {
      const v = parse(asnX509.NameConstraints);
      return [
        ...(v.permittedSubtrees ?? []).map((s) => `Permitted: ${generalNameText(s.base)}`),
        ...(v.excludedSubtrees ?? []).map((s) => `Excluded: ${generalNameText(s.base)}`),
      ];
    }
    case asnX509.id_ce_policyConstraints: {
      const v = parse(asnX509.PolicyConstraints);
      const r = skipCerts(v.requireExplicitPolicy);
      const i = skipCerts(v.inhibitPolicyMapping);
      return [...(r !== null ? [`Require Explicit Policy: ${r}`] : []), ...(i !== null ? [`Inhibit Policy Mapping: ${i}`] : [])];
    }
    case asnX509.id_ce_policyMappings:
      return parse(asnX509.PolicyMappings).map((m) => `${m.issuerDomainPolicy} → ${m.subjectDomainPolicy}`);
    case asnX509.id_ce_inhibitAnyPolicy:
      return [skipCerts(parse(asnX509.InhibitAnyPolicy).value) ?? ''];
    case asnX509.id_ce_privateKeyUsagePeriod: {
      const v = parse(asnX509.PrivateKeyUsagePeriod);
      return [...(v.notBefore ? [`Not Before: ${v.notBefore.toISOString()}`] : []), ...(v.notAfter ? [`Not After: ${v.notAfter.toISOString()}`] : [])];
    }
    case '1.3.6.1.4.1.11129.2.4.2':
      return parseScts(raw).map((s) => `v${s.version} log ${s.logId} at ${s.timestamp} (${s.hashAlgorithm}/${s.signatureAlgorithm})`);
    case '1.3.6.1.4.1.11129.2.4.3':
      if (!bytesEqual(raw, DER_NULL)) throw new Error('poison must be NULL');
      return ['NULL'];
    case '1.3.6.1.5.5.7.1.24':
      // TLS Feature: a list of TLS extension numbers; 5 is status_request (OCSP Must-Staple).
      return [...parse(TlsFeatures)].map((n) => (Number(n) === 5 ? 'status_request (5)' : String(n)));
    case '1.3.6.1.5.5.7.48.1.5':
      return ['NULL'];
    default:
      return null;
  }
}

export function extensionView(ext: asnX509.Extension, lang: Lang): ExtensionView {
  const raw = new Uint8Array(ext.extnValue.buffer);
  const label = EXTENSIONS[ext.extnID];
  const base = { oid: ext.extnID, name: label ? label[lang] : ext.extnID, critical: ext.critical };
  try {
    const values = extensionValues(ext.extnID, raw, lang);
    if (values) return { ...base, known: true, values };
  } catch {
    /* a malformed known extension is still shown, as hex */
  }
  return { ...base, known: false, values: [formatHexDisplay(raw)] };
}

export async function publicKeyView(spki: asnX509.SubjectPublicKeyInfo, crypto: Crypto): Promise<PublicKeyView> {
  const algOid = spki.algorithm.algorithm;
  const key = new Uint8Array(spki.subjectPublicKey);
  const der = toBytes(AsnConvert.serialize(spki));
  const spkiSha256 = toColonHex(new Uint8Array(await crypto.subtle.digest('SHA-256', der)));
  let keySize: number | null = null;
  let exponent: number | null = null;
  let curve: string | null = null;
  let publicKeyHex = formatHexDisplay(key);
  if (algOid === '1.2.840.113549.1.1.1' || algOid === '1.2.840.113549.1.1.10') {
    const rsa = tryParseBer(key, RSAPublicKey);
    if (rsa) {
      const n = new Uint8Array(rsa.modulus);
      // §5 rule: an odd byte length means a leading sign octet, so round to even before × 8.
      keySize = (n.length % 2 === 1 ? n.length - 1 : n.length) * 8;
      exponent = rsa.publicExponent.byteLength === 3 ? 65537 : 3;
      publicKeyHex = formatHexDisplay(n[0] === 0 ? n.subarray(1) : n);
    }
  } else if (algOid === '1.2.840.10045.2.1' && spki.algorithm.parameters) {
    const named = tryParseBer(spki.algorithm.parameters, ECParameters)?.namedCurve;
    if (named) {
      const c = CURVES[named];
      curve = c?.name ?? named;
      keySize = c?.bits ?? null;
    }
  } else if (algOid === '1.3.101.112') {
    keySize = 256;
  }
  return { algorithm: ALGORITHMS[algOid] ?? algOid, algorithmOid: algOid, keySize, exponent, curve, publicKeyHex, spkiSha256 };
}

function serialHex(serial: ArrayBuffer): string {
  const b = new Uint8Array(serial);
  return toHex(b[0] === 0 && b.length > 1 ? b.subarray(1) : b).toUpperCase();
}

async function digest(alg: string, data: Bytes, crypto: Crypto): Promise<string> {
  return toColonHex(new Uint8Array(await crypto.subtle.digest(alg, data)));
}

export function parseCertificateDer(der: Bytes, opts: ParseOptions = {}): Promise<CertificateView> {
  return withCode('NOT_A_CERTIFICATE', () => parseCertificateDerUnsafe(der, opts));
}

async function parseCertificateDerUnsafe(der: Bytes, opts: ParseOptions): Promise<CertificateView> {
  const lang = opts.lang ?? 'zh';
  const crypto = opts.crypto ?? globalThis.crypto;
  let cert: asnX509.Certificate;
  try {
    cert = parseBer(der, asnX509.Certificate);
  } catch {
    throw new PkiError('NOT_A_CERTIFICATE');
  }
  const tbs = cert.tbsCertificate;
  const extensions = (tbs.extensions ?? []).map((e) => extensionView(e, lang));
  const sanExt = tbs.extensions?.find((e) => e.extnID === asnX509.id_ce_subjectAltName);
  const subjectAltNames = sanExt ? (extensionView(sanExt, 'en').values ?? []) : [];
  const bc = extensions.find((e) => e.oid === asnX509.id_ce_basicConstraints);
  const sctExt = tbs.extensions?.find((e) => e.extnID === '1.3.6.1.4.1.11129.2.4.2');
  let scts: SctView[] = [];
  try {
    scts = sctExt ? parseScts(new Uint8Array(sctExt.extnValue.buffer)) : [];
  } catch {
    scts = [];
  }
  const subject = nameEntries(tbs.subject, lang);
  const issuer = nameEntries(tbs.issuer, lang);
  const sigOid = cert.signatureAlgorithm.algorithm;
  return {
    kind: 'certificate',
    version: tbs.version + 1,
    serialNumber: serialHex(tbs.serialNumber),
    subject,
    subjectText: nameText(subject),
    issuer,
    issuerText: nameText(issuer),
    notBefore: tbs.validity.notBefore.getTime().toISOString(),
    notAfter: tbs.validity.notAfter.getTime().toISOString(),
    signatureAlgorithm: ALGORITHMS[sigOid] ?? sigOid,
    signatureAlgorithmOid: sigOid,
    signature: formatHexDisplay(new Uint8Array(cert.signatureValue)),
    publicKey: await publicKeyView(tbs.subjectPublicKeyInfo, crypto),
    extensions,
    subjectAltNames,
    isCa: bc?.values[0] === 'CA:TRUE',
    selfIssued: toHex(toBytes(AsnConvert.serialize(tbs.subject))) === toHex(toBytes(AsnConvert.serialize(tbs.issuer))),
    scts,
    fingerprints: { sha1: await digest('SHA-1', der, crypto), sha256: await digest('SHA-256', der, crypto) },
    pem: pemEncode('CERTIFICATE', der),
  };
}

export function parseCsrDer(der: Bytes, opts: ParseOptions = {}): Promise<CsrView> {
  return withCode('NOT_A_CSR', () => parseCsrDerUnsafe(der, opts));
}

async function parseCsrDerUnsafe(der: Bytes, opts: ParseOptions): Promise<CsrView> {
  const lang = opts.lang ?? 'zh';
  const crypto = opts.crypto ?? globalThis.crypto;
  let req: CertificationRequest;
  try {
    req = parseBer(der, CertificationRequest);
  } catch {
    throw new PkiError('NOT_A_CSR');
  }
  const info = req.certificationRequestInfo;
  const extensions: ExtensionView[] = [];
  const attributes: CsrView['attributes'] = [];
  for (const attr of info.attributes) {
    if (attr.type === '1.2.840.113549.1.9.14') {
      for (const v of attr.values) for (const e of parseBer(v, asnX509.Extensions)) extensions.push(extensionView(e, lang));
    } else {
      attributes.push({ oid: attr.type, name: oidName(attr.type, lang), values: attr.values.map((v) => displayText(v)) });
    }
  }
  let signatureValid = false;
  try {
    signatureValid = await new x509.Pkcs10CertificateRequest(der).verify(crypto);
  } catch {
    signatureValid = false;
  }
  const subject = nameEntries(info.subject, lang);
  const sigOid = req.signatureAlgorithm.algorithm;
  const san = extensions.find((e) => e.oid === asnX509.id_ce_subjectAltName);
  return {
    kind: 'csr',
    version: info.version + 1,
    subject,
    subjectText: nameText(subject),
    signatureAlgorithm: ALGORITHMS[sigOid] ?? sigOid,
    signatureAlgorithmOid: sigOid,
    signature: formatHexDisplay(new Uint8Array(req.signature)),
    signatureValid,
    publicKey: await publicKeyView(info.subjectPKInfo, crypto),
    extensions,
    attributes,
    // SANs in English notation ("DNS:…") whatever the language, as they are identifiers.
    subjectAltNames: san?.known ? san.values : [],
    pem: pemEncode('CERTIFICATE REQUEST', der),
  };
}

/** Every certificate in the input (PEM chain, base64, hex or DER). */
export async function parseCertificates(input: string | Uint8Array, opts: ParseOptions = {}): Promise<CertificateView[]> {
  const decoded = decodeInput(input);
  const items = decoded.items.filter((i) => i.label === null || i.label.endsWith('CERTIFICATE'));
  if (items.length === 0) throw new PkiError('NOT_A_CERTIFICATE');
  return Promise.all(items.map((i) => parseCertificateDer(i.der, opts)));
}

/** §5: a list of requests is valid only if every item is a valid request. */
export async function parseCsrs(input: string | Uint8Array, opts: ParseOptions = {}): Promise<CsrView[]> {
  const decoded = decodeInput(input);
  if (decoded.items.some((i) => i.label !== null && !i.label.endsWith('CERTIFICATE REQUEST'))) throw new PkiError('NOT_A_CSR');
  return Promise.all(decoded.items.map((i) => parseCsrDer(i.der, opts)));
}
