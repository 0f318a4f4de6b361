import type { Db } from '@cc/db/client';
import { maxBatchOrders } from '@cc/domain/terms';
import { payBalanceGroup, type Aim, type BalancePayment, type BalancePayOutcome } from './order-payment.ts';
import { retried } from './tx.ts';

/** The most payments one statement takes (their orders together stay within maxBatchOrders). */
const maxGroup = 64;

interface Waiting {
  payment: BalancePayment;
  resolve: (cents: number) => void;
  reject: (e: unknown) => void;
}

interface Line {
  busy: boolean;
  waiting: Waiting[];
}

const linesOf = new WeakMap<Db, Map<string, Line>>();

/**
 * The next group of the line: the payments that came first, as many as fit, skipping one that names an order already
 * in the group (it waits for the next statement, and then finds the order paid, as it would have one after the other).
 */
function nextGroup(waiting: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const named = new Set<string>();
  let orders = 0;
  for (let i = 0; i < waiting.length && group.length < maxGroup; ) {
    const w = waiting[i]!;
    const fits = group.length === 0 || (orders + w.payment.orderNos.length <= maxBatchOrders && !w.payment.orderNos.some((n) => named.has(n)));
    if (!fits) {
      i++;
      continue;
    }
    waiting.splice(i, 1);
    group.push(w);
    orders += w.payment.orderNos.length;
    for (const n of w.payment.orderNos) named.add(n);
  }
  return group;
}

async function settle(db: Db, accountId: number, aim: Aim, group: Waiting[]): Promise<void> {
  let outcomes: BalancePayOutcome[];
  try {
    outcomes = await retried(() => payBalanceGroup(db, accountId, aim, group.map((w) => w.payment)));
  } catch (e) {
    if (group.length === 1) {
      group[0]!.reject(e);
      return;
    }
    // The statement refuses as a whole (the balance would go below zero, a reference repeated): each payment alone,
    // in the order they came, says whose it is, as they would have one after the other.
    for (const w of group) await settle(db, accountId, aim, [w]);
    return;
  }
  group.forEach((w, i) => {
    const o = outcomes[i]!;
    if ('paid' in o) w.resolve(o.paid);
    else w.reject(o.refused);
  });
}

async function drain(db: Db, lines: Map<string, Line>, key: string, line: Line, accountId: number, aim: Aim) {
  line.busy = true;
  try {
    while (line.waiting.length) await settle(db, accountId, aim, nextGroup(line.waiting));
  } catch (e) {
    // settle answers every payment it takes; this is only reached by a bug: answer the rest rather than leave them.
    for (const w of line.waiting.splice(0)) w.reject(e);
  } finally {
    line.busy = false;
    lines.delete(key);
  }
}

/**
 * Pays orders from the account's balance, all or nothing (payBalanceGroup), and answers the cents taken once the
 * payment is committed. The balance payments of one account wait in one line in this instance: one statement of the
 * line runs at a time, and the payments that arrive meanwhile go together in the next, each still all or nothing by
 * itself. They would queue on the account's row in the database anyway; together they pay a statement's fixed cost
 * (its dozen parts, their locks, the commit and its flush to disk) once. A payment that finds the line empty is sent
 * at once. Nothing here outlives the statements in flight: another instance needs none of it and has lines of its own.
 */
export function payFromBalanceInLine(db: Db, accountId: number, aim: Aim, payment: BalancePayment): Promise<number> {
  let lines = linesOf.get(db);
  if (!lines) linesOf.set(db, (lines = new Map()));
  const key = `${accountId}:${aim}`;
  let line = lines.get(key);
  if (!line) lines.set(key, (line = { busy: false, waiting: [] }));
  const answer = new Promise<number>((resolve, reject) => line.waiting.push({ payment, resolve, reject }));
  if (!line.busy) void drain(db, lines, key, line, accountId, aim);
  return answer;
}
