import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { changePasswordBody } from '@cc/contracts/security';
import type { memberTwoStepBody } from '@cc/contracts/team';
import { maskContact } from '@cc/domain/account';
import { fail } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { release, reserve } from '../session/rate-limit.ts';
import { audit } from './audit.ts';
import { memberById, memberTwoStepType, type MemberLogin } from './member-sign-in.ts';

/**
 * A member's own credentials on /account/secure: its password and its second step. The holder's are the account
 * row's (services/security); a member's are its members row, and changing them touches nothing of the holder's.
 */

const memberOf = (request: FastifyRequest) => {
  const m = request.account.member;
  if (!m) throw fail('MEMBER_ONLY');
  return m;
};

/** Wrong passwords count like failed sign-ins (5 in 15 minutes), so neither form is a password oracle. */
async function checkMemberPassword(app: FastifyInstance, m: MemberLogin, password: string, field: string) {
  const reserved = await reserve(app.db, [{ key: `pwd:change:member:${m.id}`, max: 5, windowSeconds: 15 * 60 }]);
  if (!(await verifyPassword(m.password_hash, password))) throw fail('OLD_PASSWORD_WRONG', undefined, { [field]: 'sec.oldPasswordWrong' });
  await release(app.db, reserved);
}

/** POST /v1/password for a member: its own password; its other sessions end, this one stays. */
export async function changeMemberPassword(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof changePasswordBody>) {
  const m = await memberById(app.db, memberOf(request).id);
  await checkMemberPassword(app, m, body.oldPwd, 'oldPwd');
  const hash = await hashPassword(body.newPwd);
  return app.db.tx(async (q) => {
    await q.query(`UPDATE members SET password_hash = $2 WHERE id = $1`, [m.id, hash]);
    const ended = await q.query(
      `UPDATE sessions SET revoked_at = now() WHERE member_id = $1 AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [m.id, request.account.tokenHash],
    );
    await audit(q, request, { kind: 'security', action: 'team.member.password', params: { name: m.name }, objectType: 'member', objectId: m.id });
    return { signedOut: ended.length };
  });
}

const answerOf = (m: MemberLogin) => {
  const channel = m.email ? ('email' as const) : m.telephone ? ('tel' as const) : null;
  return { twoStep: memberTwoStepType(m) ? ('Y' as const) : ('N' as const), channel, contact: maskContact(channel === 'email' ? (m.email ?? '') : (m.telephone ?? '')) };
};

/** GET /v1/member/twoStep: whether the member's sign-in asks for a code, and where it goes. */
export async function memberSecurity(app: FastifyInstance, request: FastifyRequest) {
  return answerOf(await memberById(app.db, memberOf(request).id));
}

/** PUT /v1/member/twoStep: the member turns its own second step on or off (its password first). */
export async function setMemberTwoStep(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof memberTwoStepBody>) {
  const m = await memberById(app.db, memberOf(request).id);
  await checkMemberPassword(app, m, body.password, 'password');
  return app.db.tx(async (q) => {
    const [row] = await q.query<MemberLogin>(`UPDATE members SET two_step = $2 WHERE id = $1 RETURNING *`, [m.id, body.twoStep]);
    if (body.twoStep !== m.two_step) {
      await audit(q, request, { kind: 'security', action: body.twoStep === 'Y' ? 'team.member.twoStepOn' : 'team.member.twoStepOff', params: { name: m.name }, objectType: 'member', objectId: m.id });
    }
    return answerOf(row!);
  });
}
