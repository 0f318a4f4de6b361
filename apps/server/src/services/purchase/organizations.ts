import type { Queryable } from '@cc/db/client';
import type { Organization, OrganizationInput } from '@cc/contracts/organizations';
import { fail } from '../../lib/app-error.ts';
import { likePattern, pageOffset } from './paging.ts';

interface OrgRow {
  id: number;
  org_name: string;
  credit_code: string;
  nation_code: string;
  province: string;
  city: string;
  postal_code: string;
  address: string;
  telephone: string;
  digicert_id: string;
  digicert_cn_id: string;
  date_of_incorporation: string;
  created_at: Date | string;
  [k: string]: unknown;
}

// The date is read as text so that neither driver shifts it by a time zone.
const columns = `id, org_name, credit_code, nation_code, province, city, postal_code, address, telephone, digicert_id, digicert_cn_id,
  to_char(date_of_incorporation, 'YYYY-MM-DD') AS date_of_incorporation, created_at`;

const toOrganization = (r: OrgRow): Organization => ({
  id: r.id,
  name: r.org_name,
  creditCode: r.credit_code,
  country: r.nation_code,
  province: r.province,
  locality: r.city,
  postalCode: r.postal_code,
  telephone: r.telephone,
  registryAddr: r.address,
  orgName: r.org_name,
  nationCode: r.nation_code,
  city: r.city,
  address: r.address,
  digicertID: r.digicert_id,
  digicertCnID: r.digicert_cn_id,
  dateOfIncorporation: r.date_of_incorporation,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listOrganizations(db: Queryable, accountId: number, q: { limit: number; offset: number; name?: string | undefined }) {
  const where = `account_id = $1 AND ($2::text IS NULL OR org_name ILIKE $2)`;
  const params = [accountId, q.name ? likePattern(q.name) : null];
  const rows = await db.query<OrgRow>(`SELECT ${columns} FROM organizations WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`, [...params, q.limit, pageOffset(q)]);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE ${where}`, params);
  return { data: rows.map(toOrganization), total: count?.n ?? 0 };
}

export async function getOrganization(db: Queryable, accountId: number, id: number): Promise<Organization> {
  const [row] = await db.query<OrgRow>(`SELECT ${columns} FROM organizations WHERE id = $1 AND account_id = $2`, [id, accountId]);
  if (!row) throw fail('NOT_FOUND');
  return toOrganization(row);
}

const values = (o: OrganizationInput) => [
  o.orgName, o.creditCode, o.nationCode, o.province, o.city, o.postalCode, o.address, o.telephone, o.digicertID, o.digicertCnID, o.dateOfIncorporation,
];

export async function createOrganization(db: Queryable, accountId: number, o: OrganizationInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO organizations (account_id, org_name, credit_code, nation_code, province, city, postal_code, address, telephone,
       digicert_id, digicert_cn_id, date_of_incorporation)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12::date) RETURNING id`,
    [accountId, ...values(o)],
  );
  return row!.id;
}

export async function updateOrganization(db: Queryable, accountId: number, id: number, o: OrganizationInput): Promise<void> {
  const rows = await db.query(
    `UPDATE organizations SET org_name=$3, credit_code=$4, nation_code=$5, province=$6, city=$7, postal_code=$8, address=$9, telephone=$10,
       digicert_id=$11, digicert_cn_id=$12, date_of_incorporation=$13::date, updated_at=now()
      WHERE id = $1 AND account_id = $2 RETURNING id`,
    [id, accountId, ...values(o)],
  );
  if (!rows.length) throw fail('NOT_FOUND');
}

export async function deleteOrganization(db: Queryable, accountId: number, id: number): Promise<void> {
  const rows = await db.query(`DELETE FROM organizations WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!rows.length) throw fail('NOT_FOUND');
}
