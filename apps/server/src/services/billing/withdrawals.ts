import type { Db, Queryable } from '@cc/db/client';
import { RuleError, said } from '../purchase/rule-error.ts';
import { payTx } from '../payments/tx.ts';
import { postLedgerEntry } from '../payments/ledger.ts';
import { passSpendingGate, type Spender } from '../payments/spending.ts';
import { yuan } from './csv.ts';

/**
 * Cents the account may take back: its balance less every invite reward and platform adjustment it was credited
 * (money it did not pay in stays for buying, never for withdrawing; the rewards are taken to be spent last).
 */
export async function refundableOf(q: Queryable, accountId: number): Promise<{ balance: number; refundable: number }> {
  const [r] = await q.query<{ balance: number; gifts: number }>(
    `SELECT a.balance::float8 AS balance,
            coalesce((SELECT sum(amount) FROM ledger_entries WHERE account_id = a.id AND kind IN ('referral_reward', 'adjustment') AND amount > 0), 0)::float8 AS gifts
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  const balance = r?.balance ?? 0;
  return { balance, refundable: Math.max(0, balance - (r?.gifts ?? 0)) };
}

type Row = { id: number; amount: number; method: 'original' | 'bank'; bank_name: string; bank_account: string; account_name: string; status: 'pending' | 'paid' | 'rejected'; reject_reason: string; created_at: Date | string; decided_at: Date | string | null; account_no?: string };
const columns = `w.id, w.amount::float8 AS amount, w.method, w.bank_name, w.bank_account, w.account_name, w.status, w.reject_reason, w.created_at, w.decided_at`;
const masked = (s: string) => (s.length > 4 ? `${'*'.repeat(s.length - 4)}${s.slice(-4)}` : s);
const withdrawalOf = (r: Row, mask = true) => ({
  id: r.id,
  amount: r.amount,
  method: r.method,
  bankName: r.bank_name,
  bankAccount: mask ? masked(r.bank_account) : r.bank_account,
  accountName: r.account_name,
  status: r.status,
  rejectReason: r.reject_reason,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

export async function listWithdrawals(q: Queryable, accountId: number, page: { limit: number; offset: number }) {
  const rows = await q.query<Row>(`SELECT ${columns} FROM withdrawals w WHERE w.account_id = $1 ORDER BY w.id DESC LIMIT $2 OFFSET $3`, [accountId, page.limit, (page.offset - 1) * page.limit]);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE account_id = $1`, [accountId]);
  return { data: rows.map((r) => withdrawalOf(r)), total: c?.n ?? 0, ...(await refundableOf(q, accountId)) };
}

/**
 * Requests a withdrawal: the account row is locked, the refundable amount checked, and the money leaves the
 * balance at once through the ledger (kind withdrawal), so a payment racing it can never spend it twice; the
 * balance's CHECK (>= 0) is the last word. A rejection puts it back.
 */
export async function requestWithdrawal(db: Db, spender: Spender, b: { amount: number; method: 'original' | 'bank'; bankName: string; bankAccount: string; accountName: string }) {
  const accountId = spender.accountId;
  return payTx(db, async (q) => {
    // Money leaving the account: the spending gate, as for any payment (the route is the holder's alone today).
    await passSpendingGate(q, spender, b.amount);
    await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    const { refundable } = await refundableOf(q, accountId);
    if (b.amount > refundable) {
      const s = said('bill.withdraw.overRefundable', { refundable: yuan(refundable) });
      throw new RuleError('WITHDRAW_OVER_REFUNDABLE', s, { amount: s });
    }
    const bank = b.method === 'bank';
    const [w] = await q.query<{ id: number }>(
      `INSERT INTO withdrawals (account_id, amount, method, bank_name, bank_account, account_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [accountId, b.amount, b.method, bank ? b.bankName : '', bank ? b.bankAccount : '', bank ? b.accountName : ''],
    );
    const e = await postLedgerEntry(q, { accountId, amount: -b.amount, kind: 'withdrawal', ref: String(w!.id), payWay: bank ? 'bank_transfer' : 'balance', remark: `withdrawal ${w!.id}` });
    return { id: w!.id, balance: e.balanceAfter };
  });
}

export async function operatorWithdrawals(q: Queryable, f: { limit: number; offset: number; status?: string | undefined }) {
  const where = `($1::text IS NULL OR w.status = $1)`;
  const rows = await q.query<Row>(
    `SELECT ${columns}, a.account_no FROM withdrawals w JOIN accounts a ON a.id = w.account_id WHERE ${where} ORDER BY w.id DESC LIMIT $2 OFFSET $3`,
    [f.status ?? null, f.limit, (f.offset - 1) * f.limit],
  );
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals w WHERE ${where}`, [f.status ?? null]);
  return { data: rows.map((r) => ({ ...withdrawalOf(r, false), accountNo: r.account_no ?? '' })), total: c?.n ?? 0 };
}

/** The operator paid it out (the money already left the balance) or rejects it (the money comes back). */
export async function decideWithdrawal(db: Db, id: number, decision: { paid: true } | { paid: false; reason: string }) {
  return payTx(db, async (q) => {
    const [w] = await q.query<{ account_id: number; amount: number; status: string }>(`SELECT account_id, amount::float8 AS amount, status FROM withdrawals WHERE id = $1 FOR UPDATE`, [id]);
    if (!w) throw new RuleError('NOT_FOUND', said('bill.withdraw.notFound'));
    if (w.status !== 'pending') throw new RuleError('BILL_NOT_PENDING', said('bill.notPending'));
    if (decision.paid) {
      await q.query(`UPDATE withdrawals SET status = 'paid', decided_at = now() WHERE id = $1`, [id]);
      return { id, status: 'paid' };
    }
    await q.query(`UPDATE withdrawals SET status = 'rejected', reject_reason = $2, decided_at = now() WHERE id = $1`, [id, decision.reason]);
    await postLedgerEntry(q, { accountId: w.account_id, amount: w.amount, kind: 'withdrawal_return', ref: String(id), remark: `withdrawal ${id} rejected` });
    return { id, status: 'rejected' };
  });
}
