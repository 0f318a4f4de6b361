import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChain, formatHexDisplay, readCertBundle, parseCertificates, parseCsrs, pemDecode, toBase64, toHex, type CertificateView } from '../src/index.ts';
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

describe('signed certificate timestamps', () => {
  /** One SCT v1 (RFC 6962 §3.2) with a fixed log id, time and an ECDSA-SHA256 signature of `sigLen` bytes. */
  const sct = (seed: number, ms: number, sigLen: number, ext: number[] = []) => {
    const time = Array.from({ length: 8 }, (_, i) => Math.floor(ms / 2 ** (8 * (7 - i))) % 256);
    const sig = Array.from({ length: sigLen }, (_, i) => (seed * 31 + i) % 256);
    return [0, ...Array.from({ length: 32 }, (_, i) => (seed + i * 7) % 256), ...time, ext.length >> 8, ext.length & 255, ...ext, 4, 3, sigLen >> 8, sigLen & 255, ...sig];
  };

  it('lists each SCT of the extension as openssl x509 -text does: log id, time, algorithms, signature', async () => {
    const items = [sct(1, Date.UTC(2024, 2, 19, 10, 0, 0, 123), 71), sct(9, Date.UTC(2025, 0, 2, 3, 4, 5, 6), 70, [1, 2])];
    const list = items.flatMap((i) => [i.length >> 8, i.length & 255, ...i]);
    const body = [list.length >> 8, list.length & 255, ...list];
    const octets = [0x04, 0x82, body.length >> 8, body.length & 255, ...body];
    fx.dir.write('sct.cnf', `[sct]\nsubjectAltName=DNS:sct.example.com\n1.3.6.1.4.1.11129.2.4.2=DER:${toHex(Uint8Array.from(octets))}\n`);
    openssl(['x509', '-req', '-in', fx.csrs.leafec!, '-CA', fx.certs.int!, '-CAkey', fx.keys.int!, '-days', '30', '-extfile', fx.dir.file('sct.cnf'), '-extensions', 'sct', '-out', fx.dir.file('sct.pem')]);
    const c = await one(fx.dir.readText('sct.pem'));
    const text = openssl(['x509', '-in', fx.dir.file('sct.pem'), '-noout', '-text']);
    const theirs = text.split('Signed Certificate Timestamp:').slice(1);
    expect(c.scts).toHaveLength(2);
    expect(theirs).toHaveLength(2);
    c.scts.forEach((s, i) => {
      const block = theirs[i]!;
      const lines = block.split('\n').map((l) => l.trim());
      // A field's value: the rest of its line, then the colon-hex lines under it.
      const field = (label: string) => {
        const at = lines.findIndex((l) => l.startsWith(`${label} `) || l.startsWith(`${label}:`));
        const rest = lines.slice(at + 1);
        const more = rest.slice(0, rest.findIndex((l) => !/^([0-9A-F]{2}:)*[0-9A-F]{2}:?$/.test(l)));
        return { first: lines[at]!.slice(lines[at]!.indexOf(':') + 1).trim(), hex: more.join('') };
      };
      expect(field('Version').first).toBe('v1 (0x0)');
      const logId = field('Log ID');
      expect(toHex(Uint8Array.from(atob(s.logId), (ch) => ch.charCodeAt(0)), ':').toUpperCase()).toBe(logId.first + logId.hex);
      // openssl: "Mar 19 10:00:00.123 2024 GMT"
      const ts = /^(\w+ +\d+ [\d:]+)\.(\d+) (\d+) GMT$/.exec(field('Timestamp').first)!;
      expect(new Date(s.timestamp).getTime()).toBe(new Date(`${ts[1]} ${ts[3]} GMT`).getTime() + Number(ts[2]!.padEnd(3, '0').slice(0, 3)));
      const sig = field('Signature');
      expect(`${s.signatureAlgorithm}-with-${s.hashAlgorithm.toUpperCase()}`).toBe(sig.first);
      expect(s.signature).toBe(sig.hex);
    });
    expect(c.extensions.find((e) => e.oid === '1.3.6.1.4.1.11129.2.4.2')).toMatchObject({ known: true, name: 'CT Signed Certificate Timestamp List' });
  });

  it('shows a truncated SCT list as hex instead of failing the certificate', async () => {
    fx.dir.write('sctbad.cnf', '[sct]\n1.3.6.1.4.1.11129.2.4.2=DER:0405000a00080001\n');
    openssl(['x509', '-req', '-in', fx.csrs.leafec!, '-CA', fx.certs.int!, '-CAkey', fx.keys.int!, '-days', '30', '-extfile', fx.dir.file('sctbad.cnf'), '-extensions', 'sct', '-out', fx.dir.file('sctbad.pem')]);
    const c = await one(fx.dir.readText('sctbad.pem'));
    expect(c.scts).toEqual([]);
    expect(c.extensions.find((e) => e.oid === '1.3.6.1.4.1.11129.2.4.2')).toMatchObject({ known: false, values: ['0405 000a 0008 0001'] });
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

  it('says "not a certificate" when the input held none (a key pasted alone), instead of failing on an empty chain', async () => {
    const bundle = await readCertBundle(fx.dir.readText('leaf.key'));
    expect(bundle.certificates).toEqual([]);
    await expect(checkChain(bundle.certificates)).rejects.toMatchObject({ code: 'NOT_A_CERTIFICATE' });
  });

  it('flags a certificate that does not belong to the chain', async () => {
    const r = await checkChain(ders(['leaf', 'int', 'self']));
    expect(r.verdicts).toContainEqual({ code: 'UNRELATED', index: 2 });
  });
});
