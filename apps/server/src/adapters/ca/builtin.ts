import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import type { Db, Queryable } from '@cc/db/client';
import { crlEntryReason, type CrlReason } from '@cc/domain/revocation';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { CertificateAuthority, CertProfile, IssueRequest, IssuedCertificate } from './types.ts';
import type { Tables } from '@cc/db/schema.gen';
import { ruleOn, tlsLeafEku } from '@cc/domain/cabf-rules';

const crypto = globalThis.crypto;
x509.cryptoProvider.set(crypto);

const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const signing = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** CA/Browser Forum reserved policy identifiers; document signing has none, so it carries ours only. */
export const policyOids: Record<CertProfile, string[]> = {
  DV: ['2.23.140.1.2.1'],
  OV: ['2.23.140.1.2.2'],
  EV: ['2.23.140.1.1'],
  CODE: ['2.23.140.1.4.1'],
  DOC: ['1.3.6.1.4.1.311.10.3.12'],
  SMIME: ['2.23.140.1.5.1.2'],
};
export const ekuOids = {
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  codeSigning: '1.3.6.1.5.5.7.3.3',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.4.1.311.10.3.12',
} as const;
const tlsProfiles: readonly CertProfile[] = ['DV', 'OV', 'EV'];
/** A TLS leaf's EKU is the rules table's of the signing day (serverAuth alone since the root programmes' step); the others are fixed. */
function ekuFor(profile: CertProfile, signedOn: Date): string[] {
  if (tlsProfiles.includes(profile)) return ruleOn(tlsLeafEku, signedOn).map((e) => ekuOids[e]);
  if (profile === 'CODE') return [ekuOids.codeSigning];
  if (profile === 'DOC') return [ekuOids.documentSigning];
  return [ekuOids.emailProtection, ekuOids.clientAuth];
}

/**
 * A serial of 128 random bits (BR 7.1 asks for at least 64), as hex of its value: the form openssl and Node print
 * and the form stored. A zero first byte is drawn again so the value keeps its 16 bytes.
 */
export function randomSerial(): string {
  let b = randomBytes(16);
  while (b[0] === 0) b = randomBytes(16);
  return b.toString('hex');
}

/** The DER INTEGER content of a serial: a value with its top bit set takes a 00 byte in front to stay positive. */
export function derSerial(hex: string): string {
  return (parseInt(hex.slice(0, 2), 16) & 0x80 ? '00' : '') + hex;
}

interface Loaded {
  cert: x509.X509Certificate;
  key: CryptoKey;
}

export interface BuiltinCaDeps {
  db: Db;
  box: SecretBox;
  /** Where AIA and CRL URLs point: this server. */
  baseUrl: string;
  now?: () => Date;
  /** Certificate Transparency: every issued certificate is submitted with its chain (DER, leaf first) before it is handed out. */
  ctSubmit?: (chain: Buffer[]) => Promise<unknown>;
}

/** A CRL is signed again once this old (BR 4.9.7: at least every seven days), and says when the next one is due at the latest. */
const crlRefreshMs = 86400_000;
const crlLifetimeMs = 7 * 86400_000;

const label = (brand: string) => brand.replace(/[^a-z0-9]+/gi, ' ').trim().toUpperCase() || 'DEFAULT';

/**
 * A CA per brand: a root and an intermediate (ECDSA P-256) made on first use of the brand, so starting the server
 * costs nothing; the keys are stored sealed and shared by every instance through the database.
 */
export function createBuiltinCa(deps: BuiltinCaDeps): CertificateAuthority & { crl(brand: string): Promise<Uint8Array>; loadIntermediate(brand: string): Promise<Loaded> } {
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, Promise<{ root: Loaded; intermediate: Loaded }>>();

  async function load(brand: string, kind: 'root' | 'intermediate'): Promise<Loaded | null> {
    const [row] = await deps.db.query<Pick<Tables['ca_keys'], 'cert_pem' | 'key_sealed'>>(`SELECT cert_pem, key_sealed FROM ca_keys WHERE brand = $1 AND kind = $2`, [brand, kind]);
    if (!row) return null;
    const der = Buffer.from(deps.box.open(row.key_sealed), 'base64');
    const key = await crypto.subtle.importKey('pkcs8', der, ecdsa, false, ['sign']);
    return { cert: new x509.X509Certificate(row.cert_pem), key };
  }

  /** Inserts unless another instance got there first; either way answers what the table holds. */
  async function store(brand: string, kind: 'root' | 'intermediate', cert: x509.X509Certificate, keys: CryptoKeyPair): Promise<Loaded> {
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
    await deps.db.query(`INSERT INTO ca_keys (brand, kind, cert_pem, key_sealed) VALUES ($1, $2, $3, $4) ON CONFLICT (brand, kind) DO NOTHING`, [
      brand,
      kind,
      cert.toString('pem'),
      deps.box.seal(pkcs8),
    ]);
    const loaded = await load(brand, kind);
    if (!loaded) throw new Error(`CA ${kind} of ${brand} vanished`);
    return loaded;
  }

  const urls = (brand: string) => {
    const b = encodeURIComponent(brand);
    return { root: `${deps.baseUrl}/ca/${b}/root.crt`, intermediate: `${deps.baseUrl}/ca/${b}/intermediate.crt`, crl: `${deps.baseUrl}/ca/${b}/intermediate.crl` };
  };

  async function makeRoot(brand: string): Promise<Loaded> {
    const keys = (await crypto.subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
    const start = new Date(now().getTime() - 3600_000);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: derSerial(randomSerial()),
      name: [{ CN: [`CertHub ${label(brand)} Root CA R1`] }, { O: ['CertHub Built-in CA'] }, { C: ['SG'] }],
      notBefore: start,
      notAfter: new Date(start.getTime() + 20 * 365 * 86400_000),
      keys,
      signingAlgorithm: signing,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return store(brand, 'root', cert, keys);
  }

  async function makeIntermediate(brand: string, root: Loaded): Promise<Loaded> {
    const keys = (await crypto.subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
    const start = new Date(now().getTime() - 3600_000);
    const u = urls(brand);
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: derSerial(randomSerial()),
      subject: [{ CN: [`CertHub ${label(brand)} Issuing CA 1`] }, { O: ['CertHub Built-in CA'] }, { C: ['SG'] }],
      issuer: root.cert.subject,
      notBefore: start,
      notAfter: new Date(start.getTime() + 10 * 365 * 86400_000),
      publicKey: keys.publicKey,
      signingKey: root.key,
      signingAlgorithm: signing,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(root.cert.publicKey),
        new x509.AuthorityInfoAccessExtension({ caIssuers: u.root }),
      ],
    });
    return store(brand, 'intermediate', cert, keys);
  }

  function hierarchyOf(brand: string) {
    let p = cache.get(brand);
    if (!p) {
      p = (async () => {
        const root = (await load(brand, 'root')) ?? (await makeRoot(brand));
        const intermediate = (await load(brand, 'intermediate')) ?? (await makeIntermediate(brand, root));
        return { root, intermediate };
      })();
      // A failure must not stick: the next call tries again.
      p.catch(() => cache.delete(brand));
      cache.set(brand, p);
    }
    return p;
  }

  return {
    async hierarchy(brand) {
      const h = await hierarchyOf(brand);
      return { rootPem: h.root.cert.toString('pem'), intermediatePem: h.intermediate.cert.toString('pem') };
    },

    async loadIntermediate(brand) {
      return (await hierarchyOf(brand)).intermediate;
    },

    async issue(req: IssueRequest): Promise<IssuedCertificate> {
      // The signing day decides the EKU; the validity the caller asks for was capped for the same day (issuance/issue.ts).
      const signedOn = now();
      const { root, intermediate } = await hierarchyOf(req.brand);
      const csr = new x509.Pkcs10CertificateRequest(req.csrPem);
      const publicKey = csr.publicKey;
      const rsa = publicKey.algorithm.name.startsWith('RSA');
      const s = req.subject;
      const name: x509.JsonName = [];
      if (s.country) name.push({ C: [s.country] });
      if (s.province) name.push({ ST: [s.province] });
      if (s.locality) name.push({ L: [s.locality] });
      if (s.organization) name.push({ O: [s.organization] });
      if (s.businessCategory) name.push({ '2.5.4.15': [s.businessCategory] });
      if (s.jurisdictionCountry) name.push({ '1.3.6.1.4.1.311.60.2.1.3': [s.jurisdictionCountry] });
      if (s.registrationNumber) name.push({ '2.5.4.5': [s.registrationNumber] });
      if (s.email) name.push({ E: [s.email] });
      name.push({ CN: [s.commonName] });

      const san: x509.JsonGeneralNames = [
        ...req.dnsNames.map((value) => ({ type: 'dns' as const, value })),
        ...req.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
        ...req.emails.map((value) => ({ type: 'email' as const, value })),
      ];
      // RSA keys also encipher in TLS 1.2 RSA key exchange; EC keys only sign (RFC 5480 §3).
      let usage = x509.KeyUsageFlags.digitalSignature;
      if (rsa && req.profile !== 'CODE' && req.profile !== 'DOC') usage |= x509.KeyUsageFlags.keyEncipherment;
      if (req.profile === 'DOC') usage |= x509.KeyUsageFlags.nonRepudiation;
      const u = urls(req.brand);
      const serial = randomSerial();
      const extensions: x509.Extension[] = [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(usage, true),
        new x509.ExtendedKeyUsageExtension(ekuFor(req.profile, signedOn), false),
        new x509.CertificatePolicyExtension(policyOids[req.profile], false),
        await x509.SubjectKeyIdentifierExtension.create(publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(intermediate.cert.publicKey),
        new x509.AuthorityInfoAccessExtension({ caIssuers: u.intermediate }),
        new x509.CRLDistributionPointsExtension([u.crl]),
      ];
      // A subject of a CN alone with the names in SAN; SAN is critical only when the subject is empty (RFC 5280 4.2.1.6).
      if (san.length) extensions.push(new x509.SubjectAlternativeNameExtension(san, false));
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: derSerial(serial),
        subject: name,
        issuer: intermediate.cert.subject,
        notBefore: req.notBefore,
        notAfter: req.notAfter,
        publicKey,
        signingKey: intermediate.key,
        signingAlgorithm: signing,
        extensions,
      });
      // Logged before anyone holds it, as a CA that logs every certificate does (RFC 6962 §3.1).
      await deps.ctSubmit?.([Buffer.from(cert.rawData), Buffer.from(intermediate.cert.rawData)]);
      return {
        certPem: cert.toString('pem') + '\n',
        chainPem: intermediate.cert.toString('pem') + '\n',
        rootPem: root.cert.toString('pem') + '\n',
        serial,
        issuer: intermediate.cert.subject,
        notBefore: cert.notBefore,
        notAfter: cert.notAfter,
      };
    },

    /**
     * The intermediate's CRL of revoked leaf serials (RFC 5280 §5, BR 7.2.2): CRL number and authority key identifier,
     * each entry's reasonCode. The last one signed is served until it is a day old or a revocation empties it; a new one
     * takes the next number under the brand's row lock, so numbers grow across instances and never name two CRLs.
     */
    async crl(brand) {
      type Row = { crl_number: string; der: Uint8Array | null; this_update: Date | null };
      const fresh = (r: Row | undefined, at: Date) => (r?.der && r.this_update && at.getTime() - new Date(r.this_update).getTime() < crlRefreshMs ? new Uint8Array(r.der) : null);
      const select = `SELECT crl_number::text AS crl_number, der, this_update FROM ca_crls WHERE brand = $1`;
      // Most fetches find the CRL signed already: read without the lock, so they neither wait nor write.
      const served = fresh((await deps.db.query<Row>(select, [brand]))[0], now());
      if (served) return served;
      const { intermediate } = await hierarchyOf(brand);
      await deps.db.query(`INSERT INTO ca_crls (brand) VALUES ($1) ON CONFLICT (brand) DO NOTHING`, [brand]);
      return deps.db.tx(async (q) => {
        const [cur] = await q.query<Row>(`${select} FOR UPDATE`, [brand]);
        const at = now();
        // Another fetch may have signed it while this one waited for the lock.
        const signed = fresh(cur, at);
        if (signed) return signed;
        const number = Number(cur?.crl_number ?? 0) + 1;
        const revoked = await q.query<{ serial: string; revoked_at: Date; revocation_reason: CrlReason }>(
          `SELECT c.serial, c.revoked_at, c.revocation_reason FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.brand = $1 AND c.revoked_at IS NOT NULL ORDER BY c.revoked_at, c.id`,
          [brand],
        );
        const ski = intermediate.cert.getExtension(x509.SubjectKeyIdentifierExtension);
        const aki = ski ? new x509.AuthorityKeyIdentifierExtension(ski.keyId, false) : await x509.AuthorityKeyIdentifierExtension.create(intermediate.cert.publicKey);
        const nextUpdate = new Date(at.getTime() + crlLifetimeMs);
        const crl = await x509.X509CrlGenerator.create({
          issuer: intermediate.cert.subject,
          thisUpdate: at,
          nextUpdate,
          signingKey: intermediate.key,
          signingAlgorithm: signing,
          extensions: [aki, new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(number)))],
          entries: revoked.map((r) => {
            const reason = crlEntryReason(r.revocation_reason);
            return { serialNumber: derSerial(r.serial), revocationDate: new Date(r.revoked_at), ...(reason ? { reason: reason as number as x509.X509CrlReason } : {}) };
          }),
        });
        const der = new Uint8Array(crl.rawData);
        await q.query(`UPDATE ca_crls SET crl_number = $2, der = $3, this_update = $4, next_update = $5 WHERE brand = $1`, [brand, number, Buffer.from(der), at, nextUpdate]);
        return der;
      });
    },
  };
}

/**
 * After a revocation, inside its transaction: the brand's CRL is signed afresh on its next fetch. Waits for a CRL being
 * signed right now (its row lock), so that one cannot be kept without this revocation.
 */
export async function crlStale(q: Queryable, orderId: number): Promise<void> {
  await q.query(`UPDATE ca_crls SET der = NULL WHERE brand = (SELECT brand FROM orders WHERE id = $1)`, [orderId]);
}

export type BuiltinCa = ReturnType<typeof createBuiltinCa>;
