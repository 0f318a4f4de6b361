/**
 * The console and the server agree (issue 3): for random names the server's create call refuses exactly when
 * the shared domain rule (what the console's order plan runs, apps/web/src/features/purchase/lib/plan-orders.ts)
 * reports errors, and with the same first message. Single orders and batches (partial mode: per certificate).
 * Small on purpose: 30 requests.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@cc/contracts/messages';
import { validateOrders } from '@cc/domain/domain-names';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testEcKeys, testProducts, type TestProduct } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  await addProducts(t.app, Object.values(testProducts));
  me = client(t.app, (await newAccount(t.app)).token);
});
afterAll(() => t.close());

const products: TestProduct[] = [testProducts.dv, testProducts.flex, testProducts.wild, testProducts.ip, testProducts.free];

/** Names as people type them: good ones, IPs, IDNs, wildcards, private addresses, junk. */
const nameish = fc.oneof(
  fc.domain(),
  fc.domain(),
  fc.ipV4(),
  fc.domain().map((d) => `*.${d}`),
  fc.constantFrom('测试.com', 'Bücher.de', '*.例子.中国', 'localhost', '10.0.0.1', '192.168.1.1', 'a..b', '-a.com', '*.*.a.com', 'bad_domain', 'x', '2001:db8::1', '8.8.8.8'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
/** Some certificates repeat their common name among their names, some repeat another certificate's. */
const cert = fc.record({ commonName: nameish.filter((s) => s.trim() !== ''), extras: fc.array(nameish, { maxLength: 3 }) })
  .chain((c) => fc.constantFrom(c, { ...c, extras: [...c.extras, c.commonName.toUpperCase()] }));
const certList = fc.array(cert, { minLength: 1, maxLength: 4 })
  .chain((cs) => fc.constantFrom(cs, [...cs, { commonName: cs[0]!.commonName, extras: [] }]));

/** What the console checks before sending: the shared rule over the whole submission (its order plan runs the same). */
function consoleCheck(p: TestProduct, wildcard: boolean, certs: { commonName: string; extras: string[] }[], batch: boolean) {
  return validateOrders(certs.map((c) => ({ productType: p.productType, brand: p.brand, certType: p.certType, wildcard, commonName: c.commonName, extraDomains: c.extras, batch })));
}

/** A request whose common name is the one the certificate will carry (so only the names can be refused). */
async function csrFor(commonName: string): Promise<string> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [commonName] }],
    keys: await testEcKeys(),
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
  });
  return csr.toString('pem');
}

describe('console and server agree on names', () => {
  it('refuses exactly what the shared rule refuses, with its first message (30 random requests)', async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...products), fc.boolean(), fc.boolean(), certList, async (p, wildcard, batch, certs) => {
        const checks = consoleCheck(p, wildcard, certs, batch);
        for (const c of checks) seen[c.errors.length ? 'refused' : 'accepted']++;
        const sslCerts = await Promise.all(
          certs.map(async (c, i) => ({ commonName: c.commonName, domainNames: c.extras, csr: await csrFor(checks[i]!.domains[0] ?? 'refused.example.com') })),
        );
        const year = p.free ? 90 : 1;
        const url = `/v1/orders/certificate/${p.productNo}`;
        const said = (i: number) => {
          const e = checks[i]!.errors[0];
          return e ? translate('zh', e.messageKey, e.params) : null;
        };
        if (!batch) {
          const r = await me.post(url, { year, wildcard, ...sslCerts[0]! });
          const expected = said(0);
          if (expected === null) expect(r.body, JSON.stringify(certs[0])).toMatchObject({ code: 200 });
          else expect(r.body, JSON.stringify(certs[0])).toMatchObject({ code: 10001, msg: expected });
          return;
        }
        const r = await me.post(url, { year, wildcard, partial: true, sslCerts });
        expect(r.body.code).toBe(200);
        const data = r.body.data as { created: { index: number }[]; failed: { index: number; errors: Record<string, string> }[] };
        const refused = checks.flatMap((c, i) => (c.errors.length ? [i] : []));
        expect(data.failed.map((f) => f.index), JSON.stringify(certs)).toEqual(refused);
        expect(data.created.map((c) => c.index)).toEqual(checks.flatMap((c, i) => (c.errors.length ? [] : [i])));
        for (const f of data.failed) expect(Object.values(f.errors)[0]).toBe(said(f.index));
      }),
      { numRuns: 30 },
    );
    // Both answers were exercised.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});
