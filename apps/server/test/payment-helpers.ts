import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Queryable } from '@cc/db/client';
import type { App } from '../src/app.ts';
import { signCallback, signatureHeader, timestampHeader } from '../src/adapters/payment/sandbox.ts';
import { postLedgerEntry } from '../src/services/payments/ledger.ts';
import { addProducts, newAccount, testProducts } from './purchase-helpers.ts';

export const sandboxSecretForTests = 'test-sandbox-secret-0123456789';

/** An order waiting for payment (status 1001), written directly: the payment tests do not depend on order creation. */
export async function payableOrder(app: App, accountId: number, payAmount: number, opts: { reSignDiff?: number; status?: number } = {}): Promise<string> {
  await addProducts(app, [testProducts.dv]);
  const orderNo = `PO${randomBytes(6).toString('hex').toUpperCase()}`;
  await app.db.query(
    `INSERT INTO orders (order_no, account_id, product_no, product_type, brand, order_status, validity, common_name, pay_amount, re_sign_status, re_sign_price_diff)
     VALUES ($1, $2, 'T-DV', 'ssl', 'globalsign', $3, 1, 'pay.example.com', $4, $5, $6)`,
    [orderNo, accountId, opts.status ?? 1001, payAmount, opts.reSignDiff !== undefined ? 5004 : 0, opts.reSignDiff ?? 0],
  );
  return orderNo;
}

/** Orders waiting for payment, one per price, written in one statement (a batch of hundreds stays quick to set up). */
export async function payableOrders(app: App, accountId: number, prices: number[]): Promise<string[]> {
  await addProducts(app, [testProducts.dv]);
  const orderNos = prices.map(() => `PO${randomBytes(6).toString('hex').toUpperCase()}`);
  await app.db.query(
    `INSERT INTO orders (order_no, account_id, product_no, product_type, brand, order_status, validity, common_name, pay_amount)
     SELECT no, $1, 'T-DV', 'ssl', 'globalsign', 1001, 1, 'pay.example.com', price FROM unnest($2::text[], $3::bigint[]) AS t(no, price)`,
    [accountId, orderNos, prices],
  );
  return orderNos;
}

export async function balanceOf(app: App, accountId: number): Promise<number> {
  const [r] = await app.db.query<{ b: number }>(`SELECT balance::float8 AS b FROM accounts WHERE id = $1`, [accountId]);
  return r!.b;
}

/** Sum of the account's ledger entries; with a zero opening balance it must equal the balance. */
export async function ledgerSum(app: App, accountId: number): Promise<number> {
  const [r] = await app.db.query<{ s: number }>(`SELECT coalesce(sum(amount), 0)::float8 AS s FROM ledger_entries WHERE account_id = $1`, [accountId]);
  return r!.s;
}

export async function orderStatusOf(app: App, orderNo: string): Promise<number> {
  const [r] = await app.db.query<{ s: number }>(`SELECT order_status AS s FROM orders WHERE order_no = $1`, [orderNo]);
  return r!.s;
}

export async function completeProfile(app: App, accountId: number): Promise<void> {
  await app.db.query(
    `INSERT INTO account_profiles (account_id, lastname, firstname, nation_code, province, city, address) VALUES ($1, '张', '三', 'CN', '北京', '北京', '朝阳区 1 号')`,
    [accountId],
  );
}

/** Posts a callback as the sandbox would sign it (or with the given signature). */
export async function postCallback(app: App, body: object, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const sig = opts.signature ?? signCallback(Buffer.from(opts.secret ?? sandboxSecretForTests, 'utf8'), ts, raw);
  const r = await app.inject({ method: 'POST', url: '/payment-callbacks/sandbox', headers: { 'content-type': 'application/json', [signatureHeader]: sig, [timestampHeader]: String(ts) }, payload: raw });
  const env = r.json() as { code: number; msg: string; data: { received: boolean; applied: boolean; reason: string } };
  // Callbacks answer the envelope too, its code the HTTP status.
  if (env.code !== r.statusCode || !env.msg) throw new Error(`callback answer is not the envelope: ${r.body}`);
  return { status: r.statusCode, body: env.data, msg: env.msg };
}

/** The callback the sandbox would send for a payment of this server (by our payment id). */
export async function callbackFor(app: App, paymentId: string, status: 'succeeded' | 'declined' | 'expired', occurredAt = Math.floor(Date.now() / 1000)) {
  const [p] = await app.db.query<{ provider_ref: string; amount: number; currency: string }>(
    `SELECT provider_ref, amount::float8 AS amount, currency FROM payments WHERE id = $1`,
    [paymentId],
  );
  return { eventId: `${p!.provider_ref}:${status}`, paymentId: p!.provider_ref, merchantRef: paymentId, status, amount: p!.amount, currency: p!.currency, occurredAt };
}

/** Makes every job due now and the payment's expiry past, so the expiry jobs run on the next drain (no sleeps). */
export async function expireNow(app: App, paymentId: string): Promise<void> {
  await app.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [paymentId]);
  await app.db.query(`UPDATE sandbox_payments SET expires_at = now() - interval '1 second' WHERE merchant_ref = $1`, [paymentId]);
  await app.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending'`);
}

/** What account `a` (a SQL alias of accounts) can invoice, summed the long way: consumed less its open invoices. */
export const uninvoicedSumSql = (a: string) => `(coalesce((SELECT sum(amount) FROM billing_consumption WHERE account_id = ${a}.id), 0)
  - coalesce((SELECT sum(amount) FROM invoices WHERE account_id = ${a}.id AND status IN ('pending', 'issued')), 0))`;

/**
 * The ledger's promise, over every account of the database: the balance is the sum of the account's entries, and
 * its newest entry's balance_after; and what it can invoice (accounts.uninvoiced, moved with the balance by the same
 * UPDATE) is what it consumed less its open invoices. Called after each payment test, races included.
 */
export async function expectLedgerMatchesBalances(db: Queryable): Promise<void> {
  const off = await db.query<{ id: number; balance: number; sum: number; last: number | null }>(
    `SELECT a.id, a.balance::float8 AS balance, coalesce(s.sum, 0)::float8 AS sum, l.balance_after::float8 AS last
       FROM accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS sum, max(id) AS last_id FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
       LEFT JOIN ledger_entries l ON l.id = s.last_id
      WHERE a.balance <> coalesce(s.sum, 0) OR (l.id IS NOT NULL AND l.balance_after <> a.balance)
      ORDER BY a.id`,
  );
  expect(off, 'accounts whose balance is not their ledger').toEqual([]);
  const uninvoiced = await db.query<{ id: number; kept: number; sum: number }>(
    `SELECT id, kept, sum FROM (SELECT a.id, a.uninvoiced::float8 AS kept, ${uninvoicedSumSql('a')}::float8 AS sum FROM accounts a) x
      WHERE kept <> sum ORDER BY id`,
  );
  expect(uninvoiced, 'accounts whose uninvoiced figure is not what they consumed less their open invoices').toEqual([]);
}

/** A new account whose opening balance is a ledger entry (so the ledger still explains it). */
export async function fundedAccount(app: App, cents: number): Promise<{ id: number; token: string }> {
  const a = await newAccount(app);
  if (cents > 0) await app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: cents, kind: 'adjustment', ref: `opening:${a.id}` }));
  return a;
}
