import type { Queryable } from '@cc/db/client';
import type { Contact, ContactInput } from '@cc/contracts/contacts';
import { fail } from '../../lib/app-error.ts';
import { likePattern, pageOffset } from './paging.ts';

interface ContactRow {
  id: number;
  lastname: string;
  firstname: string;
  position: string;
  email: string;
  telephone: string;
  id_card: string;
  created_at: Date | string;
  [k: string]: unknown;
}

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  lastname: r.lastname,
  firstname: r.firstname,
  position: r.position,
  email: r.email,
  telephone: r.telephone,
  idCard: r.id_card,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listContacts(db: Queryable, accountId: number, q: { limit: number; offset: number; firstname?: string | undefined; lastname?: string | undefined }) {
  const where = `account_id = $1 AND ($2::text IS NULL OR firstname ILIKE $2) AND ($3::text IS NULL OR lastname ILIKE $3)`;
  const params = [accountId, q.firstname ? likePattern(q.firstname) : null, q.lastname ? likePattern(q.lastname) : null];
  const rows = await db.query<ContactRow>(`SELECT * FROM contacts WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`, [...params, q.limit, pageOffset(q)]);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, params);
  return { data: rows.map(toContact), total: count?.n ?? 0 };
}

export async function createContact(db: Queryable, accountId: number, c: ContactInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO contacts (account_id, lastname, firstname, position, email, telephone, id_card) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
    [accountId, c.lastname, c.firstname, c.position, c.email, c.telephone, c.idCard],
  );
  return row!.id;
}

/** Another account's id is simply not found: no hint that it exists. */
export async function updateContact(db: Queryable, accountId: number, id: number, c: ContactInput): Promise<void> {
  const rows = await db.query(
    `UPDATE contacts SET lastname=$3, firstname=$4, position=$5, email=$6, telephone=$7, id_card=$8, updated_at=now()
      WHERE id = $1 AND account_id = $2 RETURNING id`,
    [id, accountId, c.lastname, c.firstname, c.position, c.email, c.telephone, c.idCard],
  );
  if (!rows.length) throw fail('NOT_FOUND');
}

export async function deleteContact(db: Queryable, accountId: number, id: number): Promise<void> {
  const rows = await db.query(`DELETE FROM contacts WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!rows.length) throw fail('NOT_FOUND');
}
