import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '@cc/db/client';
import type { AccountAnswer, SecondStepData } from '@cc/contracts/session';
import { maskContact } from '@cc/domain/account';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { createSession } from '../../plugins/auth.ts';
import { accountAnswerOf, accountById, normaliseUsername } from '../session/accounts.ts';

/** A member as sign-in reads it (services/session/sign-in.ts): by its own address or phone. */
export type MemberLogin = {
  id: number;
  account_id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  password_hash: string;
  status: 'active' | 'suspended';
  two_step: 'Y' | 'N';
};

const cols = `id, account_id, name, email, telephone, tel_prefix, password_hash, status, two_step`;

/** The member that signs in with `username`: active or suspended, with a password set (invited ones have none yet). */
export async function memberByUsername(q: Queryable, username: string, telPrefix?: string): Promise<MemberLogin | undefined> {
  const u = normaliseUsername(username);
  const live = `status IN ('active', 'suspended') AND password_hash IS NOT NULL`;
  if (u.kind === 'email') {
    const [m] = await q.query<MemberLogin>(`SELECT ${cols} FROM members WHERE lower(email) = $1 AND ${live}`, [u.email]);
    return m;
  }
  if (!/^\d{5,15}$/.test(u.telephone)) return undefined;
  const [m] = await q.query<MemberLogin>(`SELECT ${cols} FROM members WHERE telephone = $1 AND tel_prefix = $2 AND ${live}`, [u.telephone, telPrefix ?? '86']);
  return m;
}

export const memberById = async (q: Queryable, id: number): Promise<MemberLogin> => {
  const [m] = await q.query<MemberLogin>(`SELECT ${cols} FROM members WHERE id = $1`, [id]);
  if (!m) throw fail('ACCOUNT_NOT_FOUND');
  return m;
};

/** The second step a member takes: a code to its own address (or phone when it has none), unless reset by the owner. */
export const memberTwoStepType = (m: MemberLogin): 'email' | 'tel' | null => (m.two_step !== 'Y' ? null : m.email ? 'email' : m.telephone ? 'tel' : null);

/** After the password: refuses a suspended member or a closed account, then opens the second step or the session. */
export async function memberSignIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, m: MemberLogin, challengeSeconds: number): Promise<{ kind: 'signedIn'; answer: AccountAnswer } | { kind: 'secondStep'; data: SecondStepData }> {
  if (m.status === 'suspended') throw fail('MEMBER_SUSPENDED');
  const type = memberTwoStepType(m);
  if (!type) return { kind: 'signedIn', answer: await app.db.tx((q) => startMemberSession(q, request, reply, m.id)) };
  const secToken = randomToken();
  await app.db.query(
    `INSERT INTO login_challenges (token_hash, account_id, member_id, auth_type, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [sha256(secToken), m.account_id, m.id, type, challengeSeconds],
  );
  const contact = maskContact(type === 'email' ? (m.email ?? '') : (m.telephone ?? ''));
  return { kind: 'secondStep', data: { secToken, authType: type, authTypes: [type], contact, contacts: { [type]: contact } } };
}

/** Opens a member's session; the answer is the account's, with the member's own address and phone in place of the holder's. */
export async function startMemberSession(q: Queryable, request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<AccountAnswer> {
  const [m] = await q.query<MemberLogin & { closed: boolean }>(
    `SELECT m.*, a.closed_at IS NOT NULL AS closed FROM members m JOIN accounts a ON a.id = m.account_id WHERE m.id = $1 FOR UPDATE OF m`,
    [memberId],
  );
  if (!m || m.closed) throw fail('ACCOUNT_CLOSED');
  if (m.status !== 'active') throw fail('MEMBER_SUSPENDED');
  const token = await createSession(q, m.account_id, request.ip, request.headers['user-agent'] ?? '', m.id);
  await q.query(`UPDATE members SET last_login_at = now(), last_login_ip = $2 WHERE id = $1`, [m.id, request.ip]);
  reply.header('authorization', token);
  return memberAnswer(accountAnswerOf(await accountById(q, m.account_id)), m);
}

/** What a member sees of the account: its own contact details, none of the holder's identity. */
export function memberAnswer(a: AccountAnswer, m: Pick<MemberLogin, 'email' | 'telephone' | 'tel_prefix' | 'two_step'>): AccountAnswer {
  return {
    ...a,
    accountInfo: {
      ...a.accountInfo,
      email: m.email ?? '',
      telephone: m.telephone ?? '',
      telPrefix: m.tel_prefix,
      idCard: '',
      authName: '',
      spark: '',
      telAuth: 'N',
      emailAuth: m.two_step === 'Y' && m.email ? 'Y' : 'N',
      googleAuth: 'N',
      isSubAccount: true,
    },
  };
}
