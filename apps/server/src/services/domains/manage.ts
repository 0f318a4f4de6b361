import type { Queryable } from '@cc/db/client';
import type { DomainItem } from '@cc/contracts/domains';
import { randomBytes } from 'node:crypto';
import { expiringDays, makeAuthCode, maxRenewYears, phaseAt, renewPrice, tldByAscii } from '@cc/domain/registrar';
import { isDomain, toAscii } from '@cc/domain/domain-names';
import { RuleError, said } from '../purchase/rule-error.ts';
import { transferProhibited } from '../../adapters/registry/registry.ts';
import type { DomainsContext } from './context.ts';
import { contactsById } from './contacts.ts';
import { applyTransferOutcome, orderCols, orderFrom, toOrder } from './orders.ts';
import { parse, unicodeOf } from './names.ts';
import { accountIdOf, deptFilterSql, type Who } from '../team/scope.ts';
import { heldDomainIdByOrderNoSql, heldDomainIdsSql } from './held.ts';

type Row = {
  id: number; order_no: string; name: string; unicode: string; tld: string; registered_at: Date | string; expires_at: Date | string; locked: boolean; for_sale: boolean;
  remark: string; group_id: number | null; group_name: string | null; nameservers: string[]; registrant_id: number | null; admin_id: number | null; tech_id: number | null; billing_id: number | null;
  t_id: number | null; t_status: string | null; t_act_by: Date | string | null;
};
const cols = `d.id, d.order_no, d.name, d.unicode, d.tld, d.registered_at, d.expires_at, d.locked, d.for_sale, d.remark, d.group_id, g.name AS group_name, d.nameservers,
  d.registrant_id, d.admin_id, d.tech_id, d.billing_id, t.id AS t_id, t.status AS t_status, t.act_by AS t_act_by`;
const from = (registrar: string) => `domains d LEFT JOIN domain_groups g ON g.id = d.group_id
  LEFT JOIN registry_transfers t ON t.name = d.name AND t.status = 'pending' AND t.losing = '${registrar}'`;

const day = 86400_000;
function toItem(r: Row, now: Date): DomainItem {
  const expiresAt = new Date(r.expires_at);
  const t = tldByAscii.get(r.tld)!;
  return {
    orderNo: r.order_no, domain: r.name, unicode: r.unicode, tld: t.tld, registeredAt: new Date(r.registered_at).toISOString(), expiresAt: expiresAt.toISOString(),
    phase: phaseAt(expiresAt, now), locked: r.locked, forSale: r.for_sale, remark: r.remark, groupId: r.group_id, groupName: r.group_name, nameservers: r.nameservers,
    maxRenewYears: maxRenewYears(expiresAt, now), renewPrice: renewPrice(t, 1, expiresAt, now),
    transferOut: r.t_id && r.t_status && r.t_act_by ? { id: Number(r.t_id), status: r.t_status, actBy: new Date(r.t_act_by).toISOString() } : null,
  };
}

/** The account's names for a tab of /domain/manage: mine, expiring (within 30 days), expired, for sale. */
export async function listDomains(ctx: DomainsContext, who: Who, f: { tab: 'mine' | 'expiring' | 'expired' | 'forSale'; keyword: string; groupId?: number | undefined; limit: number; offset: number }) {
  const now = ctx.clock();
  const tabSql = { mine: 'true', expiring: `d.expires_at > $2 AND d.expires_at <= $3`, expired: `d.expires_at <= $2`, forSale: 'd.for_sale' }[f.tab];
  const kw = f.keyword.trim().toLowerCase();
  const where = `d.account_id = $1 AND d.gone_at IS NULL AND $2::timestamptz IS NOT NULL AND $3::timestamptz IS NOT NULL AND ${tabSql} AND ($4::text = '' OR d.name LIKE '%' || $4 || '%' OR d.unicode LIKE '%' || $4 || '%' OR d.remark LIKE '%' || $4 || '%')
    AND ($5::int IS NULL OR d.group_id = $5)`;
  const params: unknown[] = [accountIdOf(who), now, new Date(now.getTime() + expiringDays * day), kw, f.groupId ?? null];
  const scoped = `${where}${deptFilterSql(who, 'd', params)}`;
  const rows = await ctx.db.query<Row>(`SELECT ${cols} FROM ${from(ctx.registry.registrarId)} WHERE ${scoped} ORDER BY d.expires_at, d.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, f.limit, (f.offset - 1) * f.limit]);
  const [n] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domains d WHERE ${scoped}`, params);
  return { items: rows.map((r) => toItem(r, now)), total: n?.n ?? 0 };
}

/** The account's names expiring within `days` (the dashboard's "expiring domains"), soonest first. */
export async function domainsExpiringWithin(ctx: Pick<DomainsContext, 'db' | 'clock'>, who: Who, days: number) {
  const now = ctx.clock();
  const params: unknown[] = [accountIdOf(who), now, new Date(now.getTime() + days * day)];
  const scope = deptFilterSql(who, 'd', params);
  const rows = await ctx.db.query<{ order_no: string; name: string; unicode: string; expires_at: Date | string }>(
    `SELECT order_no, name, unicode, expires_at FROM domains d WHERE account_id = $1 AND gone_at IS NULL AND expires_at > $2 AND expires_at <= $3${scope} ORDER BY expires_at LIMIT 100`,
    params,
  );
  return rows.map((r) => ({ orderNo: r.order_no, domain: r.name, unicode: r.unicode, expiresAt: new Date(r.expires_at).toISOString(), daysLeft: Math.ceil((new Date(r.expires_at).getTime() - now.getTime()) / day) }));
}

const notFound = (field = 'domain') => new RuleError('NOT_FOUND', said('dm.domain.notFound', { domains: '' }), { [field]: said('dm.domain.notFound', { domains: '' }) });

/** One held name of the account, by order number or name; locked for update when asked. */
async function held(q: Queryable, ctx: DomainsContext, who: Who, key: { orderNo?: string; domain?: string }, lock = false): Promise<Row> {
  const name = key.domain ? (parse(key.domain)?.ascii ?? key.domain.trim().toLowerCase()) : null;
  const params: unknown[] = [accountIdOf(who), key.orderNo ?? null, name];
  const scope = deptFilterSql(who, 'd', params);
  const [r] = await q.query<Row>(
    `SELECT ${cols} FROM ${from(ctx.registry.registrarId)} WHERE d.account_id = $1 AND d.gone_at IS NULL AND (d.order_no = $2::text OR d.name = $3::text)${scope}${lock ? ' FOR UPDATE OF d' : ''}`,
    params,
  );
  if (!r) throw notFound(key.orderNo ? 'orderNo' : 'domain');
  return r;
}

export async function domainDetail(ctx: DomainsContext, who: Who, orderNo: string) {
  const accountId = accountIdOf(who);
  const r = await held(ctx.db, ctx, who, { orderNo });
  const ids = [r.registrant_id, r.admin_id, r.tech_id, r.billing_id].filter((x): x is number => x !== null);
  const cs = await contactsById(ctx.db, accountId, ids);
  const get = (id: number | null) => (id === null ? null : (cs.get(id) ?? null));
  const orders = await ctx.db.query<Parameters<typeof toOrder>[0]>(`SELECT ${orderCols} FROM ${orderFrom} WHERE o.account_id = $1 AND o.name = $2 ORDER BY o.id DESC LIMIT 50`, [accountId, r.name]);
  return {
    ...toItem(r, ctx.clock()),
    contacts: { registrant: get(r.registrant_id), admin: get(r.admin_id), tech: get(r.tech_id), billing: get(r.billing_id) },
    orders: orders.map(toOrder),
  };
}

/** PUT domainLock: the registry's clientTransferProhibited status, and ours. */
export async function setLock(ctx: DomainsContext, who: Who, domain: string, lock: boolean) {
  return ctx.db.tx(async (q) => {
    const r = await held(q, ctx, who, { domain }, true);
    const res = await ctx.registry.update(q, r.name, lock ? { add: [transferProhibited] } : { remove: [transferProhibited] });
    if (!res.ok) throw new RuleError('DOMAIN_REFUSED', said('dm.registry.refused', { reason: res.reason }));
    await q.query(`UPDATE domains SET locked = $2, updated_at = now() WHERE id = $1`, [r.id, lock]);
    return { domain: r.name, locked: lock };
  });
}

/** POST domains/authCode: the code another registrar needs to take the name; `reset` makes a new one. A locked name has none to give. */
export async function authCode(ctx: DomainsContext, who: Who, domain: string, reset: boolean) {
  return ctx.db.tx(async (q) => {
    const r = await held(q, ctx, who, { domain }, true);
    if (r.locked) throw new RuleError('DOMAIN_REFUSED', said('dm.authCode.locked'), { domain: said('dm.authCode.locked') });
    if (reset) {
      await ctx.registry.update(q, r.name, { authCode: makeAuthCode(randomBytes(16)) });
    }
    const info = await ctx.registry.info(q, r.name);
    if (!info) throw notFound();
    return { domain: r.name, authCode: info.authCode };
  });
}

/** PUT domains/forSale: lists the name in the for-sale tab (the listing is the account's own; nothing is sold by the registry). */
export async function setForSale(ctx: DomainsContext, who: Who, domain: string, forSale: boolean) {
  const name = parse(domain)?.ascii ?? domain.trim().toLowerCase();
  const params: unknown[] = [accountIdOf(who), name, forSale];
  const r = await ctx.db.query(`UPDATE domains d SET for_sale = $3, updated_at = now() WHERE d.id IN ${heldDomainIdsSql('$1::int', 'ARRAY[$2::text]')}${deptFilterSql(who, 'd', params)} RETURNING id`, params);
  if (!r.length) throw notFound();
  return { domain: name, forSale };
}

/** PUT orders/remark: the remark of a held name, by its order number. */
export async function setRemark(ctx: DomainsContext, who: Who, orderNo: string, remark: string) {
  const params: unknown[] = [accountIdOf(who), orderNo, remark];
  const r = await ctx.db.query(`UPDATE domains d SET remark = $3, updated_at = now() WHERE d.id IN ${heldDomainIdByOrderNoSql('$1::int', '$2::text')}${deptFilterSql(who, 'd', params)} RETURNING id`, params);
  if (!r.length) throw notFound('orderNo');
  return { orderNo, remark };
}

export function checkNameservers(list: string[]): string[] {
  const ns = [...new Set(list.map((n) => toAscii(n).replace(/\.$/, '')))];
  const bad = ns.filter((n) => !isDomain(n));
  if (bad.length) throw new RuleError('INVALID_INPUT', said('dm.v.nameserver', { ns: bad.join(', ') }), { nameservers: said('dm.v.nameserver', { ns: bad.join(', ') }) });
  if (ns.length < 2) throw new RuleError('INVALID_INPUT', said('dm.v.nameservers'), { nameservers: said('dm.v.nameservers') });
  return ns;
}

/** Nameservers of one held name, at the registry and here (inside the caller's transaction). */
export async function setNameserversIn(q: Queryable, ctx: DomainsContext, who: Who, domain: string, nameservers: string[]) {
  const r = await held(q, ctx, who, { domain }, true);
  const res = await ctx.registry.update(q, r.name, { nameservers });
  if (!res.ok) throw new RuleError('DOMAIN_REFUSED', said('dm.registry.refused', { reason: res.reason }));
  await q.query(`UPDATE domains SET nameservers = $2::jsonb, updated_at = now() WHERE id = $1`, [r.id, JSON.stringify(nameservers)]);
  return { domain: r.name, nameservers };
}

/** The registrant (and the other contacts) of one held name. */
export async function setOwnerIn(q: Queryable, ctx: DomainsContext, who: Who, domain: string, contactId: number) {
  const r = await held(q, ctx, who, { domain }, true);
  const c = (await contactsById(q, who, [contactId])).get(contactId);
  if (!c) throw new RuleError('NOT_FOUND', said('dm.contact.notFound'));
  if (tldByAscii.get(r.tld)?.realName && !c.verified) throw new RuleError('DOMAIN_REAL_NAME', said('dm.realName.required'));
  const res = await ctx.registry.update(q, r.name, { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId } });
  if (!res.ok) throw new RuleError('DOMAIN_REFUSED', said('dm.registry.refused', { reason: res.reason }));
  await q.query(`UPDATE domains SET registrant_id = $2, admin_id = $2, tech_id = $2, billing_id = $2, updated_at = now() WHERE id = $1`, [r.id, contactId]);
}

// ---------- transfer out

export async function listTransfersOut(ctx: DomainsContext, who: Who) {
  const params: unknown[] = [accountIdOf(who), ctx.registry.registrarId];
  const scope = deptFilterSql(who, 'd', params);
  const rows = await ctx.db.query<{ id: number; name: string; order_no: string | null; status: string; requested_at: Date | string; act_by: Date | string; settled_at: Date | string | null }>(
    `SELECT t.id, t.name, d.order_no, t.status, t.requested_at, t.act_by, t.settled_at
       FROM registry_transfers t JOIN domains d ON d.name = t.name AND d.account_id = $1 AND t.requested_at >= d.created_at AND (d.gone_at IS NULL OR d.gone_reason = 'transferredOut#' || t.id)
      WHERE t.losing = $2${scope} ORDER BY t.id DESC LIMIT 500`,
    params,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  const items = rows.map((r) => ({ id: Number(r.id), domain: r.name, unicode: unicodeOf(r.name), orderNo: r.order_no, status: r.status, requestedAt: iso(r.requested_at), actBy: iso(r.act_by), settledAt: r.settled_at ? iso(r.settled_at) : null }));
  return { items, total: items.length };
}

/** The holder approves (the name leaves now) or rejects (it stays) another registrar's request. */
export async function decideTransferOut(ctx: DomainsContext, who: Who, transferId: number, approve: boolean) {
  return ctx.db.tx(async (q) => {
    const t = await ctx.registry.transferQuery(q, transferId);
    const params: unknown[] = [accountIdOf(who), t?.name ?? ''];
    const scope = deptFilterSql(who, 'd', params);
    const [mine] = t ? await q.query(`SELECT 1 FROM domains d WHERE d.id IN ${heldDomainIdsSql('$1::int', 'ARRAY[$2::text]')}${scope}`, params) : [];
    if (!t || !mine || t.losing !== ctx.registry.registrarId) throw new RuleError('NOT_FOUND', said('dm.transfer.notFound'), { id: said('dm.transfer.notFound') });
    const r = approve ? await ctx.registry.transferApprove(q, transferId) : await ctx.registry.transferReject(q, transferId);
    if (!r.ok) throw new RuleError('DOMAIN_REFUSED', said('dm.transfer.notPending'));
    await applyTransferOutcome(ctx, q, r.transfer);
    return { id: transferId, status: r.transfer.status };
  });
}

// ---------- groups (limit 100, offset 1)

const groupNotFound = () => new RuleError('DOMAIN_GROUP', said('dm.group.notFound'), { id: said('dm.group.notFound') });

export async function listGroups(q: Queryable, accountId: number, limit: number, offset: number) {
  const rows = await q.query<{ id: number; name: string; count: number; created_at: Date | string }>(
    `SELECT g.id, g.name, (SELECT count(*)::int FROM domains d WHERE d.group_id = g.id AND d.gone_at IS NULL) AS count, g.created_at
       FROM domain_groups g WHERE g.account_id = $1 ORDER BY g.id LIMIT $2 OFFSET $3`,
    [accountId, limit, (offset - 1) * limit],
  );
  const [n] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_groups WHERE account_id = $1`, [accountId]);
  return { items: rows.map((r) => ({ id: Number(r.id), name: r.name, count: r.count, createdAt: new Date(r.created_at).toISOString() })), total: n?.n ?? 0, pagination: { limit, offset } };
}

async function uniqueName<T>(fn: () => Promise<T>, name: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new RuleError('DOMAIN_GROUP', said('dm.group.exists', { name }), { name: said('dm.group.exists', { name }) });
    throw e;
  }
}

export async function createGroup(q: Queryable, accountId: number, name: string) {
  const [n] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_groups WHERE account_id = $1`, [accountId]);
  if ((n?.n ?? 0) >= 100) throw new RuleError('DOMAIN_GROUP', said('dm.group.tooMany', { max: 100 }));
  const [r] = await uniqueName(() => q.query<{ id: number }>(`INSERT INTO domain_groups (account_id, name) VALUES ($1, $2) RETURNING id`, [accountId, name]), name);
  return { id: Number(r!.id), name, count: 0, createdAt: new Date().toISOString() };
}

export async function renameGroup(q: Queryable, accountId: number, id: number, name: string) {
  const r = await uniqueName(() => q.query(`UPDATE domain_groups SET name = $3 WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId, name]), name);
  if (!r.length) throw groupNotFound();
  return { id, name };
}

export async function deleteGroup(q: Queryable, accountId: number, id: number) {
  const r = await q.query(`DELETE FROM domain_groups WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!r.length) throw groupNotFound();
}

/** groups/addDomain and delDomain: names of the account into or out of a group. */
export async function groupDomains(q: Queryable, who: Who, id: number, domains: string[], add: boolean) {
  const accountId = accountIdOf(who);
  const [g] = await q.query(`SELECT 1 FROM domain_groups WHERE id = $1 AND account_id = $2`, [id, accountId]);
  if (!g) throw groupNotFound();
  const names = domains.map((d) => parse(d)?.ascii ?? d.trim().toLowerCase());
  const params: unknown[] = [accountId, id, names];
  // Only the names the member sees: another department's are left as they are (and not counted).
  const scope = deptFilterSql(who, 'd', params);
  const r = add
    ? await q.query(`UPDATE domains d SET group_id = $2, updated_at = now() WHERE d.id IN ${heldDomainIdsSql('$1::int', '$3::text[]')}${scope} RETURNING id`, params)
    : await q.query(`UPDATE domains d SET group_id = NULL, updated_at = now() WHERE d.id IN ${heldDomainIdsSql('$1::int', '$3::text[]')} AND d.group_id = $2${scope} RETURNING id`, params);
  return { changed: r.length };
}
