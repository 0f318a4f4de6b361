import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as x509 from '@peculiar/x509';
import { startTestApp, type TestApp } from './harness.ts';
import { ordersContext } from '../src/services/orders/context.ts';

/**
 * Submissions to the built-in CT log at once, from two instances sharing one PostgreSQL: every certificate gets one
 * entry, indexes run 0..n-1 without a gap, and the same certificate sent twice at once is one entry.
 */
let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { postgres: true });
  second = await startTestApp({}, { shareWith: t });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('CT log submissions race', () => {
  it('gives each certificate one entry and the log no gap', async () => {
    const intermediate = await ordersContext(t.app).ca.loadIntermediate('race');
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const chains = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const c = await x509.X509CertificateGenerator.create({
          serialNumber: `0c0${i}`,
          subject: `CN=n${i}.race.example`,
          issuer: intermediate.cert.subject,
          notBefore: new Date(Date.now() - 60_000),
          notAfter: new Date(Date.now() + 86_400_000),
          publicKey: keys.publicKey,
          signingKey: intermediate.key,
          signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
        });
        return [Buffer.from(c.rawData).toString('base64'), Buffer.from(intermediate.cert.rawData).toString('base64')];
      }),
    );
    // Each chain sent twice, to the two instances, all at once.
    const answers = await Promise.all(
      chains.flatMap((chain, i) => [t, second].map((s) => s.app.inject({ method: 'POST', url: '/ct/v1/add-chain', payload: { chain } }).then((r) => ({ i, r })))),
    );
    for (const { r } of answers) expect(r.statusCode, r.body).toBe(200);
    // Both answers for one certificate carry its one timestamp.
    for (let i = 0; i < chains.length; i++) {
      const ts = answers.filter((a) => a.i === i).map((a) => (a.r.json() as { timestamp: number }).timestamp);
      expect(new Set(ts).size).toBe(1);
    }
    const rows = await t.app.db.query<{ idx: string }>(`SELECT idx FROM ct_entries ORDER BY idx`);
    expect(rows.map((r) => Number(r.idx))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await second.app.inject({ method: 'GET', url: '/ct/v1/get-sth' })).json()).toMatchObject({ tree_size: 8 });
  });
});
