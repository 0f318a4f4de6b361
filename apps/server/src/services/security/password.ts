import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { changePasswordBody } from '@cc/contracts/security';
import { fail } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { accountById, formatTime } from '../session/accounts.ts';
import { release, reserve } from '../session/rate-limit.ts';
import { noticeSecurityChange } from './notice.ts';
import { notifyAccount } from '../messages/notify.ts';

/**
 * Changes the password of the signed-in account after checking the current one (5 wrong in 15 minutes, counted
 * under a lock as sign-in does), then ends every other session of the account; the current one stays.
 */
export async function changePassword(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof changePasswordBody>) {
  const a = await accountById(app.db, request.account.id);
  const reserved = await reserve(app.db, [{ key: `pwd:change:${a.id}`, max: 5, windowSeconds: 15 * 60 }]);
  if (!(await verifyPassword(a.password_hash, body.oldPwd))) throw fail('OLD_PASSWORD_WRONG', undefined, { oldPwd: 'sec.oldPasswordWrong' });
  await release(app.db, reserved);
  const hash = await hashPassword(body.newPwd);
  const out = await app.db.tx(async (q) => {
    await q.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [a.id, hash]);
    const ended = await q.query(
      `UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND member_id IS NULL AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [a.id, request.account.tokenHash],
    );
    // Proofs of a re-authentication made before the change are no longer trusted either.
    await q.query(`UPDATE security_proofs SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`, [a.id]);
    await notifyAccount(q, a.id, 'securityChange', { change: 'password', time: formatTime(new Date()) });
    return { signedOut: ended.length };
  });
  await noticeSecurityChange(app, request, a, 'password');
  return out;
}
