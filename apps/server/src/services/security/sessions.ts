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

/** The account's live sessions (not signed out, not expired): the current one first, then the most recently seen. */
export async function listSessions(q: Queryable, accountId: number, currentHash: string): Promise<SessionItem[]> {
  const rows = await q.query<Row>(
    `SELECT id, token_hash, ip, user_agent, created_at, last_seen_at FROM sessions
      WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY (token_hash = $2) DESC, last_seen_at DESC, id DESC LIMIT 200`,
    [accountId, currentHash],
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

/** Ends one live session of this account; another account's id, or one already ended, is "not found". */
export async function revokeSession(q: Queryable, accountId: number, id: string) {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [id, accountId],
  );
  if (!rows.length) throw new AppError('NOT_FOUND', undefined, { id: 'sec.session.notFound' }, { key: 'sec.session.notFound' });
  return { revoked: rows.length };
}

/** "Sign out everywhere else": every live session of the account but the current one. */
export async function revokeOtherSessions(q: Queryable, accountId: number, currentHash: string) {
  const rows = await q.query(
    `UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [accountId, currentHash],
  );
  return { revoked: rows.length };
}
