import type { Db, Prepared, Queryable, Row } from '@cc/db/client';
import { maxBatchOrders } from '@cc/domain/terms';
import { payOrdersFromBalance, type Aim } from './order-payment.ts';
import { payStatement } from './tx.ts';

/** Pays orders from an account's balance (payOrdersFromBalance): answers the cents taken, or throws its refusal. */
export type BalancePayer = (accountId: number, orderNos: string[], aim: Aim) => Promise<number>;

interface Waiting {
  orderNos: string[];
  aim: Aim;
  resolve(cents: number): void;
  reject(e: unknown): void;
}

/**
 * Balance payments of one account share their commits while they arrive faster than one commits.
 *
 * Every balance payment updates its account's row, and PostgreSQL holds that row's lock until the commit is on disk:
 * payments of one account run one after another, each waiting for the previous one's WAL flush (the cost of a
 * commit, milliseconds on a loaded disk). So while a payment of an account is in flight here, the next ones of that
 * account wait, and then run as the statements of one transaction: one flush for all of them.
 *
 * Each payment stays what it is alone: its own statement (all its orders or none, exactly once by the statement's
 * own guards), its own answer, precise refusals. A statement that fails (not enough balance, a deadlock) aborts the
 * shared transaction, which then commits nothing: each payment of it is run again on its own, as it would have been.
 * A commit that fails (connection lost) fails them all, as it would fail one: whether it was applied is unknown,
 * and paying again is refused as already paid if it was. The queue holds only calls in flight in this process;
 * another instance pays on its own, the row lock keeping the two apart.
 */
export function createBalancePayer(db: Db, limits = { payments: 64, orders: maxBatchOrders }): BalancePayer {
  const waitingByAccount = new Map<number, Waiting[]>();

  const payAlone = (accountId: number, orderNos: string[], aim: Aim) => payStatement(db, (q) => payOrdersFromBalance(q, accountId, orderNos, aim));

  async function payTogether(accountId: number, group: Waiting[]): Promise<void> {
    let statementFailed = false;
    const outcomes: ({ cents: number } | { refusal: unknown })[] = [];
    try {
      await db.tx(async (q) => {
        const watched: Queryable = {
          query: <T extends Row>(sql: string | Prepared, params?: unknown[]) =>
            q.query<T>(sql, params).catch((e: unknown) => {
              statementFailed = true;
              throw e;
            }),
        };
        for (const w of group) {
          try {
            outcomes.push({ cents: await payOrdersFromBalance(watched, accountId, w.orderNos, w.aim) });
          } catch (e) {
            // A refusal read from the statement's answer changed nothing, and the transaction goes on.
            if (statementFailed) throw e;
            outcomes.push({ refusal: e });
          }
        }
      });
    } catch (e) {
      if (!statementFailed) {
        for (const w of group) w.reject(e);
        return;
      }
      for (const w of group) await payAlone(accountId, w.orderNos, w.aim).then(w.resolve, w.reject);
      return;
    }
    group.forEach((w, i) => {
      const o = outcomes[i]!;
      if ('cents' in o) w.resolve(o.cents);
      else w.reject(o.refusal);
    });
  }

  /** Runs the payments that waited for the one in flight, a group per transaction, until none waits. Never rejects. */
  async function drain(accountId: number): Promise<void> {
    try {
      await drainGroups(accountId);
    } catch (e) {
      // Not expected (every group settles its calls): fail those still waiting rather than leave them, and the account, stuck.
      for (const w of waitingByAccount.get(accountId) ?? []) w.reject(e);
      waitingByAccount.delete(accountId);
    }
  }

  async function drainGroups(accountId: number): Promise<void> {
    for (;;) {
      const waiting = waitingByAccount.get(accountId) ?? [];
      if (!waiting.length) {
        waitingByAccount.delete(accountId);
        return;
      }
      let orders = 0;
      let n = 0;
      while (n < waiting.length && n < limits.payments && (n === 0 || orders + waiting[n]!.orderNos.length <= limits.orders)) orders += waiting[n++]!.orderNos.length;
      const group = waiting.splice(0, n);
      if (group.length === 1) await payAlone(accountId, group[0]!.orderNos, group[0]!.aim).then(group[0]!.resolve, group[0]!.reject);
      else await payTogether(accountId, group);
    }
  }

  return async (accountId, orderNos, aim) => {
    const waiting = waitingByAccount.get(accountId);
    if (waiting) return new Promise<number>((resolve, reject) => waiting.push({ orderNos, aim, resolve, reject }));
    waitingByAccount.set(accountId, []);
    try {
      return await payAlone(accountId, orderNos, aim);
    } finally {
      void drain(accountId);
    }
  };
}
