import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { prepared, type Queryable } from '@cc/db/client';
import { isApiKeyText, type ApiKeyScope } from '@cc/contracts/api-keys';
import { answerRowColumns, type AnswerRow } from '../services/session/account-row.ts';
import { AppError, fail } from '../lib/app-error.ts';
import { keyAccessOf, keyRefusal, type KeyAccess } from './api-key-scope.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { batchedLookup } from '../lib/batched-lookup.ts';
import { limitCall } from './ip-limit.ts';
import { demandRoutePermission, type Caller } from './permissions.ts';

/** Sessions slide: each use pushes the expiry this far ahead. */
export const sessionIdleSeconds = 7 * 24 * 3600;
/** Sliding is written at most this often, to keep reads cheap. */
const touchEverySeconds = 60;

export interface SessionAccount {
  id: number;
  accountNo: string;
  /** SHA-256 of the session token, or of the API key. */
  tokenHash: string;
  /** Set when the call came with an API key instead of a session token. */
  apiKey?: { id: number; scope: ApiKeyScope };
  /** The member making the call (its session's or its key's); null for the account holder (plugins/permissions.ts). */
  member: Caller['member'];
}

// Who is calling, read with the session or key in the same query: a suspended or removed member's sessions and keys
// stop at once on every instance. Columns are prefixed (m_) so that they never meet the account row's.
/** A member's pay limit over memberJoin: the account's own for the role when the owner set one, else the role's. */
export const memberPayLimitSql = 'CASE WHEN l.role_id IS NOT NULL THEN l.pay_limit_cents ELSE r.pay_limit_cents END';
const memberCols = `m.id AS m_id, m.name AS m_name, m.dept_id AS m_dept, r.code AS m_role, r.permissions AS m_perms,
    ${memberPayLimitSql} AS m_pay_limit`;
/** The member of rows of `t` (its member_id) as m, its role as r, the account's limit for that role as l. */
export const memberJoin = (t: string) => `LEFT JOIN members m ON m.id = ${t}.member_id LEFT JOIN roles r ON r.id = m.role_id
    LEFT JOIN role_pay_limits l ON l.account_id = m.account_id AND l.role_id = m.role_id`;
const memberLive = (t: string) => `(${t}.member_id IS NULL OR m.status = 'active')`;
type MemberCols = { m_id: number | null; m_name: string | null; m_dept: number | null; m_role: string | null; m_perms: string[] | null; m_pay_limit: number | string | null };

function callerOf(r: MemberCols): Caller['member'] {
  if (r.m_id === null) return null;
  return {
    id: r.m_id,
    name: r.m_name ?? '',
    deptId: r.m_dept,
    roleCode: r.m_role ?? '',
    permissions: new Set(r.m_perms ?? []),
    payLimitCents: r.m_pay_limit === null ? null : Number(r.m_pay_limit),
  };
}

/** Reads the token from the `token` header, or `Authorization: Bearer x` / `Authorization: x`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const t = request.headers.token;
  if (typeof t === 'string' && t) return t;
  const a = request.headers.authorization;
  if (typeof a === 'string' && a) return a.replace(/^Bearer\s+/i, '');
  return undefined;
}

export async function createSession(db: Queryable, accountId: number, ip: string, userAgent: string, memberId: number | null = null): Promise<string> {
  const token = randomToken();
  await db.query(
    `INSERT INTO sessions (token_hash, account_id, ip, user_agent, expires_at, member_id) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
    [sha256(token), accountId, ip, userAgent.slice(0, 400), sessionIdleSeconds, memberId],
  );
  return token;
}

/** The holder's own sessions (a password change, "sign out other sessions"); its members' sessions are theirs. */
export async function revokeSessions(db: Queryable, accountId: number, exceptTokenHash?: string) {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND member_id IS NULL AND revoked_at IS NULL AND token_hash <> $2`, [accountId, exceptTokenHash ?? '']);
}

// Every signed-in call runs one of these, so they are prepared statements (db client, `prepared`), and the calls of one
// turn of the event loop share one run (lib/batched-lookup.ts). Staleness is decided by the database's clock, so every
// instance agrees on when the slide is due.
const sessionWhere = `s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > now() AND a.closed_at IS NULL AND ${memberLive('s')}`;
const sessionStale = `(s.last_seen_at < now() - make_interval(secs => $2)) AS session_stale`;
/** The sessions asked for with `columns` of the session `s` and its account `a` (and of `joins`), as statement `name`. */
const sessionsWith = (name: string, columns: string, joins = '') =>
  prepared(name, `SELECT s.token_hash AS session_hash, ${sessionStale}, ${memberCols}, ${columns}
    FROM sessions s JOIN accounts a ON a.id = s.account_id ${memberJoin('s')} ${joins} WHERE ${sessionWhere}`);
const sessionsSql = sessionsWith('sessions', 's.account_id, a.account_no');
const sessionsWithAccountSql = sessionsWith('sessions-with-account', answerRowColumns);
type SessionRow = MemberCols & { session_hash: string; session_stale: boolean };

/**
 * A read a route makes on every call (the header bell on every page), done in the session's own statement: one round
 * trip to the database instead of two. `columns` (a select list) and `joins` may use `s` (the session's row, its
 * account_id) and `a` (the account's); the columns come back as one JSON object, so their names meet nothing of the
 * session's. Declared with `config: { sessionRead }`; the route reads the object with sessionReadOf, which answers
 * undefined for a call made with an API key (the route then reads its own way).
 */
export interface SessionRead {
  /** Names the prepared statement (letters, digits, '-' and '_'). */
  name: string;
  columns: string;
  joins?: string;
}
const sessionsWithReadSql = (r: SessionRead) =>
  sessionsWith(`sessions-with-${r.name}`, `s.account_id, a.account_no, (SELECT to_jsonb(x) FROM (SELECT ${r.columns}) x) AS session_read`, r.joins);
// The WHERE repeats the staleness test: two instances that both saw a stale session slide it once.
const touchSql = prepared('session-touch', `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2)
   WHERE token_hash = $1 AND last_seen_at < now() - make_interval(secs => $3)`);

// API keys: the same shape of lookup, by the key's hash (unique), batched the same way. Revoked keys and keys of an
// account that is no longer a developer or is closed fail here, on every instance at once (the state is in the database).
const keyStale = `(k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2))`;
const keyWhere = `k.key_hash = ANY($1::text[]) AND k.revoked_at IS NULL AND a.developer_at IS NOT NULL AND a.closed_at IS NULL AND ${memberLive('k')}`;
const keysSql = prepared('api-keys', `SELECT k.key_hash, k.id AS key_id, k.scope AS key_scope, ${keyStale} AS key_stale, k.account_id, a.account_no, ${memberCols}
    FROM api_keys k JOIN accounts a ON a.id = k.account_id ${memberJoin('k')} WHERE ${keyWhere}`);
const keysWithAccountSql = prepared('api-keys-with-account', `SELECT k.key_hash, k.id AS key_id, k.scope AS key_scope, ${keyStale} AS key_stale, ${answerRowColumns}, ${memberCols}
    FROM api_keys k JOIN accounts a ON a.id = k.account_id ${memberJoin('k')} WHERE ${keyWhere}`);
// Last use is written at most once a minute per key, and only the instance whose UPDATE wins the minute writes the
// activity-log entry: a hot key costs one write a minute, not one per call, however many servers it reaches.
const keyTouchSql = prepared('api-key-touch', `WITH t AS (
    UPDATE api_keys k SET last_used_at = now(), last_used_ip = $3 WHERE k.id = $1 AND ${keyStale} RETURNING k.account_id, k.name, k.prefix)
  INSERT INTO account_log (account_id, kind, action, params, ip, user_agent)
  SELECT account_id, 'signin', 'apiKey.use', jsonb_build_object('name', name, 'prefix', prefix, 'call', $4::text), $3, $5 FROM t`);

type KeyRow = MemberCols & { key_hash: string; key_id: number; key_scope: ApiKeyScope; key_stale: boolean };
type Lookup<R> = (hash: string) => Promise<R | undefined>;
interface Lookups {
  session: Lookup<SessionRow & { account_id: number; account_no: string }>;
  sessionWithAccount: Lookup<SessionRow & AnswerRow>;
  key: Lookup<KeyRow & { account_id: number; account_no: string }>;
  keyWithAccount: Lookup<KeyRow & AnswerRow>;
}

/** A call made with an API key: the key's account, if the key is live and its scope allows the route. */
async function authenticateKey(scope: FastifyInstance, lookups: Lookups, request: FastifyRequest, key: string, withRow: boolean): Promise<boolean> {
  const hash = sha256(key);
  const row = await (withRow ? lookups.keyWithAccount(hash) : lookups.key(hash));
  if (!row) return false;
  const access: KeyAccess = keyAccessOf(request.routeOptions.config, request.method);
  const call = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const refusal = keyRefusal(row.key_scope, access, call, request.locale);
  if (refusal) throw new AppError('API_KEY_SCOPE', undefined, undefined, refusal);
  if (row.key_stale) await scope.db.query(keyTouchSql, [row.key_id, touchEverySeconds, request.ip, call, (request.headers['user-agent'] ?? '').slice(0, 500)]);
  const apiKey = { id: row.key_id, scope: row.key_scope };
  // A key carries at most its member's permissions: the member's role, read with the key.
  const member = callerOf(row);
  if ('id' in row) {
    request.account = { id: row.id, accountNo: row.account_no, tokenHash: hash, apiKey, member };
    request.accountRow = row;
  } else {
    request.account = { id: row.account_id, accountNo: row.account_no, tokenHash: hash, apiKey, member };
  }
  demandRoutePermission(request);
  return true;
}

/**
 * Guards every route registered inside `scope`: a missing, unknown, expired or revoked token is HTTP 401.
 * Routes are signed-in by where they are declared, never by matching URL strings. A route that answers from the
 * account's own row says `config: { accountRow: true }` and reads it with the session, in the same query.
 * Each route gets the guard of its kind when it is declared (first of its own onRequest hooks), so no call looks
 * its route's options up.
 */
export function requireSession(scope: FastifyInstance) {
  const lookups: Lookups = {
    session: batchedLookup(scope.db, sessionsSql, 'session_hash', [touchEverySeconds]),
    sessionWithAccount: batchedLookup(scope.db, sessionsWithAccountSql, 'session_hash', [touchEverySeconds]),
    key: batchedLookup(scope.db, keysSql, 'key_hash', [touchEverySeconds]),
    keyWithAccount: batchedLookup(scope.db, keysWithAccountSql, 'key_hash', [touchEverySeconds]),
  };
  // A guard per kind of read: session only, with the account row, or with a route's own read (SessionRead).
  const guard = (withRow: boolean, read?: Lookup<SessionRow & { account_id: number; account_no: string; session_read?: unknown }>): onRequestAsyncHookHandler => async (request, reply) => {
    const token = tokenOf(request);
    if (!token) {
      await limitCall(scope.db, request, reply, 'token');
      throw fail('UNAUTHORIZED');
    }
    // Keys and session tokens differ by their text alone (api-keys.ts), so a session call pays for nothing more.
    if (isApiKeyText(token)) {
      if (await authenticateKey(scope, lookups, request, token, withRow)) return;
      await limitCall(scope.db, request, reply, 'token');
      throw fail('UNAUTHORIZED');
    }
    const hash = sha256(token);
    const row = await (read ? read(hash) : withRow ? lookups.sessionWithAccount(hash) : lookups.session(hash));
    if (!row) {
      // A refused token is an anonymous call: counted per address, so guessing tokens (or hammering verify_token) is bounded.
      await limitCall(scope.db, request, reply, 'token');
      throw fail('UNAUTHORIZED');
    }
    if (row.session_stale) await scope.db.query(touchSql, [hash, sessionIdleSeconds, touchEverySeconds]);
    const member = callerOf(row);
    if ('id' in row) {
      request.account = { id: row.id, accountNo: row.account_no, tokenHash: hash, member };
      request.accountRow = row;
    } else {
      request.account = { id: row.account_id, accountNo: row.account_no, tokenHash: hash, member };
      if (read && 'session_read' in row) request.sessionRead = row.session_read;
    }
    demandRoutePermission(request);
    // The client stores whatever comes back here; the same token, its expiry pushed ahead.
    reply.header('authorization', token);
  };
  const withAccountRow = guard(true);
  const sessionOnly = guard(false);
  const withRead = new Map<string, onRequestAsyncHookHandler>();
  const readGuard = (r: SessionRead) => {
    let g = withRead.get(r.name);
    if (!g) withRead.set(r.name, (g = guard(false, batchedLookup(scope.db, sessionsWithReadSql(r), 'session_hash', [touchEverySeconds]))));
    return g;
  };
  scope.addHook('onRoute', (route) => {
    // Marked as signed-in for the API reference (which shows what key scope each needs).
    route.config = { ...route.config, signedIn: true };
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    const read = route.config.sessionRead;
    if (read && route.config.accountRow) throw new Error(`${route.url}: config.sessionRead and config.accountRow are two reads with the session; pick one`);
    route.onRequest = [read ? readGuard(read) : route.config.accountRow === true ? withAccountRow : sessionOnly, ...own];
  });
}

/** The signed-in account's row, read with the session; only on routes declared with `config: { accountRow: true }`. */
export function accountRowOf(request: FastifyRequest): AnswerRow {
  if (!request.accountRow) throw new Error(`${request.routeOptions.url ?? request.url} reads the account row without config.accountRow`);
  return request.accountRow;
}

/** The object of the route's SessionRead, read with the session; undefined for a call made with an API key. */
export function sessionReadOf<T>(request: FastifyRequest): T | undefined {
  return request.sessionRead as T | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on signed-in routes only. */
    account: SessionAccount;
    /** Set on routes declared with `config: { sessionRead }`, for a session's call (sessionReadOf). */
    sessionRead?: unknown;
    /** Set on signed-in routes declared with `config: { accountRow: true }` only (accountRowOf). */
    accountRow?: AnswerRow;
  }
  interface FastifyContextConfig {
    /** The route answers from the signed-in account's row: requireSession reads it with the session. */
    accountRow?: boolean;
    /** A read the route makes on every call, done in the session's statement (SessionRead, sessionReadOf). */
    sessionRead?: SessionRead;
    /** Set by requireSession on every route it guards. */
    signedIn?: boolean;
    /**
     * The least API key scope that may call the route, or 'never' (plugins/api-key-scope.ts). Undeclared: a GET
     * needs read, anything else full; an area may set its own default with keyScopeDefault.
     */
    apiKey?: KeyAccess;
  }
}
