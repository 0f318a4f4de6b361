import type { Db, Queryable } from '@cc/db/client';
import { apiKeyLimit, apiKeyPrefix, apiKeyShownLength, type ApiKey, type ApiKeyScope, type ApiKeySecretAnswer, type ApiKeysAnswer } from '@cc/contracts/api-keys';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { formatTime } from '../session/accounts.ts';
import { recordActivity } from './activity-log.ts';

/** Who asked, for the activity log. */
export interface Caller {
  accountId: number;
  /** The member the key belongs to (null: the owner): a member sees and changes only its own keys. */
  memberId?: number | null;
  ip: string;
  userAgent: string;
}

type Row = { id: number; name: string; scope: ApiKeyScope; prefix: string; created_at: Date | string; rotated_at: Date | string | null; last_used_at: Date | string | null; last_used_ip: string };

const keyOf = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  createdAt: formatTime(r.created_at),
  rotatedAt: formatTime(r.rotated_at),
  lastUsedAt: formatTime(r.last_used_at),
  lastUsedIp: r.last_used_ip,
});

const columns = 'id, name, scope, prefix, created_at, rotated_at, last_used_at, last_used_ip';

/** A new key: 32 random bytes after the prefix. Only its hash is stored; its first characters are kept to recognise it. */
function newSecret() {
  const secret = `${apiKeyPrefix}${randomToken(32)}`;
  return { secret, hash: sha256(secret), prefix: secret.slice(0, apiKeyShownLength) };
}

const notFound = () => new AppError('NOT_FOUND', undefined, { id: 'apiKey.notFound' }, { key: 'apiKey.notFound' });

export async function listApiKeys(q: Queryable, accountId: number, memberId: number | null = null): Promise<ApiKeysAnswer> {
  const [a] = await q.query<{ developer_at: Date | string | null }>(`SELECT developer_at FROM accounts WHERE id = $1`, [accountId]);
  const rows = await q.query<Row>(`SELECT ${columns} FROM api_keys WHERE account_id = $1 AND member_id IS NOT DISTINCT FROM $2::int AND revoked_at IS NULL ORDER BY id DESC`, [accountId, memberId]);
  return { developer: Boolean(a?.developer_at), developerSince: formatTime(a?.developer_at), limit: apiKeyLimit, keys: rows.map(keyOf) };
}

/** Agrees to the developer terms; agreeing again changes nothing. */
export async function becomeDeveloper(db: Db, c: Caller): Promise<ApiKeysAnswer> {
  await db.tx(async (q) => {
    const [changed] = await q.query(`UPDATE accounts SET developer_at = now() WHERE id = $1 AND developer_at IS NULL RETURNING id`, [c.accountId]);
    if (changed) await recordActivity(q, c.accountId, { kind: 'security', action: 'security.developer' }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'apiKey' });
  });
  return listApiKeys(db, c.accountId, c.memberId ?? null);
}

export async function createApiKey(db: Db, c: Caller, body: { name: string; scope: ApiKeyScope }): Promise<ApiKeySecretAnswer> {
  return db.tx(async (q) => {
    // The account row's lock makes the limit hold when two keys are created at once.
    const [a] = await q.query<{ developer_at: Date | null }>(`SELECT developer_at FROM accounts WHERE id = $1 FOR UPDATE`, [c.accountId]);
    if (!a?.developer_at) throw fail('NOT_DEVELOPER');
    const [n] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL`, [c.accountId]);
    if ((n?.n ?? 0) >= apiKeyLimit) throw fail('API_KEY_LIMIT', { limit: apiKeyLimit });
    const s = newSecret();
    const [row] = await q.query<Row>(`INSERT INTO api_keys (account_id, name, scope, prefix, key_hash, member_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`, [
      c.accountId,
      body.name,
      body.scope,
      s.prefix,
      s.hash,
      c.memberId ?? null,
    ]);
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.apiKey.create', params: { name: body.name, prefix: s.prefix, scope: body.scope } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'apiKey' });
    return { key: keyOf(row!), secret: s.secret };
  });
}

export async function updateApiKey(db: Db, c: Caller, id: number, body: { name?: string | undefined; scope?: ApiKeyScope | undefined }): Promise<ApiKey> {
  return db.tx(async (q) => {
    const [row] = await q.query<Row>(
      `UPDATE api_keys SET name = COALESCE($3, name), scope = COALESCE($4, scope) WHERE id = $1 AND account_id = $2 AND member_id IS NOT DISTINCT FROM $5::int AND revoked_at IS NULL RETURNING ${columns}`,
      [id, c.accountId, body.name ?? null, body.scope ?? null, c.memberId ?? null],
    );
    if (!row) throw notFound();
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.apiKey.update', params: { name: row.name, prefix: row.prefix, scope: row.scope } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'apiKey' });
    return keyOf(row);
  });
}

/** A new secret for the same key (name, scope, creation kept); the old secret stops working with this commit. */
export async function rotateApiKey(db: Db, c: Caller, id: number): Promise<ApiKeySecretAnswer> {
  return db.tx(async (q) => {
    const s = newSecret();
    const [row] = await q.query<Row>(
      `UPDATE api_keys SET key_hash = $3, prefix = $4, rotated_at = now(), last_used_at = NULL, last_used_ip = '' WHERE id = $1 AND account_id = $2 AND member_id IS NOT DISTINCT FROM $5::int AND revoked_at IS NULL RETURNING ${columns}`,
      [id, c.accountId, s.hash, s.prefix, c.memberId ?? null],
    );
    if (!row) throw notFound();
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.apiKey.rotate', params: { name: row.name, prefix: row.prefix } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'apiKey' });
    return { key: keyOf(row), secret: s.secret };
  });
}

export async function revokeApiKey(db: Db, c: Caller, id: number): Promise<void> {
  await db.tx(async (q) => {
    const [row] = await q.query<Row>(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND member_id IS NOT DISTINCT FROM $3::int AND revoked_at IS NULL RETURNING ${columns}`, [id, c.accountId, c.memberId ?? null]);
    if (!row) throw notFound();
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.apiKey.revoke', params: { name: row.name, prefix: row.prefix } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'apiKey' });
  });
}
