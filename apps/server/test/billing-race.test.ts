import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, payableOrder } from './payment-helpers.ts';
import { toppedUpAccount, validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';

/**
 * Billing calls that race on one account (invoice applications against what can be invoiced, withdrawals against
 * payments), on PostgreSQL, where the transactions really overlap; the embedded database runs them one at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { postgres: true });
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t?.close());

/** A paid order from the balance. */
async function paidOrder(me: ReturnType<typeof client>, accountId: number, cents: number): Promise<string> {
  const orderNo = await payableOrder(t.app, accountId, cents);
  expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
  return orderNo;
}

describe('invoice applications at once', () => {
  it('simultaneous applications that together exceed what is due: only what fits is accepted', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    await paidOrder(me, a.id, 10_000);
    const org = ((await me.post('/v1/invoiceOrganizations', validInvoiceOrg)).body.data as { id: number }).id;
    const con = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
    const results = await Promise.all(Array.from({ length: 12 }, () => me.post('/v1/invoices', { invoiceType: 'ordinary', invoiceOrgID: org, invoiceConID: con, amount: 3_000 })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 14101)).toHaveLength(9);
    const [s] = await t.app.db.query<{ s: number }>(`SELECT sum(amount)::float8 AS s FROM invoices WHERE account_id = $1 AND status = 'pending'`, [a.id]);
    expect(s!.s).toBe(9_000);
  });
});

describe('withdrawals at once', () => {
  it('withdrawals racing payments: the balance never goes below zero and the ledger sums to it', async () => {
    const a = await toppedUpAccount(t.app, 50_000);
    const me = client(t.app, a.token);
    const orders = await Promise.all(Array.from({ length: 10 }, () => payableOrder(t.app, a.id, 5_000)));
    const calls = [
      ...orders.map((orderNo) => () => me.post('/v1/orders/pay', { payWay: 'balance', orderNo })),
      ...Array.from({ length: 10 }, () => () => me.post('/v1/withdraw', { amount: 5_000, method: 'original' })),
    ];
    const results = await Promise.all(calls.map((c) => c()));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const okCount = results.filter((r) => r.body.code === 200).length;
    expect(okCount).toBe(10);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.code === 13001 || r.body.code === 14103)).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(0);
  });
});
