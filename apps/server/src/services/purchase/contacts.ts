import type { Queryable } from '@cc/db/client';
import type { Contact, ContactInput } from '@cc/contracts/contacts';
import { fail } from '../../lib/app-error.ts';
import { likePattern, pageOffset } from './paging.ts';
import { accountIdOf, deptFilterSql, type Viewer } from '../team/scope.ts';

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

export async function listContacts(db: Queryable, who: Viewer | number, q: { limit: number; offset: number; firstname?: string | undefined; lastname?: string | undefined }) {
  const params: unknown[] = [accountIdOf(who), q.firstname ? likePattern(q.firstname) : null, q.lastname ? likePattern(q.lastname) : null];
  // A member sees the contacts of its departments unless its role sees all (services/team/scope.ts).
  const where = `account_id = $1 AND ($2::text IS NULL OR firstname ILIKE $2) AND ($3::text IS NULL OR lastname ILIKE $3)${deptFilterSql(who, 'contacts', params, false)}`;
  const n = params.length;
  const rows = await db.query<ContactRow>(`SELECT * FROM contacts WHERE ${where} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, q.limit, pageOffset(q)]);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${where}`, params);
  return { data: rows.map(toContact), total: count?.n ?? 0 };
}

export async function createContact(db: Queryable, accountId: number, c: ContactInput, deptId: number | null = null): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO contacts (account_id, lastname, firstname, position, email, telephone, id_card, dept_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
    [accountId, c.lastname, c.firstname, c.position, c.email, c.telephone, c.idCard, deptId],
  );
  return row!.id;
}

/** Another account's id is simply not found: no hint that it exists. */
export async function updateContact(db: Queryable, who: Viewer | number, id: number, c: ContactInput): Promise<void> {
  const params: unknown[] = [id, accountIdOf(who), c.lastname, c.firstname, c.position, c.email, c.telephone, c.idCard];
  const rows = await db.query(
    `UPDATE contacts SET lastname=$3, firstname=$4, position=$5, email=$6, telephone=$7, id_card=$8, updated_at=now()
      WHERE id = $1 AND account_id = $2${deptFilterSql(who, 'contacts', params, false)} RETURNING id`,
    params,
  );
  if (!rows.length) throw fail('NOT_FOUND');
}

export async function deleteContact(db: Queryable, who: Viewer | number, id: number): Promise<void> {
  const params: unknown[] = [id, accountIdOf(who)];
  const rows = await db.query(`DELETE FROM contacts WHERE id = $1 AND account_id = $2${deptFilterSql(who, 'contacts', params, false)} RETURNING id`, params);
  if (!rows.length) throw fail('NOT_FOUND');
}
