import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResult } from '@cc/contracts/payments';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, testProducts } from './purchase-helpers.ts';
import { callbackFor, expectLedgerMatchesBalances, fundedAccount, payableOrder, postCallback, sandboxSecretForTests, uninvoicedSumSql } from './payment-helpers.ts';
import { operator, operatorSecretForTests, validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';

/**
 * What an account can invoice is kept in accounts.uninvoiced by the statements that change it (migration 0155)
 * rather than summed on each read. After any mix of the changes it follows, it is the sum it stands for:
 * billing_consumption less the invoices applied for and not rejected or cancelled.
 */
let t: TestApp;
let offerId = 0;
beforeAll(async () => {
  t = await startTestApp({ OPERATOR_SECRET: operatorSecretForTests, PAYMENT_SANDBOX_SECRET: sandboxSecretForTests });
  await addProducts(t.app, [testProducts.dv, testProducts.flex]);
  [{ id: offerId }] = (await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 2, 3000) RETURNING id`)) as [{ id: number }];
});
afterAll(() => t?.close());

type Op =
  | { kind: 'payBalance' | 'payGateway' | 'withdraw'; cents: number }
  | { kind: 'refund' | 'cancelInvoice' | 'rejectInvoice' | 'issueInvoice' | 'rejectWithdrawal' | 'buyPackage'; pick: number }
  | { kind: 'applyInvoice'; share: number };

const cents = fc.integer({ min: 1, max: 20_000 });
const pick = fc.nat();
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('payBalance' as const), cents }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('payGateway' as const), cents }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), cents }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('buyPackage' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('applyInvoice' as const), share: fc.double({ min: 0.05, max: 1.5, noNaN: true }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancelInvoice' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('rejectInvoice' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('issueInvoice' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('rejectWithdrawal' as const), pick }), weight: 1 },
);

/** The figure kept, and the sums it stands for. */
async function figures(accountId: number) {
  const [r] = await t.app.db.query<{ kept: number; sum: number; due: number }>(
    `SELECT a.uninvoiced::float8 AS kept, ${uninvoicedSumSql('a')}::float8 AS sum, billing_to_be_invoiced(a.id)::float8 AS due
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  return r!;
}

const nth = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

describe('accounts.uninvoiced', () => {
  it('equals consumption less open invoices after any mix of payments, refunds, packages, invoices and withdrawals', async () => {
    const op0 = operator(t.app);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const a = await fundedAccount(t.app, 150_000);
        const me = client(t.app, a.token);
        const org = ((await me.post('/v1/invoiceOrganizations', validInvoiceOrg)).body.data as { id: number }).id;
        const con = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
        const paid: string[] = [];
        const invoices: number[] = [];
        const withdrawals: number[] = [];
        let issued = 0;
        for (const o of ops) {
          switch (o.kind) {
            case 'payBalance': {
              const orderNo = await payableOrder(t.app, a.id, o.cents);
              // Refused (13001) once the balance runs out: nothing moves then.
              if ((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code === 200) paid.push(orderNo);
              break;
            }
            case 'payGateway': {
              const orderNo = await payableOrder(t.app, a.id, o.cents);
              const r = (await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo })).body.data as PayResult;
              expect((await postCallback(t.app, await callbackFor(t.app, r.paymentId, 'succeeded'))).body.applied).toBe(true);
              paid.push(orderNo);
              break;
            }
            case 'refund': {
              const orderNo = nth(paid, o.pick);
              if (!orderNo) break;
              paid.splice(paid.indexOf(orderNo), 1);
              expect((await me.post('/v1/orders/cancel', { orderNos: orderNo })).body.code).toBe(200);
              break;
            }
            case 'buyPackage':
              await me.post('/v1/certPkg', { offerId });
              break;
            case 'applyInvoice': {
              const due = ((await me.get('/v1/invoices')).body.data as { toBeInvoicedAmount: number }).toBeInvoicedAmount;
              const amount = Math.max(1, Math.round(due * o.share));
              const r = await me.post('/v1/invoices', { invoiceType: 'ordinary', invoiceOrgID: org, invoiceConID: con, amount });
              expect(r.body.code).toBe(amount <= due ? 200 : 14101);
              if (r.body.code === 200) invoices.push((r.body.data as { id: number }).id);
              break;
            }
            case 'cancelInvoice':
            case 'rejectInvoice':
            case 'issueInvoice': {
              const id = nth(invoices, o.pick);
              // Issuing draws a PDF (a second or so): once per run is enough to cover it.
              if (!id || (o.kind === 'issueInvoice' && issued++)) break;
              invoices.splice(invoices.indexOf(id), 1);
              const r =
                o.kind === 'cancelInvoice' ? await me.del(`/v1/invoices/${id}`)
                : o.kind === 'rejectInvoice' ? await op0.post(`/v1/operator/invoices/${id}/reject`, { reason: '抬头有误' })
                : await op0.post(`/v1/operator/invoices/${id}/issue`);
              expect(r.body.code).toBe(200);
              break;
            }
            case 'withdraw': {
              const r = await me.post('/v1/withdraw', { amount: o.cents, method: 'original' });
              if (r.body.code === 200) withdrawals.push((r.body.data as { id: number }).id);
              break;
            }
            case 'rejectWithdrawal': {
              const id = nth(withdrawals, o.pick);
              if (!id) break;
              withdrawals.splice(withdrawals.indexOf(id), 1);
              expect((await op0.post(`/v1/operator/withdrawals/${id}/reject`, { reason: '原路退回失败' })).body.code).toBe(200);
              break;
            }
          }
          const f = await figures(a.id);
          expect(f.kept, `after ${o.kind}`).toBe(f.sum);
        }
        const f = await figures(a.id);
        const account = (await me.get('/v1/account')).body.data as { accountInfo: { toBeInvoicedAmount: number } };
        const list = (await me.get('/v1/invoices')).body.data as { toBeInvoicedAmount: number };
        expect(account.accountInfo.toBeInvoicedAmount).toBe(f.due);
        expect(list.toBeInvoicedAmount).toBe(f.due);
        expect(f.due).toBe(Math.max(0, f.sum));
      }),
      { numRuns: 12 },
    );
    await expectLedgerMatchesBalances(t.app.db);
  });
});
