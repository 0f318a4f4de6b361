import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ownershipTransferBody } from '@cc/contracts/team';
import { maskContact } from '@cc/domain/account';
import { AppError, fail } from '../../lib/app-error.ts';
import { accountById } from '../session/accounts.ts';
import { consumeCode, sendCode, smsAddress } from '../session/codes.ts';
import { ownerReauth } from '../account/manage.ts';
import { audit } from './audit.ts';

/**
 * Handing the account to a member. The holder is the account row (its address, phone, password and second step);
 * a member is a members row. The hand-over swaps them in one transaction: the member's credentials become the
 * account's, the former holder's become a new administrator member, and each one's sessions and API keys follow
 * their person, so both stay signed in with their new role. The former holder's authenticator, recovery codes and
 * WeChat binding are its own and end; the new owner sets up its own.
 */

type Channel = 'tel' | 'email';
const target = (accountId: number, channel: Channel) => `acct:${accountId}:ownership:${channel}`;

/** GET /v1/user/owner/code: a code to the owner's bound phone or e-mail, for the hand-over. */
export async function sendOwnershipCode(app: FastifyInstance, request: FastifyRequest, channel: Channel) {
  const a = await accountById(app.db, request.account.id);
  if (channel === 'tel' ? !a.telephone : !a.email) throw new AppError('INVALID_INPUT', undefined, { channel: 'close.noChannel' }, { key: 'close.noChannel' });
  const address = channel === 'tel' ? smsAddress(a.tel_prefix, a.telephone!) : a.email!;
  await sendCode(app, { purpose: 'ownership', target: target(a.id, channel), channel: channel === 'tel' ? 'sms' : 'mail', address }, request.ip, request.locale);
  return { to: maskContact(channel === 'tel' ? a.telephone! : a.email!), resendAfter: 60 };
}

type MemberRow = { id: number; name: string; email: string | null; telephone: string | null; tel_prefix: string; password_hash: string | null; status: string; two_step: 'Y' | 'N' };

/** POST /v1/user/owner: password and code, then the swap (see the top of this file). Answers the former owner's new member id. */
export async function transferOwnership(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof ownershipTransferBody>) {
  const a = await accountById(app.db, request.account.id);
  const codeId = await ownerReauth(app.db, a, body, { rateKey: `owner:acct:${a.id}`, purpose: 'ownership', target: target(a.id, body.channel) });
  return app.db.tx(async (q) => {
    // The account row first, then the member: the order every change of members takes.
    const [acc] = await q.query<{ email: string | null; telephone: string | null; tel_prefix: string; password_hash: string; closed_at: Date | null }>(
      `SELECT email, telephone, tel_prefix, password_hash, closed_at FROM accounts WHERE id = $1 FOR UPDATE`,
      [a.id],
    );
    if (!acc || acc.closed_at) throw fail('ACCOUNT_CLOSED');
    const [m] = await q.query<MemberRow>(
      `SELECT id, name, email, telephone, tel_prefix, password_hash, status, two_step FROM members WHERE id = $1 AND account_id = $2 FOR UPDATE`,
      [body.memberID, a.id],
    );
    if (!m || m.status !== 'active' || !m.password_hash) throw fail('OWNERSHIP_TARGET', undefined, { memberID: 'err.ownershipTarget' });
    await consumeCode(q, codeId);
    // The member's row leaves (freeing its address for the account row); its entries in the log keep naming it.
    await q.query(`UPDATE members SET status = 'removed', invite_hash = NULL WHERE id = $1`, [m.id]);
    const [former] = await q.query<{ id: number }>(
      `INSERT INTO members (account_id, name, email, telephone, tel_prefix, password_hash, role_id, status, two_step)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM roles WHERE account_id IS NULL AND code = 'admin'), 'active', 'Y') RETURNING id`,
      [a.id, acc.email ?? `+${acc.tel_prefix} ${acc.telephone ?? ''}`, acc.email, acc.telephone, acc.tel_prefix, acc.password_hash],
    );
    const formerId = former!.id;
    // The new holder's second step is its own address, as it was as a member; the former holder's authenticator ends.
    await q.query(
      `UPDATE accounts SET email = $2, telephone = $3, tel_prefix = $4, password_hash = $5,
              email_auth = CASE WHEN $6 AND $2::text IS NOT NULL THEN 'Y' ELSE 'N' END,
              tel_auth = CASE WHEN $6 AND $2::text IS NULL AND $3::text IS NOT NULL THEN 'Y' ELSE 'N' END,
              google_auth = 'N', totp_secret = NULL, totp_pending = NULL
        WHERE id = $1`,
      [a.id, m.email, m.telephone, m.tel_prefix, m.password_hash, m.two_step === 'Y'],
    );
    await q.query(`DELETE FROM recovery_codes WHERE account_id = $1`, [a.id]);
    await q.query(`DELETE FROM wechat_bindings WHERE account_id = $1`, [a.id]);
    await q.query(`UPDATE security_proofs SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`, [a.id]);
    await q.query(`UPDATE login_challenges SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`, [a.id]);
    // Sessions and keys follow their person: the former holder's to its member row, the new holder's to the account.
    for (const table of ['sessions', 'api_keys']) {
      await q.query(`UPDATE ${table} SET member_id = $2 WHERE account_id = $1 AND member_id IS NULL`, [a.id, formerId]);
      await q.query(`UPDATE ${table} SET member_id = NULL WHERE account_id = $1 AND member_id = $2`, [a.id, m.id]);
    }
    await audit(q, request, { kind: 'account', action: 'team.owner.transfer', params: { name: m.name }, objectType: 'member', objectId: m.id });
    return { memberID: formerId };
  });
}
