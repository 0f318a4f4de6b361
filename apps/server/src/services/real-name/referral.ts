import type { Queryable } from '@cc/db/client';
import type { z } from 'zod';
import type { inviteConditionAnswer } from '@cc/contracts/real-name';
import { maskContact } from '@cc/domain/account';
import { referralLedgerRef, referralLedgerRefPrefix, referralMaxRewards, referralRewardCents } from '@cc/domain/referral';
import { postLedgerEntry } from '../payments/ledger.ts';
import { formatTime } from '../session/accounts.ts';

const contactOf = (a: { email: string | null; telephone: string | null }) => maskContact(a.email ?? a.telephone ?? '');

/**
 * The inviter's reward for an invited account that has just passed a real-name verification (domain/referral.ts):
 * once per invited account (the ledger's unique (kind, ref)), at most referralMaxRewards per inviter. Runs in the
 * transaction that applies the approval; the inviter's row is locked first so that two approvals at once cannot
 * both take the last reward.
 */
export async function creditReferralReward(q: Queryable, inviteeId: number): Promise<boolean> {
  const [invitee] = await q.query<{ account_no: string; invited_by: number | null; email: string | null; telephone: string | null }>(
    `SELECT account_no, invited_by, email, telephone FROM accounts WHERE id = $1`,
    [inviteeId],
  );
  if (!invitee?.invited_by) return false;
  await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [invitee.invited_by]);
  const ref = referralLedgerRef(invitee.account_no);
  const [seen] = await q.query<{ paid: number; mine: number }>(
    `SELECT count(*)::int AS paid, count(*) FILTER (WHERE ref = $2)::int AS mine FROM ledger_entries WHERE account_id = $1 AND kind = 'referral_reward'`,
    [invitee.invited_by, ref],
  );
  if (!seen || seen.mine > 0 || seen.paid >= referralMaxRewards) return false;
  await postLedgerEntry(q, { accountId: invitee.invited_by, amount: referralRewardCents, kind: 'referral_reward', ref, remark: contactOf(invitee) });
  return true;
}

/** GET /v1/inviteCondition: what the programme pays and where the caller's invitations stand. */
export async function inviteConditionOf(q: Queryable, accountId: number): Promise<z.infer<typeof inviteConditionAnswer>> {
  const [totals] = await q.query<{ invited: number; verified: number }>(
    `SELECT count(*)::int AS invited, count(*) FILTER (WHERE auth_p_progress = 'approved' OR auth_e_progress = 'approved')::int AS verified
       FROM accounts WHERE invited_by = $1`,
    [accountId],
  );
  const [paid] = await q.query<{ n: number; sum: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::float8 AS sum FROM ledger_entries WHERE account_id = $1 AND kind = 'referral_reward'`,
    [accountId],
  );
  const rows = await q.query<{ account_no: string; email: string | null; telephone: string | null; created_at: Date | string; verified: boolean; rewarded: boolean }>(
    `SELECT a.account_no, a.email, a.telephone, a.created_at, (a.auth_p_progress = 'approved' OR a.auth_e_progress = 'approved') AS verified,
            EXISTS (SELECT 1 FROM ledger_entries l WHERE l.account_id = $1 AND l.kind = 'referral_reward' AND l.ref = $2 || a.account_no) AS rewarded
       FROM accounts a WHERE a.invited_by = $1 ORDER BY a.id DESC LIMIT 20`,
    [accountId, referralLedgerRefPrefix],
  );
  return {
    rewardCents: referralRewardCents,
    maxRewards: referralMaxRewards,
    condition: 'realName',
    invited: totals?.invited ?? 0,
    verified: totals?.verified ?? 0,
    rewarded: paid?.n ?? 0,
    earnedCents: paid?.sum ?? 0,
    invitees: rows.map((r) => ({
      account: contactOf(r),
      signedUpAt: formatTime(r.created_at),
      state: r.rewarded ? ('rewarded' as const) : r.verified ? ('verified' as const) : ('signedUp' as const),
    })),
  };
}
