import type { Db, Queryable } from '@cc/db/client';
import { fail } from '../../lib/app-error.ts';
import { pageOffset } from './paging.ts';
import type { Tables } from '@cc/db/schema.gen';

export async function listDcvEmails(db: Queryable, accountId: number, q: { limit: number; offset: number }) {
  const rows = await db.query<Pick<Tables['dcv_emails'], 'id' | 'email'>>(
    `SELECT id, email FROM dcv_emails WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [accountId, q.limit, pageOffset(q)],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dcv_emails WHERE account_id = $1`, [accountId]);
  return { data: rows, total: count?.n ?? 0 };
}

const normalizedAddress = (email: string) => email.trim().toLowerCase();

/** Idempotent: saving an address twice answers the same id (the order screen saves on every submit). */
export async function saveDcvEmail(db: Queryable, accountId: number, email: string): Promise<number> {
  const normalized = normalizedAddress(email);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO dcv_emails (account_id, email) VALUES ($1, $2)
     ON CONFLICT (account_id, email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
    [accountId, normalized],
  );
  return row!.id;
}

export async function deleteDcvEmail(db: Queryable, accountId: number, id: number): Promise<void> {
  const rows = await db.query(`DELETE FROM dcv_emails WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!rows.length) throw fail('NOT_FOUND');
}

/**
 * Changes a saved address. Changed to one already saved, the two become one: the edited row goes and the call
 * answers the id kept, as saving an address twice does.
 */
export async function updateDcvEmail(db: Db, accountId: number, id: number, email: string): Promise<number> {
  const normalized = normalizedAddress(email);
  return db.tx(async (q) => {
    const [mine] = await q.query<{ id: number }>(`SELECT id FROM dcv_emails WHERE id = $1 AND account_id = $2 FOR UPDATE`, [id, accountId]);
    if (!mine) throw fail('NOT_FOUND');
    const [other] = await q.query<{ id: number }>(`SELECT id FROM dcv_emails WHERE account_id = $1 AND email = $2 AND id <> $3`, [accountId, normalized, id]);
    if (other) {
      await q.query(`DELETE FROM dcv_emails WHERE id = $1`, [id]);
      return other.id;
    }
    await q.query(`UPDATE dcv_emails SET email = $2 WHERE id = $1`, [id, normalized]);
    return id;
  });
}
