import type { Queryable } from '@cc/db/client';
import type { z } from 'zod';
import type { orgRealAuthAnswer, orgRealAuthBody, realAuthAnswer, realAuthBody } from '@cc/contracts/real-name';
import type { RealNameMessageKey } from '@cc/contracts/real-name-messages';
import { depositMaxAttempts, maskIdCard } from '@cc/domain/real-name';
import type { VerificationEvent } from '../../adapters/verification/verifier.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import { formatTime } from '../session/accounts.ts';
import { pgErrorOf } from '../payments/errors.ts';
import { creditReferralReward } from './referral.ts';
import type { RealNameContext } from './context.ts';

type Kind = 'personal' | 'enterprise';
type Row = {
  id: number;
  account_id: number;
  kind: Kind;
  status: 'pending' | 'approved' | 'declined';
  step: 'deposit' | 'review' | 'done';
  name: string;
  id_number_masked: string;
  org_name: string;
  open_account: string;
  bank_account_masked: string;
  deposit_attempts: number;
  deposit_expires_at: Date | string | null;
  provider: string;
  provider_ref: string;
  reason: string;
  created_at: Date | string;
  decided_at: Date | string | null;
};

/** How long the company has to read the deposit off its statement (a transfer can take a working day or two). */
const depositHours = 72;
const progressColumn: Record<Kind, string> = { personal: 'auth_p_progress', enterprise: 'auth_e_progress' };

export const refusal = (name: 'CONFLICT' | 'NOT_FOUND' | 'INVALID_INPUT', key: RealNameMessageKey, field?: string, params?: Record<string, string | number>) => {
  const s = said(key, params);
  return new RuleError(name, s, field ? { [field]: s } : {});
};

async function latest(q: Queryable, accountId: number, kind: Kind): Promise<Row | undefined> {
  const [row] = await q.query<Row>(`SELECT * FROM real_name_verifications WHERE account_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1`, [accountId, kind]);
  return row;
}

const reviewUrlOf = (ctx: RealNameContext, row: Row, origin: string) =>
  ctx.showReviewPage && row.provider === 'sandbox' && row.status === 'pending' ? `${origin}/verify/test?id=${row.provider_ref}` : '';

function common(ctx: RealNameContext, row: Row | undefined, origin: string, locale: 'zh' | 'en', translate: (l: 'zh' | 'en', k: string) => string) {
  if (!row) return { authno: 0, status: 'N' as const, reason: '', submittedAt: '', decidedAt: '', reviewURL: '' };
  // Reasons this server gave (deposit attempts, expiry) are keys; a verifier's own reason is shown as it said it.
  const reason = row.reason.startsWith('realName.reason.') ? translate(locale, row.reason) : row.reason;
  return { authno: row.id, status: row.status, reason, submittedAt: formatTime(row.created_at), decidedAt: formatTime(row.decided_at), reviewURL: reviewUrlOf(ctx, row, origin) };
}

type Translate = (l: 'zh' | 'en', k: string) => string;

export async function personalOf(ctx: RealNameContext, accountId: number, origin: string, locale: 'zh' | 'en', t: Translate): Promise<z.infer<typeof realAuthAnswer>> {
  const row = await latest(ctx.db, accountId, 'personal');
  return { ...common(ctx, row, origin, locale, t), name: row?.name ?? '', idCard: row?.id_number_masked ?? '' };
}

function enterpriseView(ctx: RealNameContext, row: Row | undefined, origin: string, locale: 'zh' | 'en', t: Translate): z.infer<typeof orgRealAuthAnswer> {
  return {
    ...common(ctx, row, origin, locale, t),
    step: row ? row.step : 'none',
    orgName: row?.org_name ?? '',
    socialCode: row?.id_number_masked ?? '',
    legalName: row?.name ?? '',
    openAccount: row?.open_account ?? '',
    bankAccount: row?.bank_account_masked ?? '',
    attemptsLeft: row?.step === 'deposit' ? Math.max(0, depositMaxAttempts - row.deposit_attempts) : 0,
    depositExpiresAt: row?.step === 'deposit' ? formatTime(row.deposit_expires_at) : '',
  };
}

export async function enterpriseOf(ctx: RealNameContext, accountId: number, authno: number | undefined, origin: string, locale: 'zh' | 'en', t: Translate) {
  let row: Row | undefined;
  if (authno === undefined) row = await latest(ctx.db, accountId, 'enterprise');
  else {
    // Another account's number answers exactly as a number that does not exist.
    [row] = await ctx.db.query<Row>(`SELECT * FROM real_name_verifications WHERE id = $1 AND account_id = $2 AND kind = 'enterprise'`, [authno, accountId]);
    if (!row) throw refusal('NOT_FOUND', 'realName.notFound', 'authno');
  }
  return enterpriseView(ctx, row, origin, locale, t);
}

async function refuseWhileOpen(q: Queryable, accountId: number, kind: Kind) {
  const last = await latest(q, accountId, kind);
  if (last?.status === 'pending') throw refusal('CONFLICT', kind === 'personal' ? 'realName.personal.pending' : 'realName.enterprise.pending');
  if (last?.status === 'approved') throw refusal('CONFLICT', kind === 'personal' ? 'realName.personal.approved' : 'realName.enterprise.approved');
}

/**
 * Records the verification (pending) and hands it to the verifier. The provider is asked first: if it is down,
 * nothing is recorded; if recording then fails, the provider's review is left without a merchant record and its
 * callback answers "unknown" (as a provider's orphan would).
 */
async function submit(
  ctx: RealNameContext,
  accountId: number,
  kind: Kind,
  fields: { name: string; idNumber: string; orgName?: string; openAccount?: string; bankAccount?: string },
  origin: string,
) {
  await refuseWhileOpen(ctx.db, accountId, kind);
  const digest = ctx.box.digest(`real-name ${kind}`, fields.idNumber);
  const inUse = await ctx.db.query(
    `SELECT 1 FROM real_name_verifications WHERE kind = $1 AND id_number_digest = $2 AND status IN ('pending', 'approved') AND account_id <> $3`,
    [kind, digest, accountId],
  );
  const inUseKey = kind === 'personal' ? 'realName.idCardInUse' : 'realName.socialCodeInUse';
  const idField = kind === 'personal' ? 'idCard' : 'socialCode';
  if (inUse.length) throw refusal('CONFLICT', inUseKey, idField);
  const [{ id } = { id: 0 }] = await ctx.db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('real_name_verifications', 'id'))::int AS id`);
  const sent = await ctx.verifier.submit({ kind, merchantRef: String(id), subject: fields, origin });
  try {
    await ctx.db.tx(async (q) => {
      await q.query(
        `INSERT INTO real_name_verifications (id, account_id, kind, step, name, id_number_sealed, id_number_masked, id_number_digest, org_name, open_account,
           bank_account_masked, deposit_expires_at, provider, provider_ref)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${kind === 'enterprise' ? `now() + interval '${depositHours} hours'` : 'NULL'}, $12, $13)`,
        [
          id, accountId, kind, kind === 'enterprise' ? 'deposit' : 'review', fields.name, ctx.box.seal(fields.idNumber), maskIdCard(fields.idNumber), digest,
          fields.orgName ?? '', fields.openAccount ?? '', fields.bankAccount ? `****${fields.bankAccount.slice(-4)}` : '', ctx.verifier.name, sent.providerRef,
        ],
      );
      await q.query(`UPDATE accounts SET ${progressColumn[kind]} = 'pending' WHERE id = $1`, [accountId]);
    });
  } catch (e) {
    // Two submissions at once: the partial unique indexes decide; the loser is told as if it had come second.
    if (pgErrorOf(e).code === '23505') {
      const { constraint } = pgErrorOf(e);
      if (constraint?.includes('live_identity')) throw refusal('CONFLICT', inUseKey, idField);
      throw refusal('CONFLICT', kind === 'personal' ? 'realName.personal.pending' : 'realName.enterprise.pending');
    }
    throw e;
  }
  return id;
}

export async function submitPersonal(ctx: RealNameContext, accountId: number, body: z.infer<typeof realAuthBody>, origin: string) {
  return submit(ctx, accountId, 'personal', { name: body.name, idNumber: body.idCard }, origin);
}

type OrgBody = z.infer<typeof orgRealAuthBody>;

export async function submitEnterprise(ctx: RealNameContext, accountId: number, body: OrgBody, origin: string) {
  return submit(
    ctx,
    accountId,
    'enterprise',
    { name: body.legalName ?? '', idNumber: body.socialCode ?? '', orgName: body.orgName ?? '', openAccount: body.openAccount ?? '', bankAccount: body.bankAccount ?? '' },
    origin,
  );
}

/** Declines an enterprise verification at the deposit step, for a reason of this server's (a message key). */
async function declineAtDeposit(q: Queryable, row: Row, reasonKey: RealNameMessageKey) {
  await q.query(`UPDATE real_name_verifications SET status = 'declined', step = 'done', reason = $2, decided_at = now() WHERE id = $1`, [row.id, reasonKey]);
  await q.query(`UPDATE accounts SET auth_e_progress = 'declined' WHERE id = $1`, [row.account_id]);
}

/**
 * The amount read on the bank statement. Right: on to the verifier's review. Wrong: one attempt fewer; the last
 * wrong one, or one after the deadline, declines the verification (it must be submitted again, with a new deposit).
 */
export async function confirmDeposit(ctx: RealNameContext, accountId: number, authno: number, cents: number): Promise<void> {
  const [row] = await ctx.db.query<Row & { expired: boolean }>(
    `SELECT *, deposit_expires_at <= now() AS expired FROM real_name_verifications WHERE id = $1 AND account_id = $2 AND kind = 'enterprise'`,
    [authno, accountId],
  );
  if (!row) throw refusal('NOT_FOUND', 'realName.notFound', 'authno');
  if (row.step !== 'deposit' || row.status !== 'pending') throw refusal('CONFLICT', 'realName.deposit.notAwaiting', 'authno');
  if (row.expired) {
    await ctx.db.tx((q) => declineAtDeposit(q, row, 'realName.reason.expired'));
    throw refusal('CONFLICT', 'realName.deposit.expired', 'balance');
  }
  const verdict = await ctx.verifier.checkDeposit(row.provider_ref, cents);
  if (verdict === 'matched') {
    await ctx.db.query(`UPDATE real_name_verifications SET step = 'review' WHERE id = $1 AND step = 'deposit'`, [row.id]);
    return;
  }
  // Counted in one statement, so attempts made at once cannot slip past the limit.
  const left = await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ attempts: number }>(
      `UPDATE real_name_verifications SET deposit_attempts = deposit_attempts + 1 WHERE id = $1 AND step = 'deposit' RETURNING deposit_attempts AS attempts`,
      [row.id],
    );
    const n = depositMaxAttempts - (r?.attempts ?? depositMaxAttempts);
    if (n <= 0) await declineAtDeposit(q, row, 'realName.reason.deposit');
    return n;
  });
  if (left <= 0) throw refusal('CONFLICT', 'realName.deposit.exhausted', 'balance');
  throw refusal('INVALID_INPUT', 'realName.deposit.wrong', 'balance', { left });
}

export type ApplyResult = { httpStatus: 200 | 400; applied: boolean; reason: 'applied' | 'replay' | 'unknown' };

/**
 * The verifier's decision, applied once: the verification leaves 'pending' in a guarded UPDATE, the account's
 * progress follows, and an approval earns the inviter's reward, all in one transaction.
 */
export async function applyVerificationEvent(ctx: RealNameContext, provider: string, e: VerificationEvent): Promise<ApplyResult> {
  const authno = Number(e.merchantRef);
  if (!Number.isSafeInteger(authno)) return { httpStatus: 400, applied: false, reason: 'unknown' };
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<Row>(`SELECT * FROM real_name_verifications WHERE id = $1 AND provider = $2 AND provider_ref = $3`, [authno, provider, e.providerRef]);
    if (!row) return { httpStatus: 400, applied: false, reason: 'unknown' } as const;
    const [done] = await q.query<Row>(
      `UPDATE real_name_verifications SET status = $2, step = 'done', reason = $3, decided_at = now() WHERE id = $1 AND status = 'pending' RETURNING *`,
      [row.id, e.status, e.status === 'declined' ? e.reason : ''],
    );
    if (!done) return { httpStatus: 200, applied: false, reason: 'replay' } as const;
    const col = progressColumn[row.kind];
    if (e.status === 'approved') {
      await q.query(`UPDATE accounts SET ${col} = 'approved'${row.kind === 'personal' ? ', auth_name = $2, id_card = $3' : ', company_name = $2'} WHERE id = $1`, [
        row.account_id, ...(row.kind === 'personal' ? [row.name, row.id_number_masked] : [row.org_name]),
      ]);
      await creditReferralReward(q, row.account_id);
    } else {
      await q.query(`UPDATE accounts SET ${col} = 'declined' WHERE id = $1`, [row.account_id]);
    }
    return { httpStatus: 200, applied: true, reason: 'applied' } as const;
  });
}
