import type { Queryable } from '@cc/db/client';
import type { domainContactBody } from '@cc/contracts/domains';
import type { z } from 'zod';
import { RuleError, said } from '../purchase/rule-error.ts';
import { accountIdOf, authorOf, deptFilterSql, type Who } from '../team/scope.ts';

type Body = z.infer<typeof domainContactBody>;
type Row = { id: number; kind: 'personal' | 'enterprise'; name: string; org: string; email: string; telephone: string; country: string; province: string; city: string; address: string; postal_code: string; verified: boolean };

/**
 * A registrant is verified when the account's real-name verification of its kind is approved (/account/verify):
 * .cn-family names need it (CNNIC's real-name rule).
 */
const cols = `c.id, c.kind, c.name, c.org, c.email, c.telephone, c.country, c.province, c.city, c.address, c.postal_code,
  CASE WHEN c.kind = 'personal' THEN a.auth_p_progress = 'approved' ELSE a.auth_e_progress = 'approved' END AS verified`;
const from = `domain_contacts c JOIN accounts a ON a.id = c.account_id`;

export const toContact = (r: Row) => ({
  id: Number(r.id), kind: r.kind, name: r.name, org: r.org, email: r.email, telephone: r.telephone, country: r.country, province: r.province,
  city: r.city, address: r.address, postalCode: r.postal_code, verified: r.verified,
});
export type DomainContact = ReturnType<typeof toContact>;

const notFound = () => new RuleError('NOT_FOUND', said('dm.contact.notFound'), { contactId: said('dm.contact.notFound') });

export async function listContacts(q: Queryable, who: Who) {
  const accountId = accountIdOf(who);
  const params: unknown[] = [accountId];
  const rows = await q.query<Row>(`SELECT ${cols} FROM ${from} WHERE c.account_id = $1${deptFilterSql(who, 'c', params)} ORDER BY c.id DESC`, params);
  const [a] = await q.query<{ p: string; e: string }>(`SELECT auth_p_progress AS p, auth_e_progress AS e FROM accounts WHERE id = $1`, [accountId]);
  return { items: rows.map(toContact), total: rows.length, realName: { personal: a?.p ?? 'N', enterprise: a?.e ?? 'N' } };
}

/** Contacts by id that `who` sees (a domain's own contacts are read with the account's id: the domain was seen). */
export async function contactsById(q: Queryable, who: Who, ids: number[]): Promise<Map<number, DomainContact>> {
  const params: unknown[] = [accountIdOf(who), ids];
  const rows = await q.query<Row>(`SELECT ${cols} FROM ${from} WHERE c.account_id = $1 AND c.id = ANY($2::int[])${deptFilterSql(who, 'c', params)}`, params);
  return new Map(rows.map((r) => [Number(r.id), toContact(r)]));
}

export async function createContact(q: Queryable, who: Who, b: Body) {
  const accountId = accountIdOf(who);
  const by = authorOf(who);
  const [n] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_contacts WHERE account_id = $1`, [accountId]);
  if ((n?.n ?? 0) >= 200) throw new RuleError('DOMAIN_REFUSED', said('dm.contact.tooMany', { max: 200 }));
  const [r] = await q.query<{ id: number }>(
    `INSERT INTO domain_contacts (account_id, kind, name, org, email, telephone, country, province, city, address, postal_code, member_id, dept_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [accountId, b.kind, b.name, b.org, b.email, b.telephone, b.country, b.province, b.city, b.address, b.postalCode, by.memberId, by.deptId],
  );
  return (await contactsById(q, accountId, [r!.id])).get(r!.id)!;
}

export async function updateContact(q: Queryable, who: Who, id: number, b: Body) {
  const params: unknown[] = [id, accountIdOf(who), b.kind, b.name, b.org, b.email, b.telephone, b.country, b.province, b.city, b.address, b.postalCode];
  const r = await q.query(
    `UPDATE domain_contacts c SET kind = $3, name = $4, org = $5, email = $6, telephone = $7, country = $8, province = $9, city = $10, address = $11, postal_code = $12, updated_at = now()
      WHERE id = $1 AND account_id = $2${deptFilterSql(who, 'c', params)} RETURNING id`,
    params,
  );
  if (!r.length) throw notFound();
  return (await contactsById(q, who, [id])).get(id)!;
}

export async function deleteContact(q: Queryable, who: Who, id: number) {
  const accountId = accountIdOf(who);
  const params: unknown[] = [id, accountId];
  const scope = deptFilterSql(who, 'c', params);
  const [mine] = await q.query(`SELECT 1 FROM domain_contacts c WHERE id = $1 AND account_id = $2${scope}`, params);
  if (!mine) throw notFound();
  const [inUse] = await q.query(`SELECT 1 FROM domains WHERE account_id = $1 AND gone_at IS NULL AND registrant_id = $2 LIMIT 1`, [accountId, id]);
  if (inUse) throw new RuleError('DOMAIN_REFUSED', said('dm.contact.inUse'), { id: said('dm.contact.inUse') });
  const r = await q.query(`DELETE FROM domain_contacts WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!r.length) throw notFound();
}

/** The registrant of a registration or transfer: the account's own, and verified when a .cn-family name is among them. */
export async function contactForRegistration(q: Queryable, who: Who, contactId: number, needsRealName: boolean): Promise<DomainContact> {
  const c = (await contactsById(q, who, [contactId])).get(contactId);
  if (!c) throw notFound();
  if (needsRealName && !c.verified) throw new RuleError('DOMAIN_REAL_NAME', said('dm.realName.required'), { contactId: said('dm.realName.required') });
  return c;
}
