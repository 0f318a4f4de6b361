import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChain, formatHexDisplay, parseCertificates, parseCsrs, pemDecode, toBase64, toHex, type CertificateView } from '../src/index.ts';
import { makeFixtures, type Fixtures } from './fixtures.ts';
import { openssl } from './openssl.ts';

let fx: Fixtures;
// openssl key generation takes a few seconds on a loaded machine.
beforeAll(() => {
  fx = makeFixtures();
}, 60_000);
afterAll(() => fx.dir.remove());

const one = async (text: string | Uint8Array, lang: 'zh' | 'en' = 'en'): Promise<CertificateView> => {
  const [c] = await parseCertificates(text, { lang });
  if (!c) throw new Error('no certificate');
  return c;
};

describe('parseCertificates agrees with openssl x509', () => {
  for (const name of ['root', 'int', 'leaf', 'leafec', 'self']) {
    it(`${name}: serial, fingerprints, dates, key size, names`, async () => {
      const path = fx.certs[name]!;
      const c = await one(fx.pem(name));
      const o = (...args: string[]) => openssl(['x509', '-in', path, '-noout', ...args]).trim();
      expect(`serial=${c.serialNumber}`).toBe(o('-serial'));
      expect(`sha256 Fingerprint=${c.fingerprints.sha256}`).toBe(o('-fingerprint', '-sha256'));
      expect(`sha1 Fingerprint=${c.fingerprints.sha1}`).toBe(o('-fingerprint', '-sha1'));
      expect(new Date(c.notAfter).getTime()).toBe(new Date(o('-enddate').replace('notAfter=', '')).getTime());
      expect(new Date(c.notBefore).getTime()).toBe(new Date(o('-startdate').replace('notBefore=', '')).getTime());
      const text = o('-text');
      expect(text).toContain(`Signature Algorithm: ${c.signatureAlgorithm}`);
      if (c.publicKey.algorithm === 'rsaEncryption') {
        expect(text).toContain(`Public-Key: (${c.publicKey.keySize} bit)`);
        expect(text).toContain('Exponent: 65537');
        expect(c.publicKey.exponent).toBe(65537);
      } else {
        expect(text).toContain(`ASN1 OID: ${c.publicKey.curve}`);
      }
      const subject = o('-subject', '-nameopt', 'RFC2253,-esc_msb').replace('subject=', '');
      // RFC 2253 lists the RDNs last first.
      expect(c.subject.map((e) => e.value).reverse()).toEqual(subject.split(/(?<!\\),/).map((p) => p.slice(p.indexOf('=') + 1).replace(/\\(.)/g, '$1')));
      const pub = openssl(['x509', '-in', path, '-noout', '-pubkey']);
      const spkiSha = openssl(['dgst', '-sha256', '-c'], pemDecode(pub).der).trim().split('= ')[1]!.toUpperCase();
      expect(c.publicKey.spkiSha256).toBe(spkiSha);
    });
  }

  it('reads every extension of the leaf into readable values, unknown ones as hex', async () => {
    const c = await one(fx.pem('leaf'));
    const ext = (oid: string) => c.extensions.find((e) => e.oid === oid);
    expect(c.subjectAltNames).toEqual(['DNS:www.example.com', 'DNS:*.example.com', 'IP:192.0.2.10', 'IP:2001:db8::1', 'email:ops@example.com', 'URI:https://example.com/id']);
    expect(ext('2.5.29.15')).toMatchObject({ critical: true, values: ['Digital Signature', 'Key Encipherment'] });
    expect(ext('2.5.29.37')?.values).toEqual(['TLS Web Server Authentication (1.3.6.1.5.5.7.3.1)', 'TLS Web Client Authentication (1.3.6.1.5.5.7.3.2)']);
    expect(ext('2.5.29.19')?.values).toEqual(['CA:FALSE']);
    expect(ext('1.3.6.1.5.5.7.1.1')?.values).toEqual(['OCSP - URI:http://ocsp.example.com', 'CA Issuers - URI:http://ca.example.com/int.crt']);
    expect(ext('2.5.29.31')?.values).toEqual(['Full Name: URI:http://crl.example.com/int.crl']);
    expect(ext('2.5.29.32')?.values).toEqual(['Policy: 2.23.140.1.2.2 (CA/B Organization Validated)', 'Policy: 1.3.6.1.4.1.99999.1', '  CPS: https://example.com/cps']);
    expect(ext('1.3.6.1.5.5.7.1.24')?.values).toEqual(['status_request (5)']);
    const unknown = ext('1.2.3.4.5.6.7');
    expect(unknown).toMatchObject({ known: false, name: '1.2.3.4.5.6.7' });
    expect(unknown?.values[0]).toBe(formatHexDisplay(Uint8Array.from([0x0c, 0x11, ...new TextEncoder().encode('unknown extension')])));
    const ski = openssl(['x509', '-in', fx.certs.leaf!, '-noout', '-ext', 'subjectKeyIdentifier']).split('\n')[1]!.trim();
    expect(ext('2.5.29.14')?.values).toEqual([ski]);
    const aki = openssl(['x509', '-in', fx.certs.int!, '-noout', '-ext', 'subjectKeyIdentifier']).split('\n')[1]!.trim();
    expect(ext('2.5.29.35')?.values).toEqual([`keyid:${aki}`]);
  });

  it('reads CA extensions: name and policy constraints, mappings, inhibit any policy, freshest CRL, issuer alt name', async () => {
    const c = await one(fx.pem('int'));
    const v = (oid: string) => c.extensions.find((e) => e.oid === oid)?.values;
    expect(c.isCa).toBe(true);
    expect(v('2.5.29.19')).toEqual(['CA:TRUE', 'pathlen:0']);
    expect(v('2.5.29.30')).toEqual(['Permitted: DNS:example.com', 'Permitted: DNS:example.org', 'Excluded: IP:10.0.0.0/8']);
    expect(v('2.5.29.36')).toEqual(['Require Explicit Policy: 0']);
    expect(v('2.5.29.54')).toEqual(['1']);
    expect(v('2.5.29.33')).toEqual(['1.3.6.1.4.1.99999.1 → 1.3.6.1.4.1.99999.2']);
    expect(v('2.5.29.46')).toEqual(['Full Name: URI:http://crl.example.com/delta.crl']);
    expect(v('2.5.29.18')).toEqual(['URI:https://ca.example.com']);
  });

  it('marks the CT poison and labels names in Chinese by default', async () => {
    const [c] = await parseCertificates(fx.pem('leafec'));
    expect(c?.extensions.find((e) => e.oid === '1.3.6.1.4.1.11129.2.4.3')).toMatchObject({ critical: true, known: true, values: ['NULL'], name: 'CT 预证书毒化扩展' });
    expect(c?.subject[0]).toEqual({ type: '2.5.4.3', name: '通用名称', shortName: 'CN', value: 'api.example.org' });
    expect(c?.publicKey).toMatchObject({ algorithm: 'id-ecPublicKey', curve: 'prime256v1', keySize: 256, exponent: null });
  });

  it('labels EV-style subject attributes with §3 short names', async () => {
    const c = await one(fx.pem('leaf'));
    expect(c.subject.map((e) => e.shortName)).toEqual(['C', 'ST', 'L', 'O', 'OU', 'CN', 'E', 'serialNumber', 'businessCategory', 'jurisdictionCountry']);
    expect(c.subject.find((e) => e.shortName === 'E')?.name).toBe('Email Address');
  });

  it('accepts the same certificate as PEM, DER bytes, base64 and hex', async () => {
    const der = pemDecode(fx.pem('leaf')).der;
    const expected = (await one(fx.pem('leaf'))).fingerprints.sha256;
    for (const input of [der, toBase64(der), toHex(der), formatHexDisplay(der), `Some text before\n${fx.pem('leaf').replace(/\n/g, '\r\n')}`]) {
      expect((await one(input)).fingerprints.sha256).toBe(expected);
    }
  });
});

describe('parseCsrs', () => {
  it('reads an openssl request: subject, SANs, key, valid self-signature', async () => {
    const [r] = await parseCsrs(fx.dir.readText('leaf.csr'), { lang: 'en' });
    expect(r?.signatureValid).toBe(true);
    expect(r?.subjectText).toBe('C=SG, ST=Beijing, L=Beijing, O=Example Ltd, OU=SSL, CN=www.example.com, E=ops@example.com, serialNumber=12345, businessCategory=Private Organization, jurisdictionCountry=SG');
    expect(r?.subjectAltNames).toEqual(['DNS:www.example.com', 'DNS:example.com']);
    expect(r?.publicKey.keySize).toBe(3072);
  });

  it('reads a list of requests, and refuses the list if one item is not a request', async () => {
    const two = fx.dir.readText('leaf.csr') + fx.dir.readText('leafec.csr');
    expect((await parseCsrs(two)).map((r) => r.publicKey.algorithm)).toEqual(['rsaEncryption', 'id-ecPublicKey']);
    await expect(parseCsrs(two + fx.pem('leaf'))).rejects.toMatchObject({ code: 'NOT_A_CSR' });
  });
});

describe('checkChain', () => {
  const ders = (names: string[]) => names.map((n) => pemDecode(fx.pem(n)).der);

  it('accepts leaf → intermediate → root in order', async () => {
    const r = await checkChain(ders(['leaf', 'int', 'root']), { host: 'shop.example.com' });
    expect(r).toMatchObject({ order: [0, 1, 2], inOrder: true, endsAtRoot: true, hostMatches: true, verdicts: [] });
  });

  it('finds the order of a shuffled chain and says it is wrong', async () => {
    const r = await checkChain(ders(['root', 'leaf', 'int']));
    expect(r.order).toEqual([1, 2, 0]);
    expect(r.inOrder).toBe(false);
    expect(r.verdicts).toContainEqual({ code: 'WRONG_ORDER', index: null });
  });

  it('reports name mismatch, expiry, not-yet-valid and self-signed', async () => {
    expect((await checkChain(ders(['leaf', 'int']), { host: 'a.b.example.com' })).verdicts).toContainEqual({ code: 'NAME_MISMATCH', index: 0 });
    expect((await checkChain(ders(['leaf', 'int']), { host: '2001:db8::1' })).hostMatches).toBe(true);
    expect((await checkChain(ders(['leafec']), { now: new Date('2100-01-01') })).verdicts).toContainEqual({ code: 'EXPIRED', index: 0 });
    expect((await checkChain(ders(['leafec']), { now: new Date('2000-01-01') })).verdicts).toContainEqual({ code: 'NOT_YET_VALID', index: 0 });
    expect((await checkChain(ders(['self']))).verdicts).toEqual([{ code: 'SELF_SIGNED', index: 0 }]);
  });

  it('flags a certificate that does not belong to the chain', async () => {
    const r = await checkChain(ders(['leaf', 'int', 'self']));
    expect(r.verdicts).toContainEqual({ code: 'UNRELATED', index: 2 });
  });
});
