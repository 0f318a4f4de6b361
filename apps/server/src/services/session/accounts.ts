import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '@cc/db/client';
import type { AccountAnswer } from '@cc/contracts/session';
import { isEmail } from '@cc/domain/account';
import { createSession } from '../../plugins/auth.ts';
import { fail } from '../../lib/app-error.ts';
import { notifyAccount } from '../messages/notify.ts';
import { deviceOf } from '../account/device.ts';
import type { AccountRow, AnswerRow } from './account-row.ts';

export type { AccountRow, AnswerRow } from './account-row.ts';

export async function accountById(q: Queryable, id: number): Promise<AccountRow> {
  const [row] = await q.query<AccountRow & Record<string, unknown>>(`SELECT * FROM accounts WHERE id = $1`, [id]);
  if (!row) throw fail('ACCOUNT_NOT_FOUND');
  return row;
}

export async function accountByEmail(q: Queryable, email: string): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow & Record<string, unknown>>(`SELECT * FROM accounts WHERE email = $1`, [email.toLowerCase()]);
  return row;
}

export async function accountByPhone(q: Queryable, telPrefix: string, telephone: string): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow & Record<string, unknown>>(`SELECT * FROM accounts WHERE tel_prefix = $1 AND telephone = $2`, [
    telPrefix,
    telephone,
  ]);
  return row;
}

/** The sign-in name is an e-mail address or a phone number (digits; spaces, dashes and a leading + are ignored). */
export function normaliseUsername(username: string): { kind: 'email'; email: string } | { kind: 'tel'; telephone: string } {
  const v = username.trim();
  if (isEmail(v)) return { kind: 'email', email: v.toLowerCase() };
  return { kind: 'tel', telephone: v.replace(/[\s()+-]/g, '') };
}

export async function accountByUsername(q: Queryable, username: string, telPrefix?: string): Promise<AccountRow | undefined> {
  const u = normaliseUsername(username);
  if (u.kind === 'email') return accountByEmail(q, u.email);
  if (!/^\d{5,15}$/.test(u.telephone)) return undefined;
  if (telPrefix) return accountByPhone(q, telPrefix, u.telephone);
  // Without a prefix: the mainland number first, otherwise the one account with that number.
  const rows = await q.query<AccountRow & Record<string, unknown>>(
    `SELECT * FROM accounts WHERE telephone = $1 ORDER BY (tel_prefix = '86') DESC, id LIMIT 2`,
    [u.telephone],
  );
  if (rows[0]?.tel_prefix === '86' || rows.length === 1) return rows[0];
  return undefined;
}

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** yyyy-MM-dd HH:mm:ss in China Standard Time (the product's home market), '' for never. */
export function formatTime(t: Date | string | null | undefined): string {
  if (!t) return '';
  return shanghai.format(new Date(t)).replace('T', ' ');
}

const yn = (v: string) => (v === 'Y' ? 'Y' : 'N');

/**
 * The answer of /v1/account and of every sign-in. lastLoginIP/lastLoginTime are those of the sign-in
 * before the current one, so that the user can spot a sign-in that was not theirs.
 */
export function accountAnswerOf(a: AnswerRow): AccountAnswer {
  return {
    accountInfo: {
      accountNo: a.account_no,
      balance: Number(a.balance),
      toBeInvoicedAmount: Math.max(0, Number(a.uninvoiced)),
      telephone: a.telephone ?? '',
      telPrefix: a.tel_prefix,
      email: a.email ?? '',
      companyName: a.company_name,
      isNginx: a.is_nginx,
      isApache: a.is_apache,
      rootUUID: a.root_uuid,
      spark: a.spark,
      idCard: a.id_card,
      authName: a.auth_name,
      authPProgress: a.auth_p_progress,
      authEProgress: a.auth_e_progress,
      telAuth: yn(a.tel_auth),
      emailAuth: yn(a.email_auth),
      googleAuth: yn(a.google_auth),
      inviteCode: a.invite_code ?? '',
      expiredOrdersTotal: 0,
      isSubAccount: a.parent_id !== null,
    },
    lastLoginIP: a.prev_login_ip,
    lastLoginTime: formatTime(a.prev_login_time),
    rootUUID: a.root_uuid,
  };
}

/**
 * Opens a session for an account whose identity is proven: shifts the latest sign-in into "previous",
 * records this one, sets the `authorization` header and answers the account.
 */
export async function startSession(q: Queryable, request: FastifyRequest, reply: FastifyReply, accountId: number): Promise<AccountAnswer> {
  const [state] = await q.query<{ closed: boolean; known: boolean; fresh: boolean }>(
    `WITH acct AS (SELECT closed_at IS NOT NULL AS closed FROM accounts WHERE id = $1 FOR UPDATE),
          known AS (SELECT EXISTS (SELECT 1 FROM account_addresses WHERE account_id = $1) AS known),
          ins AS (INSERT INTO account_addresses (account_id, ip) SELECT $1, $2 WHERE $2 <> '' AND NOT (SELECT closed FROM acct)
                  ON CONFLICT DO NOTHING RETURNING ip)
     SELECT (SELECT closed FROM acct) AS closed, (SELECT known FROM known) AS known, EXISTS (SELECT 1 FROM ins) AS fresh`,
    [accountId, request.ip],
  );
  if (!state || state.closed) throw fail('ACCOUNT_CLOSED');
  // The first address of an account is where it began; after that, an address never seen is worth telling about.
  if (state.known && state.fresh) {
    await notifyAccount(q, accountId, 'newSignIn', { ip: request.ip, device: deviceOf(request.headers['user-agent'] ?? ''), time: formatTime(new Date()) });
  }
  const token = await createSession(q, accountId, request.ip, request.headers['user-agent'] ?? '');
  await q.query(
    `UPDATE accounts SET prev_login_ip = last_login_ip, prev_login_time = last_login_time, last_login_ip = $2, last_login_time = now() WHERE id = $1`,
    [accountId, request.ip],
  );
  reply.header('authorization', token);
  return accountAnswerOf(await accountById(q, accountId));
}

export const twoStepTypesOf = (a: AccountRow) =>
  [a.google_auth === 'Y' && a.totp_secret ? 'google' : null, a.tel_auth === 'Y' && a.telephone ? 'tel' : null, a.email_auth === 'Y' && a.email ? 'email' : null].filter(
    (t): t is 'google' | 'tel' | 'email' => t !== null,
  );

export type AppLike = Pick<FastifyInstance, 'db' | 'messenger' | 'config'>;
