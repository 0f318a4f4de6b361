import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '@cc/db/client';
import { eabKeyLimit, type EabKey, type EabKeyCreateBody, type EabKeySecretAnswer, type EabKeysAnswer } from '@cc/contracts/acme';
import { fail } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { formatTime } from '../session/accounts.ts';
import { recordActivity } from '../account/activity-log.ts';
import type { Caller } from '../account/api-keys.ts';
import { findProduct } from '../purchase/products.ts';
import { b64u } from './jws.ts';

/**
 * External Account Binding keys (RFC 8555 §7.3.4) on /account/developer: a key id and an HMAC key, the latter shown
 * once and kept sealed; scoped to the account, optionally to products and a spending limit, naming the company of
 * OV/EV orders.
 */

type Row = {
  id: number; kid: string; name: string; product_nos: string[]; spend_limit: number | null; org_id: number | null; org_name: string | null;
  accounts: number; spent: number; created_at: Date | string; last_used_at: Date | string | null;
};

const select = `SELECT k.id, k.kid, k.name, k.product_nos, k.spend_limit::float8 AS spend_limit, k.org_id, g.org_name, k.created_at, k.last_used_at,
    (SELECT count(*)::int FROM acme_server_accounts c WHERE c.eab_key_id = k.id) AS accounts,
    (SELECT coalesce(sum(o.pay_amount), 0)::float8 FROM acme_server_accounts c JOIN acme_server_orders a ON a.acme_account_id = c.id
       JOIN orders o ON o.id = a.order_id WHERE c.eab_key_id = k.id AND o.order_status <> 1004) AS spent
  FROM acme_eab_keys k LEFT JOIN organizations g ON g.id = k.org_id`;

const view = (r: Row): EabKey => ({
  id: r.id, kid: r.kid, name: r.name, productNos: r.product_nos, spendLimit: r.spend_limit, spent: r.spent, orgId: r.org_id, orgName: r.org_name ?? '',
  accounts: r.accounts, createdAt: formatTime(r.created_at), lastUsedAt: formatTime(r.last_used_at),
});

export async function listEabKeys(q: Queryable, accountId: number, baseUrl: string): Promise<EabKeysAnswer> {
  const rows = await q.query<Row>(`${select} WHERE k.account_id = $1 AND k.revoked_at IS NULL ORDER BY k.id DESC`, [accountId]);
  return { limit: eabKeyLimit, directoryBase: `${baseUrl}/acme`, keys: rows.map(view) };
}

export async function createEabKey(db: Db, box: SecretBox, c: Caller, body: Required<Omit<EabKeyCreateBody, 'orgId' | 'spendLimit'>> & { orgId: number | null; spendLimit: number | null }): Promise<EabKeySecretAnswer> {
  const productNos = [...new Set(body.productNos.map((p) => p.trim()))];
  for (const productNo of productNos) if (!(await findProduct(db, productNo))) throw fail('EAB_PRODUCT_UNKNOWN', { productNo });
  return db.tx(async (q) => {
    // The account row's lock makes the limit hold when two keys are made at once.
    await q.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [c.accountId]);
    const [n] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM acme_eab_keys WHERE account_id = $1 AND revoked_at IS NULL`, [c.accountId]);
    if ((n?.n ?? 0) >= eabKeyLimit) throw fail('EAB_KEY_LIMIT', { limit: eabKeyLimit });
    if (body.orgId !== null) {
      const [org] = await q.query(`SELECT 1 FROM organizations WHERE id = $1 AND account_id = $2`, [body.orgId, c.accountId]);
      if (!org) throw fail('EAB_ORG_NOT_VERIFIED');
    }
    const kid = `eab_${b64u(randomBytes(12))}`;
    const hmacKey = b64u(randomBytes(32));
    const [row] = await q.query<{ id: number }>(
      // The member who makes it: orders through it stay within that member's pay limit (services/payments/spending.ts).
      `INSERT INTO acme_eab_keys (account_id, kid, name, hmac_sealed, product_nos, spend_limit, org_id, member_id) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id`,
      [c.accountId, kid, body.name, box.seal(hmacKey), JSON.stringify(productNos), body.spendLimit, body.orgId, c.memberId ?? null],
    );
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.eab.create', params: { name: body.name, kid } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'eabKey' });
    const [r] = await q.query<Row>(`${select} WHERE k.id = $1`, [row!.id]);
    return { key: view(r!), hmacKey };
  });
}

/** Revokes a key: the ACME accounts registered with it can no longer order. */
export async function revokeEabKey(db: Db, c: Caller, id: number): Promise<void> {
  await db.tx(async (q) => {
    const [row] = await q.query<{ name: string; kid: string }>(`UPDATE acme_eab_keys SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING name, kid`, [id, c.accountId]);
    if (!row) throw fail('EAB_KEY_NOT_FOUND');
    await recordActivity(q, c.accountId, { kind: 'security', action: 'security.eab.revoke', params: { name: row.name, kid: row.kid } }, c.ip, c.userAgent, { memberId: c.memberId ?? null, objectType: 'eabKey' });
  });
}

/** The key an EAB names, if in use: its account and HMAC key. */
export async function eabKeyByKid(q: Queryable, box: SecretBox, kid: string): Promise<{ id: number; accountId: number; hmac: Buffer } | null> {
  const [k] = await q.query<{ id: number; account_id: number; hmac_sealed: string }>(`SELECT id, account_id, hmac_sealed FROM acme_eab_keys WHERE kid = $1 AND revoked_at IS NULL`, [kid]);
  return k ? { id: k.id, accountId: k.account_id, hmac: Buffer.from(box.open(k.hmac_sealed), 'base64url') } : null;
}
