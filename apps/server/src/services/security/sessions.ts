import type { Queryable } from '@cc/db/client';
import type { SessionItem } from '@cc/contracts/security';
import { AppError } from '../../lib/app-error.ts';
import { formatTime } from '../session/accounts.ts';
import { deviceOf } from '../account/device.ts';

type Row = {
  id: string | number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: Date | string;
  last_seen_at: Date | string;
};

/**
 * Whose sessions a call on /account/secure manages: the caller's own. The holder's are the account's sessions with
 * no member; a member's are its own (member_id). A member's sessions are never the holder's to list or end here: the
 * owner signs a member out from the team screen (services/team/team.ts signOutMember).
 */
export interface SessionOwner {
  accountId: number;
  /** The member calling; null for the account holder. */
  memberId: number | null;
}

// `IS NOT DISTINCT FROM`: a holder's sessions have member_id NULL, which `=` never matches.
const own = (account: string, member: string) => `account_id = ${account} AND member_id IS NOT DISTINCT FROM ${member}::int`;

/** The caller's live sessions (not signed out, not expired): the current one first, then the most recently seen. */
export async function listSessions(q: Queryable, who: SessionOwner, currentHash: string): Promise<SessionItem[]> {
  const rows = await q.query<Row>(
    `SELECT id, token_hash, ip, user_agent, created_at, last_seen_at FROM sessions
      WHERE ${own('$1', '$3')} AND revoked_at IS NULL AND expires_at > now()
      ORDER BY (token_hash = $2) DESC, last_seen_at DESC, id DESC LIMIT 200`,
    [who.accountId, currentHash, who.memberId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    device: deviceOf(r.user_agent),
    userAgent: r.user_agent,
    ip: r.ip,
    createdAt: formatTime(r.created_at),
    lastSeenAt: formatTime(r.last_seen_at),
    current: r.token_hash === currentHash,
  }));
}

/** Ends one live session of the caller's; another account's or member's id, or one already ended, is "not found". */
export async function revokeSession(q: Queryable, who: SessionOwner, id: string) {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND ${own('$2', '$3')} AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [id, who.accountId, who.memberId],
  );
  if (!rows.length) throw new AppError('NOT_FOUND', undefined, { id: 'sec.session.notFound' }, { key: 'sec.session.notFound' });
  return { revoked: rows.length };
}

/** "Sign out everywhere else": every live session of the caller's but the current one; the members' stay. */
export async function revokeOtherSessions(q: Queryable, who: SessionOwner, currentHash: string) {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE ${own('$1', '$3')} AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [who.accountId, currentHash, who.memberId],
  );
  return { revoked: rows.length };
}

/** The session owner of a signed-in call: its account and its member (null for the holder). */
export const sessionOwnerOf = (account: { id: number; member: { id: number } | null }): SessionOwner => ({ accountId: account.id, memberId: account.member?.id ?? null });
