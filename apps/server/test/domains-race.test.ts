import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount } from './payment-helpers.ts';

/**
 * A name registered twice at once (two accounts pay for it in the same instant) on PostgreSQL, where the two
 * transactions really overlap: one wins the registry's record, the other is refunded through the ledger.
 */
let t: TestApp;
const P = '/dm-serv/v1';

beforeAll(async () => {
  t = await startTestApp({}, { postgres: true });
});
afterAll(async () => {
  await t?.close();
});

describe('double registration race', () => {
  it('registers the name once and refunds the other payer, every round', async () => {
    const seen: string[] = [];
    for (let round = 0; round < 5; round++) {
      const name = `race-${randomBytes(5).toString('hex')}.com`;
      const payers = await Promise.all([0, 1].map(async () => {
        const a = await fundedAccount(t.app, 1_000_000);
        const c = client(t.app, a.token);
        const contact = (await c.post(`${P}/contacts`, { name: 'Racer', email: 'racer@example.com', telephone: '13912345678' })).body.data as { id: number };
        const cart = (await c.post(`${P}/carts`, { domains: [name] })).body.data as { items: { id: number }[] };
        return { a, c, body: { cartIds: [cart.items[0]!.id], contactId: contact.id } };
      }));
      const answers = await Promise.all(payers.map((p) => p.c.post(`${P}/pay`, p.body)));
      const statuses = answers.map((r) => {
        // The loser either saw the name taken before paying (nothing moved) or paid and was refunded.
        if (r.body.code === 14201) return 'refusedBeforePaying';
        expect(r.body.code, r.body.msg).toBe(200);
        return (r.body.data as { orders: { status: string }[] }).orders[0]!.status;
      });
      seen.push(...statuses);
      expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(1);
      const [held] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domains WHERE name = $1 AND gone_at IS NULL`, [name]);
      expect(held!.n).toBe(1);
      for (const [i, p] of payers.entries()) {
        const expected = statuses[i] === 'succeeded' ? 1_000_000 - 7_900 : 1_000_000;
        expect(await balanceOf(t.app, p.a.id)).toBe(expected);
      }
    }
    // The two payments overlapped at least once: both paid, and the loser's money came back.
    expect(seen).toContain('refunded');
    await expectLedgerMatchesBalances(t.app.db);
  });
});
