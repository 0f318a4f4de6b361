import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { prepared, type Queryable } from '@cc/db/client';
import type { AccountRow } from '../services/session/accounts.ts';
import { fail } from '../lib/app-error.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { limitCall } from './ip-limit.ts';

/** Sessions slide: each use pushes the expiry this far ahead. */
export const sessionIdleSeconds = 7 * 24 * 3600;
/** Sliding is written at most this often, to keep reads cheap. */
const touchEverySeconds = 60;

export interface SessionAccount {
  id: number;
  accountNo: string;
  tokenHash: string;
}

/** Reads the token from the `token` header, or `Authorization: Bearer x` / `Authorization: x`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const t = request.headers.token;
  if (typeof t === 'string' && t) return t;
  const a = request.headers.authorization;
  if (typeof a === 'string' && a) return a.replace(/^Bearer\s+/i, '');
  return undefined;
}

export async function createSession(db: Queryable, accountId: number, ip: string, userAgent: string): Promise<string> {
  const token = randomToken();
  await db.query(
    `INSERT INTO sessions (token_hash, account_id, ip, user_agent, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [sha256(token), accountId, ip, userAgent.slice(0, 400), sessionIdleSeconds],
  );
  return token;
}

export async function revokeSessions(db: Queryable, accountId: number, exceptTokenHash?: string) {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL AND token_hash <> $2`, [accountId, exceptTokenHash ?? '']);
}

// Every signed-in call runs one of these, so they are prepared statements (db client, `prepared`). Staleness is decided
// by the database's clock, so every instance agrees on when the slide is due.
const sessionSql = prepared('session', `SELECT s.account_id, a.account_no, (s.last_seen_at < now() - make_interval(secs => $2)) AS session_stale
    FROM sessions s JOIN accounts a ON a.id = s.account_id
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`);
const sessionWithAccountSql = prepared('session-with-account', `SELECT (s.last_seen_at < now() - make_interval(secs => $2)) AS session_stale, a.*
    FROM sessions s JOIN accounts a ON a.id = s.account_id
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`);
// The WHERE repeats the staleness test: two instances that both saw a stale session slide it once.
const touchSql = prepared('session-touch', `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2)
   WHERE token_hash = $1 AND last_seen_at < now() - make_interval(secs => $3)`);

/**
 * Guards every route registered inside `scope`: a missing, unknown, expired or revoked token is HTTP 401.
 * Routes are signed-in by where they are declared, never by matching URL strings. A route that answers from the
 * account's own row says `config: { accountRow: true }` and reads it with the session, in the same query.
 * Each route gets the guard of its kind when it is declared (first of its own onRequest hooks), so no call looks
 * its route's options up.
 */
export function requireSession(scope: FastifyInstance) {
  const guard = (withRow: boolean): onRequestAsyncHookHandler => async (request, reply) => {
    const token = tokenOf(request);
    if (!token) {
      await limitCall(scope.db, request, reply, 'token');
      throw fail('UNAUTHORIZED');
    }
    const hash = sha256(token);
    const [row] = withRow
      ? await scope.db.query<AccountRow & Record<string, unknown> & { session_stale: boolean }>(sessionWithAccountSql, [hash, touchEverySeconds])
      : await scope.db.query<{ account_id: number; account_no: string; session_stale: boolean }>(sessionSql, [hash, touchEverySeconds]);
    if (!row) {
      // A refused token is an anonymous call: counted per address, so guessing tokens (or hammering verify_token) is bounded.
      await limitCall(scope.db, request, reply, 'token');
      throw fail('UNAUTHORIZED');
    }
    if (row.session_stale) await scope.db.query(touchSql, [hash, sessionIdleSeconds, touchEverySeconds]);
    if ('id' in row) {
      request.account = { id: row.id, accountNo: row.account_no, tokenHash: hash };
      request.accountRow = row;
    } else {
      request.account = { id: row.account_id, accountNo: row.account_no, tokenHash: hash };
    }
    // The client stores whatever comes back here; the same token, its expiry pushed ahead.
    reply.header('authorization', token);
  };
  const withAccountRow = guard(true);
  const sessionOnly = guard(false);
  scope.addHook('onRoute', (route) => {
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [route.config?.accountRow === true ? withAccountRow : sessionOnly, ...own];
  });
}

/** The signed-in account's row, read with the session; only on routes declared with `config: { accountRow: true }`. */
export function accountRowOf(request: FastifyRequest): AccountRow {
  if (!request.accountRow) throw new Error(`${request.routeOptions.url ?? request.url} reads the account row without config.accountRow`);
  return request.accountRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on signed-in routes only. */
    account: SessionAccount;
    /** Set on signed-in routes declared with `config: { accountRow: true }` only (accountRowOf). */
    accountRow?: AccountRow;
  }
  interface FastifyContextConfig {
    /** The route answers from the signed-in account's row: requireSession reads it with the session. */
    accountRow?: boolean;
  }
}
