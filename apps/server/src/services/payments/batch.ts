import { randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { notifyAccount } from '../messages/notify.ts';
import { translate, type Locale } from '@cc/contracts/messages';
import { enqueue } from '../jobs/queue.ts';
import { RuleError } from '../purchase/rule-error.ts';
import type { PaymentsContext } from './context.ts';
import { InsufficientBalanceError, payRefusal } from './errors.ts';
import { debitEntriesSql, ledgerError } from './ledger.ts';
import {
  awaitingPayment, orderRowColumns, ordersPaidJobSql, paidAwaitingValidation, payableOrRefusal, type OrderRow, type PayableOrder,
} from './order-payment.ts';
import { payTx } from './tx.ts';
import { checkVerificationForOrders } from './verification.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { auditAs, type AuditBy } from '../team/audit.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';
import { isBounded, passSpendingGate, type Spender } from './spending.ts';

export const batchPayJob = 'payment.batchPay' satisfies JobKind;

/**
 * Opens a queue paying its orders by balance, a chunk per transaction, run by one durable job. What the orders
 * waiting for payment cost passes the spending gate now, as one payment: the job pays no more (an order's amount does
 * not change once made).
 */
export async function createBatchQueue(ctx: PaymentsContext, spender: Spender, orderNos: string[], by: AuditBy): Promise<{ queueId: string; total: number }> {
  const accountId = spender.accountId;
  await checkVerificationForOrders(ctx.db, accountId, orderNos, 'makeOrder');
  const queueId = `Q${randomBytes(12).toString('base64url')}`;
  await ctx.db.tx(async (q) => {
    if (isBounded(spender)) {
      const [due] = await q.query<{ cents: number }>(
        `SELECT coalesce(sum(o.pay_amount), 0)::float8 AS cents FROM orders o WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')} AND o.order_status = $3`,
        [accountId, orderNos, awaitingPayment],
      );
      await passSpendingGate(q, spender, due?.cents ?? 0);
    }
    await q.query(`INSERT INTO pay_queues (id, account_id, total) VALUES ($1, $2, $3)`, [queueId, accountId, orderNos.length]);
    await q.query(
      `INSERT INTO pay_queue_items (queue_id, order_no, seq) SELECT $1, no, i FROM unnest($2::text[]) WITH ORDINALITY AS t(no, i)`,
      [queueId, orderNos],
    );
    await enqueue(q, batchPayJob, { queueId }, { dedupeKey: queueId, maxAttempts: 20 });
    await auditAs(q, accountId, by, { kind: 'payment', action: 'team.payment.batch', params: { count: orderNos.length, orderNo: orderNos.slice(0, 20).join(',') }, objectType: 'payment', objectId: queueId });
  });
  return { queueId, total: orderNos.length };
}

/** How long one run of a queue's job works before handing the worker to other jobs (callbacks, validation). */
const sliceMs = 1000;
/**
 * Orders paid per transaction: few round trips for a whole batch of 500, row locks held only briefly. The embedded
 * database runs one transaction at a time for the whole process, so there a smaller chunk lets other calls in sooner;
 * not much smaller: at 25 a batch of 500 outlasted its slice and waited behind its own orders' validation jobs (3.1 s
 * instead of 0.4 s to the end).
 */
export const chunkSizeOf = (db: { kind: 'pglite' | 'postgres' }) => (db.kind === 'postgres' ? 100 : 50);

type ItemRow = OrderRow & { item_no: string; seq: number };
type Settled = { orderNo: string; fail?: { key: string; params: Record<string, string | number> } };

/**
 * Pays the next `size` pending items of the queue in one transaction that also settles each item (success, or fail
 * with its reason), so a run stopped anywhere resumes with exactly the items left and no order is paid or failed
 * twice. Items are claimed with SKIP LOCKED: two runs of one queue (a resumed one next to a lease that has not run out
 * yet) share the items instead of queueing behind each other. An order that cannot be paid (not pending, already
 * paid, the balance spent by the orders before it) fails alone. Answers how many items it settled (0: none left).
 */
async function payChunk(ctx: PaymentsContext, queueId: string, accountId: number, size: number): Promise<number> {
  return payTx(ctx.db, async (q) => {
    // Items, then their orders in id order, then the account: the order every payer locks in.
    const items = await q.query<ItemRow>(
      `WITH items AS MATERIALIZED (
         SELECT order_no, seq FROM pay_queue_items WHERE queue_id = $1 AND status = 'pending' ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED),
       locked AS MATERIALIZED (
         SELECT ${orderRowColumns} FROM orders o WHERE o.account_id = $2 AND o.order_no IN (SELECT order_no FROM items) ORDER BY o.id FOR UPDATE)
       SELECT i.order_no AS item_no, i.seq, l.* FROM items i LEFT JOIN locked l ON l.order_no = i.order_no ORDER BY i.seq`,
      [queueId, accountId, size],
    );
    if (!items.length) return 0;
    const checked = items.map((r) => ({ orderNo: r.item_no, seq: r.seq, o: payableOrRefusal(r.item_no, r.id === null ? undefined : r, 'makeOrder') }));
    let balance = 0;
    if (checked.some((c) => !(c.o instanceof RuleError) && c.o.due > 0)) {
      const [acc] = await q.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
      balance = acc?.balance ?? 0;
    }
    // In the queue's order, as one payment after another would: an order the balance no longer covers fails, a
    // cheaper one after it may still be paid.
    const paid: (PayableOrder & { seq: number })[] = [];
    const settled: Settled[] = [];
    for (const c of checked) {
      const refusal = c.o instanceof RuleError ? c.o : c.o.due > balance ? new InsufficientBalanceError() : undefined;
      if (refusal) {
        settled.push({ orderNo: c.orderNo, fail: { key: refusal.key, params: refusal.params ?? {} } });
        continue;
      }
      const o = c.o as PayableOrder;
      if (o.due > 0) balance -= o.due;
      paid.push({ ...o, seq: c.seq });
      settled.push({ orderNo: c.orderNo });
    }
    let row: { orders: number; items: number } | undefined;
    try {
      [row] = await q.query<{ orders: number; items: number }>(
        `WITH pay AS MATERIALIZED (SELECT p.*, p.order_no AS ref FROM unnest($3::int[], $4::text[], $5::bigint[], $6::int[]) AS p(id, order_no, due, seq)),
         ${debitEntriesSql({ src: 'pay', account: '$2', kind: `'order_payment'` })},
         paid AS (
           UPDATE orders o SET order_status = ${paidAwaitingValidation}, paid_at = now(), updated_at = now()
             FROM pay p WHERE o.id = p.id AND o.order_status = ${awaitingPayment} RETURNING o.id),
         settled AS (
           UPDATE pay_queue_items it SET status = s.status, reason_key = s.reason_key, reason_params = s.reason_params::jsonb, finished_at = now()
             FROM unnest($7::text[], $8::text[], $9::text[], $10::text[]) AS s(order_no, status, reason_key, reason_params)
            WHERE it.queue_id = $1 AND it.order_no = s.order_no AND it.status = 'pending' RETURNING 1),
         ${ordersPaidJobSql('pay', `'makeOrder'::text`, '$1::text')}
         SELECT (SELECT count(*) FROM paid)::int AS orders, (SELECT count(*) FROM settled)::int AS items`,
        [
          queueId, accountId, paid.map((o) => o.id), paid.map((o) => o.orderNo), paid.map((o) => o.due), paid.map((o) => o.seq),
          settled.map((s) => s.orderNo), settled.map((s) => (s.fail ? 'fail' : 'success')), settled.map((s) => s.fail?.key ?? null),
          settled.map((s) => (s.fail ? JSON.stringify(s.fail.params) : null)),
        ],
      );
    } catch (e) {
      throw ledgerError(e, 'order_payment', queueId);
    }
    // Every row was locked above: a difference means something is badly wrong, so nothing of the chunk stays.
    if (row?.orders !== paid.length || row.items !== settled.length) throw new Error(`queue ${queueId} changed while locked (${JSON.stringify(row)})`);
    return settled.length;
  });
}

/**
 * Pays the queue's pending items in order, a chunk per transaction (payChunk). Works for about `budgetMs`, then
 * answers 'more' so the worker can serve other jobs and come back; 'held' when the only pending items are another
 * run's; 'done' when nothing is pending. Stops between chunks once `signal` says the run lost its job's lease.
 */
export async function runBatchQueue(
  ctx: PaymentsContext, queueId: string, opts: { budgetMs?: number; size?: number; signal?: AbortSignal } = {},
): Promise<'done' | 'more' | 'held'> {
  const [queue] = await ctx.db.query<{ account_id: number }>(`SELECT account_id FROM pay_queues WHERE id = $1`, [queueId]);
  if (!queue) return 'done';
  const until = Date.now() + (opts.budgetMs ?? sliceMs);
  for (;;) {
    if (opts.signal?.aborted) return 'more';
    if (!(await payChunk(ctx, queueId, queue.account_id, opts.size ?? chunkSizeOf(ctx.db)))) {
      // Items another run holds (or a dead run's connection not yet gone): done only once every item is settled.
      const [held] = await ctx.db.query(`SELECT 1 FROM pay_queue_items WHERE queue_id = $1 AND status = 'pending' LIMIT 1`, [queueId]);
      return held ? 'held' : 'done';
    }
    if (Date.now() >= until) return 'more';
    // The embedded database answers without touching the event loop: let waiting requests in between chunks.
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * The queue's job failed for good (services/jobs/kinds.ts paidGoodsKinds): its items still pending fail with the
 * reason, so the queue ends and shows what is unpaid, and the customer is told. Nothing was taken for them (each chunk
 * debits and settles its items in one transaction); the items paid before stay paid and go on to validation.
 */
export async function settleBatchQueue(q: Queryable, queueId: string): Promise<void> {
  const [queue] = await q.query<{ account_id: number }>(`SELECT account_id FROM pay_queues WHERE id = $1`, [queueId]);
  if (!queue) return;
  const left = await q.query(
    `UPDATE pay_queue_items SET status = 'fail', reason_key = 'pay.batch.stopped', reason_params = '{}'::jsonb, finished_at = now()
      WHERE queue_id = $1 AND status = 'pending' RETURNING order_no`,
    [queueId],
  );
  if (left.length) await notifyAccount(q, queue.account_id, 'deliveryFailed', { what: 'batchPay', queueId, count: left.length, amount: 0 });
}

/**
 * Queues with items still pending, for a run at start: a run cut short by a crash keeps its job's lease until it
 * runs out, and the batch should not wait for that. A second run of a queue is harmless (items are claimed once).
 */
export async function resumeBatchQueues(ctx: PaymentsContext, bootId: string): Promise<number> {
  const rows = await ctx.db.query<{ queue_id: string }>(`SELECT DISTINCT queue_id FROM pay_queue_items WHERE status = 'pending'`);
  for (const r of rows) await enqueue(ctx.db, batchPayJob, { queueId: r.queue_id }, { dedupeKey: `${r.queue_id}:resume:${bootId}`, maxAttempts: 20 });
  return rows.length;
}

export async function recentQueues(ctx: PaymentsContext, accountId: number): Promise<string[]> {
  const rows = await ctx.db.query<{ id: string }>(`SELECT id FROM pay_queues WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20`, [accountId]);
  return rows.map((r) => r.id);
}

export async function queueStatus(ctx: PaymentsContext, accountId: number, queueId: string, locale: Locale) {
  const [queue] = await ctx.db.query<{ total: number }>(`SELECT total FROM pay_queues WHERE id = $1 AND account_id = $2`, [queueId, accountId]);
  if (!queue) throw payRefusal('NOT_FOUND', 'pay.queue.notFound', undefined, 'queueId');
  const [c] = await ctx.db.query<{ pending: number; success: number; fail: number }>(
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'success')::int AS success,
            count(*) FILTER (WHERE status = 'fail')::int AS fail
       FROM pay_queue_items WHERE queue_id = $1`,
    [queueId],
  );
  const fails = await ctx.db.query<{ order_no: string; reason_key: string | null; reason_params: Record<string, string | number> | null }>(
    `SELECT order_no, reason_key, reason_params FROM pay_queue_items WHERE queue_id = $1 AND status = 'fail' ORDER BY seq`,
    [queueId],
  );
  const successCount = c?.success ?? 0;
  const failCount = c?.fail ?? 0;
  const done = successCount + failCount;
  return {
    queueId,
    total: queue.total,
    pendingCount: c?.pending ?? 0,
    successCount,
    failCount,
    failOrders: fails.map((f) => ({ orderNo: f.order_no, reason: translate(locale, f.reason_key ?? 'err.internal', f.reason_params ?? undefined) })),
    status: done >= queue.total ? ('end' as const) : done === 0 ? ('ready' as const) : ('pending' as const),
  };
}
