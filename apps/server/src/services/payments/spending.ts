import type { Queryable } from '@cc/db/client';
import { orderStatus } from '@cc/contracts/orders';
import { fail } from '../../lib/app-error.ts';
import { yuanText } from '../../lib/money.ts';
import { memberJoin, memberPayLimitSql } from '../../plugins/auth.ts';
import { AcmeProblem } from '../acme-server/problems.ts';

/**
 * Who spends an account's money in one call. Every call that moves money out of an account (the balance, or a
 * gateway payment for its orders and purchases) takes one and passes it through the spending gate with the amount
 * it is about to take. A signed-in call gets it from its route's declaration (plugins/spending.ts spenderOf), the
 * ACME server from the EAB key the client registered with.
 */
export type Spender =
  | { by: 'owner'; accountId: number }
  /** `roleName` in the caller's language, for the refusal. */
  | { by: 'member'; accountId: number; memberId: number; roleName: string; payLimitCents: number | null }
  | { by: 'eabKey'; accountId: number; eabKeyId: number; roleName: (code: string) => string };

/** Cents the orders through an EAB key cost so far, cancelled ones not counted. */
export async function spentThrough(q: Queryable, eabKeyId: number): Promise<number> {
  const [r] = await q.query<{ spent: number }>(
    `SELECT coalesce(sum(o.pay_amount), 0)::float8 AS spent FROM acme_server_orders a JOIN acme_server_accounts c ON c.id = a.acme_account_id
       JOIN orders o ON o.id = a.order_id WHERE c.eab_key_id = $1 AND o.order_status <> $2`,
    [eabKeyId, orderStatus.cancelled],
  );
  return r?.spent ?? 0;
}

/**
 * The spending gate: refuses a payment of `cents` the spender may not make, before any money moves.
 * - the owner: no limit;
 * - a member (its session or its API key): at most its role's pay limit per payment (0: cannot pay), code 14001;
 * - an EAB key: the key's spending limit over everything ordered through it, and, for a key a member made, that
 *   member's role limit per order (a suspended or removed member's key orders nothing). Call it inside the paying
 *   transaction: the key's row lock makes its limit hold against concurrent orders through it.
 */
export async function passSpendingGate(q: Queryable, s: Spender, cents: number): Promise<void> {
  if (s.by === 'owner') return;
  if (s.by === 'member') {
    if (s.payLimitCents === null || cents <= s.payLimitCents) return;
    throw fail('PAY_LIMIT', { role: s.roleName, limit: yuanText(s.payLimitCents), amount: yuanText(cents) });
  }
  const [k] = await q.query<{ spend_limit: number | null; member_id: number | null; m_status: string | null; m_role: string | null; m_pay_limit: number | string | null }>(
    `SELECT k.spend_limit::float8 AS spend_limit, k.member_id, m.status AS m_status, r.code AS m_role, ${memberPayLimitSql} AS m_pay_limit
       FROM acme_eab_keys k ${memberJoin('k')} WHERE k.id = $1 FOR UPDATE OF k`,
    [s.eabKeyId],
  );
  if (!k) throw new AcmeProblem('unauthorized', 403, 'acme.p.accountUnknown');
  if (k.member_id !== null) {
    if (k.m_status !== 'active') throw new AcmeProblem('unauthorized', 403, 'acme.p.accountUnknown');
    const limit = k.m_pay_limit === null ? null : Number(k.m_pay_limit);
    if (limit !== null && cents > limit) {
      throw new AcmeProblem('unauthorized', 403, 'acme.p.payLimit', { role: s.roleName(k.m_role ?? ''), limit: yuanText(limit), price: yuanText(cents) });
    }
  }
  if (k.spend_limit === null) return;
  // What was spent before this payment (its order is not linked to the key yet).
  const spent = await spentThrough(q, s.eabKeyId);
  if (spent + cents > k.spend_limit) throw new AcmeProblem('unauthorized', 403, 'acme.p.spendLimit', { limit: yuanText(k.spend_limit), spent: yuanText(spent), price: yuanText(cents) });
}

/** Whether the gate can refuse this spender anything (the owner, and a member without a limit, it never refuses). */
export const isBounded = (s: Spender): boolean => s.by === 'eabKey' || (s.by === 'member' && s.payLimitCents !== null);
