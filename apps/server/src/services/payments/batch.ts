import { randomBytes } from 'node:crypto';
import { translate, type Locale } from '@cc/contracts/messages';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../jobs/queue.ts';
import type { PaymentsContext } from './context.ts';
import { payRefusal } from './errors.ts';
import { payOrdersFromBalance } from './order-payment.ts';
import { payTx } from './tx.ts';
import type { JobKind } from '../jobs/kinds.ts';

export const batchPayJob = 'payment.batchPay' satisfies JobKind;

/** Opens a queue paying each order by balance in its own transaction, run by one durable job. */
export async function createBatchQueue(ctx: PaymentsContext, accountId: number, orderNos: string[]): Promise<{ queueId: string; total: number }> {
  const queueId = `Q${randomBytes(12).toString('base64url')}`;
  await ctx.db.tx(async (q) => {
    await q.query(`INSERT INTO pay_queues (id, account_id, total) VALUES ($1, $2, $3)`, [queueId, accountId, orderNos.length]);
    await q.query(
      `INSERT INTO pay_queue_items (queue_id, order_no, seq) SELECT $1, no, i FROM unnest($2::text[]) WITH ORDINALITY AS t(no, i)`,
      [queueId, orderNos],
    );
    await enqueue(q, batchPayJob, { queueId }, { dedupeKey: queueId, maxAttempts: 20 });
  });
  return { queueId, total: orderNos.length };
}

/** How long one run of a queue's job works before handing the worker to other jobs (callbacks, validation). */
const sliceMs = 1000;

/**
 * Pays the queue's pending items in order, each in its own transaction that also settles the item (success, or
 * fail with the reason), so a run stopped anywhere resumes with exactly the items left and no order is paid or
 * failed twice. Items are claimed with SKIP LOCKED: two runs of one queue (a resumed one next to a lease that has
 * not run out yet) share the items instead of queueing behind each other. Works for about `budgetMs`, then answers
 * 'more' so the worker can serve other jobs and come back; 'held' when the only pending items are another run's;
 * 'done' when nothing is pending.
 */
export async function runBatchQueue(ctx: PaymentsContext, queueId: string, budgetMs = sliceMs): Promise<'done' | 'more' | 'held'> {
  const [queue] = await ctx.db.query<{ account_id: number }>(`SELECT account_id FROM pay_queues WHERE id = $1`, [queueId]);
  if (!queue) return 'done';
  const until = Date.now() + budgetMs;
  for (;;) {
    const settled = await payTx(ctx.db, async (q) => {
      const [item] = await q.query<{ order_no: string }>(
        `SELECT order_no FROM pay_queue_items WHERE queue_id = $1 AND status = 'pending' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [queueId],
      );
      if (!item) return false;
      // A refusal aborts the payment's statements only; the item is then failed in the same transaction.
      await q.query('SAVEPOINT pay_item');
      try {
        await payOrdersFromBalance(q, queue.account_id, [item.order_no], 'makeOrder');
        await q.query('RELEASE SAVEPOINT pay_item');
        await q.query(`UPDATE pay_queue_items SET status = 'success', finished_at = now() WHERE queue_id = $1 AND order_no = $2`, [queueId, item.order_no]);
      } catch (e) {
        // Only business refusals fail an item; anything else stops the run and the job retries it later.
        if (!(e instanceof AppError)) throw e;
        await q.query('ROLLBACK TO SAVEPOINT pay_item');
        await q.query(
          `UPDATE pay_queue_items SET status = 'fail', reason_key = $3, reason_params = $4::jsonb, finished_at = now() WHERE queue_id = $1 AND order_no = $2`,
          [queueId, item.order_no, e.key, JSON.stringify(e.params ?? {})],
        );
      }
      return true;
    });
    if (!settled) {
      // Items another run holds (or a dead run's connection not yet gone): done only once every item is settled.
      const [held] = await ctx.db.query(`SELECT 1 FROM pay_queue_items WHERE queue_id = $1 AND status = 'pending' LIMIT 1`, [queueId]);
      return held ? 'held' : 'done';
    }
    if (Date.now() >= until) return 'more';
    // The embedded database answers without touching the event loop: let waiting requests in between items.
    await new Promise((r) => setImmediate(r));
  }
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
