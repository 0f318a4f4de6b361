import { randomInt } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { recoveryCodeCount } from '@cc/domain/account';
import { sha256 } from '../../lib/crypto.ts';

// No 0/o or 1/l: a code read off paper is typed back right.
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
const group = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
const hashOf = (accountId: number, code: string) => sha256(`recovery|${accountId}|${code.trim().toLowerCase()}`);

/** A new set of 10 one-time codes, replacing every earlier one; answers them in clear, to be shown once. */
export async function newRecoveryCodes(q: Queryable, accountId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, () => `${group()}-${group()}`);
  await q.query(`DELETE FROM recovery_codes WHERE account_id = $1`, [accountId]);
  for (const c of codes) await q.query(`INSERT INTO recovery_codes (account_id, code_hash) VALUES ($1, $2)`, [accountId, hashOf(accountId, c)]);
  return codes;
}

export async function recoveryStatusOf(q: Queryable, accountId: number) {
  const [row] = await q.query<{ total: number; left: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE used_at IS NULL)::int AS left FROM recovery_codes WHERE account_id = $1`,
    [accountId],
  );
  return { total: row?.total ?? 0, left: row?.left ?? 0 };
}

/** Uses up one recovery code; false when it is unknown or was used (one UPDATE: two requests cannot both use it). */
export async function consumeRecoveryCode(q: Queryable, accountId: number, code: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE recovery_codes SET used_at = now() WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [accountId, hashOf(accountId, code)],
  );
  return rows.length > 0;
}

export async function dropRecoveryCodes(q: Queryable, accountId: number) {
  await q.query(`DELETE FROM recovery_codes WHERE account_id = $1`, [accountId]);
}
