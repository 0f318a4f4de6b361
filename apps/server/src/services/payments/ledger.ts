import type { Queryable } from '@cc/db/client';
import { payWayCodeOf, type ledgerKinds } from '@cc/contracts/payments';
import { AlreadyAppliedError, InsufficientBalanceError, pgErrorOf } from './errors.ts';

export type LedgerKind = (typeof ledgerKinds)[number];

export interface LedgerEntryInput {
  accountId: number;
  /** Signed cents: positive credits the balance, negative debits it. */
  amount: number;
  kind: LedgerKind;
  /** What the entry pays for (order number, payment id); (kind, ref) is unique, so one payment moves money once. */
  ref: string;
  payWay?: string;
  remark?: string;
}

export interface LedgerEntry {
  id: number;
  balanceAfter: number;
}

/**
 * The only way a balance changes (with debitEntriesSql for several debits): moves accounts.balance, and
 * accounts.uninvoiced by what the entry consumes (account_balance_move, migration 0159), and writes the entry in one
 * statement, so all happen or none. Call it with the transaction of the change it pays for (`q` must be a transaction).
 * Throws InsufficientBalanceError when the CHECK (balance >= 0) refuses, AlreadyAppliedError on a repeated (kind, ref).
 * Either error has aborted the transaction on PostgreSQL: let it roll back.
 */
export async function postLedgerEntry(q: Queryable, e: LedgerEntryInput): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`ledger amount must be a non-zero integer of cents, got ${e.amount}`);
  try {
    const [row] = await q.query<{ id: number; balance_after: number }>(
      `WITH acc AS MATERIALIZED (SELECT account_balance_move($1, $2, billing_ledger_consumed($1, $3, $4, $2)) AS balance)
       INSERT INTO ledger_entries (account_id, amount, balance_after, kind, ref, pay_way, remark)
       SELECT $1, $2, balance, $3, $4, $5, $6 FROM acc WHERE balance IS NOT NULL
       RETURNING id::float8 AS id, balance_after::float8 AS balance_after`,
      [e.accountId, e.amount, e.kind, e.ref, e.payWay ?? 'balance', e.remark ?? ''],
    );
    if (!row) throw new Error(`account ${e.accountId} not found`);
    return { id: row.id, balanceAfter: row.balance_after };
  } catch (err) {
    throw ledgerError(err, e.kind, e.ref);
  }
}

/**
 * The business face of a statement that moved a balance: InsufficientBalanceError when a CHECK (balance >= 0)
 * refused, AlreadyAppliedError on a repeated (kind, ref); anything else as it was.
 */
export function ledgerError(err: unknown, kind: string, ref: string): unknown {
  const { code, constraint } = pgErrorOf(err);
  if (code === '23514' && (constraint === undefined || constraint.includes('balance'))) return new InsufficientBalanceError();
  if (code === '23505' && (constraint === undefined || constraint.startsWith('ledger_entries'))) return new AlreadyAppliedError(kind, ref);
  return err;
}

/**
 * postLedgerEntry for several debits of one account, as WITH parts of the statement that makes the rest of the change
 * (one round trip): `acc` moves the balance (and what can be invoiced) once by the total, `led` writes one entry per
 * row of `src` whose `due` (cents) is positive, each with the balance after it in `seq` order. `src` is an earlier WITH part with columns
 * due, ref, seq; `account` and `kind` are SQL expressions (parameters). Map the statement's errors with ledgerError.
 */
export function debitEntriesSql(o: { src: string; account: string; kind: string }): string {
  // acc is evaluated once, when led reads it: after the writes of the statement that nothing reads (see its callers).
  return `acc AS MATERIALIZED (
      SELECT account_balance_move(${o.account}, -sum(s.due)::bigint, sum(billing_ledger_consumed(${o.account}, ${o.kind}, s.ref, -s.due))::bigint) AS balance
        FROM ${o.src} s WHERE s.due > 0 HAVING count(*) > 0),
    led AS (
      INSERT INTO ledger_entries (account_id, amount, balance_after, kind, ref, pay_way)
      SELECT ${o.account}, -s.due, acc.balance + sum(s.due) OVER (ORDER BY s.seq DESC) - s.due, ${o.kind}, s.ref, 'balance'
        FROM ${o.src} s, acc WHERE s.due > 0 AND acc.balance IS NOT NULL ORDER BY s.seq
      RETURNING id)`;
}

export async function balanceOf(q: Queryable, accountId: number): Promise<number> {
  const [row] = await q.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [accountId]);
  return row?.balance ?? 0;
}

export interface CreditRecordFilter {
  limit: number;
  /** 1-based page number. */
  offset: number;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
  kind?: LedgerKind | undefined;
}

/** The caller's balance changes, newest first (GET /v1/creditChangeRecords). */
export async function listCreditRecords(q: Queryable, accountId: number, f: CreditRecordFilter) {
  const where = `account_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3) AND ($4::text IS NULL OR kind = $4)`;
  const params = [accountId, f.startTime?.toISOString() ?? null, f.endTime?.toISOString() ?? null, f.kind ?? null];
  const rows = await q.query<{ id: number; amount: number; balance_after: number; kind: LedgerKind; ref: string; pay_way: string; remark: string; created_at: Date | string }>(
    `SELECT id::float8 AS id, amount::float8 AS amount, balance_after::float8 AS balance_after, kind, ref, pay_way, remark, created_at
       FROM ledger_entries WHERE ${where} ORDER BY id DESC LIMIT $5 OFFSET $6`,
    [...params, f.limit, (f.offset - 1) * f.limit],
  );
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE ${where}`, params);
  return {
    data: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      balanceAfter: r.balance_after,
      kind: r.kind,
      ref: r.ref,
      payWay: payWayCodeOf(r.pay_way),
      payWayName: r.pay_way,
      remark: r.remark,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}
