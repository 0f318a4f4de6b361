import { hostZone } from '../dns/zones.ts';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import type { DomainOrder } from '@cc/contracts/domains';
import { translate, type Locale, type MessageKey } from '@cc/contracts/messages';
import { registerPrice, renewFault, renewPrice, addYears, tldByAscii, type TldPrice } from '@cc/domain/registrar';
import { RuleError, said } from '../purchase/rule-error.ts';
import { postLedgerEntry } from '../payments/ledger.ts';
import { passSpendingGate, type Spender } from '../payments/spending.ts';
import { payTx } from '../payments/tx.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobKind } from '../jobs/kinds.ts';
import type { RegistryTransfer } from '../../adapters/registry/registry.ts';
import type { DomainsContext } from './context.ts';
import type { PaidPurchase, Settled } from '../payments/external.ts';
import { parse, unicodeOf } from './names.ts';
import { contactForRegistration } from './contacts.ts';
import { accountIdOf, authorOf, deptFilterSql, type Who } from '../team/scope.ts';
import { auditAs, type AuditBy } from '../team/audit.ts';
import { heldDomainIdsSql } from './held.ts';
import { releaseLapsedNames } from './release.ts';
import { notifyAccount } from '../messages/notify.ts';

/** Queued with the paying transaction: completes registrations and transfer requests a crash left paid (each is idempotent). */
export const domainsCompleteJob = 'domains.complete' satisfies JobKind;

export const newOrderNo = () => `DM${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

type OrderRow = {
  order_no: string; kind: DomainOrder['kind']; name: string; unicode: string; years: number; amount: number; status: DomainOrder['status']; reason: string;
  created_at: Date | string; completed_at: Date | string | null; expires_after: Date | string | null;
  t_status: string | null; t_requested: Date | string | null; t_act_by: Date | string | null;
};
export const orderCols = `o.order_no, o.kind, o.name, o.unicode, o.years, o.amount::float8 AS amount, o.status, o.reason, o.created_at, o.completed_at, o.expires_after,
  t.status AS t_status, t.requested_at AS t_requested, t.act_by AS t_act_by`;
export const orderFrom = `domain_orders o LEFT JOIN registry_transfers t ON t.id = o.transfer_id`;
const iso = (v: Date | string) => new Date(v).toISOString();
export const toOrder = (r: OrderRow): DomainOrder => ({
  orderNo: r.order_no, kind: r.kind, domain: r.name, unicode: r.unicode, years: r.years, amount: Number(r.amount), status: r.status, reason: r.reason,
  createdAt: iso(r.created_at), completedAt: r.completed_at ? iso(r.completed_at) : null, expiresAfter: r.expires_after ? iso(r.expires_after) : null,
  transfer: r.t_status && r.t_requested && r.t_act_by ? { status: r.t_status, requestedAt: iso(r.t_requested), actBy: iso(r.t_act_by) } : null,
});

export async function ordersByNo(q: Queryable, orderNos: string[]): Promise<DomainOrder[]> {
  const rows = await q.query<OrderRow>(`SELECT ${orderCols} FROM ${orderFrom} WHERE o.order_no = ANY($1::text[]) ORDER BY o.id`, [orderNos]);
  return rows.map(toOrder);
}

const refused = (key: MessageKey, params?: Record<string, string | number>, field = 'domains') => new RuleError('DOMAIN_REFUSED', said(key, params), { [field]: said(key, params) });

/**
 * Writes paid orders inside the caller's transaction, with one audit entry each (who paid, `by`) and, when the
 * balance pays them (`paidBy` the spender), their total through the spending gate and one ledger debit each (kind
 * order_payment, ref the order number); `paidBy` gateway: a gateway payment already paid them. The orders carry the
 * payer's department: the domain lands there.
 */
async function insertPaidOrders(q: Queryable, who: Who, by: AuditBy, items: { kind: DomainOrder['kind']; name: string; years: number; amount: number; authCode?: string; contactId?: number | null; expiresBefore?: Date | null }[], batchNo: string | null, paidBy: Spender | 'gateway', status: 'paid' | 'succeeded' = 'paid') {
  const accountId = accountIdOf(who);
  const author = authorOf(who);
  const fromBalance = paidBy !== 'gateway';
  if (fromBalance) await passSpendingGate(q, paidBy, items.reduce((n, i) => n + i.amount, 0));
  const orderNos = items.map(() => newOrderNo());
  await q.query(
    `INSERT INTO domain_orders (order_no, account_id, kind, name, unicode, years, amount, status, auth_code, contact_id, expires_before, batch_no, member_id, dept_id)
     SELECT *, $13::int, $14::int FROM unnest($1::text[], array_fill($2::int, ARRAY[cardinality($1::text[])]), $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[],
       array_fill($8::text, ARRAY[cardinality($1::text[])]), $9::text[], $10::int[], $11::timestamptz[], array_fill($12::text, ARRAY[cardinality($1::text[])]))`,
    [orderNos, accountId, items.map((i) => i.kind), items.map((i) => i.name), items.map((i) => unicodeOf(i.name)), items.map((i) => i.years), items.map((i) => i.amount),
      status, items.map((i) => i.authCode ?? ''), items.map((i) => i.contactId ?? null), items.map((i) => i.expiresBefore ?? null), batchNo, author.memberId, author.deptId],
  );
  for (const [i, it] of items.entries()) {
    if (fromBalance && it.amount > 0) await postLedgerEntry(q, { accountId, amount: -it.amount, kind: 'order_payment', ref: orderNos[i]!, remark: `domain ${it.kind} ${it.name}` });
    await auditAs(q, accountId, by, { kind: 'payment', action: 'team.payment.domain', params: { orderNo: orderNos[i]!, domain: it.name, amount: it.amount }, objectType: 'domain', objectId: orderNos[i]! });
  }
  return orderNos;
}

/** Gives an order's money back through the ledger (kind refund, ref the order number: once only) and closes it with the registry's reason. */
async function refund(q: Queryable, o: { order_no: string; account_id: number; amount: number; name: string }, reason: string) {
  if (Number(o.amount) > 0) await postLedgerEntry(q, { accountId: o.account_id, amount: Number(o.amount), kind: 'refund', ref: o.order_no, remark: `domain ${o.name}: ${reason}` });
  await q.query(`UPDATE domain_orders SET status = 'refunded', reason = $2, completed_at = now() WHERE order_no = $1`, [o.order_no, reason]);
}

// ---------- cart and checkout

export async function cartOf(ctx: DomainsContext, accountId: number) {
  const rows = await ctx.db.query<{ id: number; name: string; unicode: string; years: number }>(`SELECT id, name, unicode, years FROM domain_carts WHERE account_id = $1 ORDER BY id`, [accountId]);
  const parsed = rows.map((r) => ({ r, p: parse(r.name)! }));
  const checks = new Map((await ctx.registry.check(ctx.db, parsed.map(({ p }) => ({ ascii: p.ascii, label: p.label, labelUnicode: p.labelUnicode })))).map((c) => [c.name, c]));
  const items = parsed.map(({ r, p }) => {
    const c = checks.get(p.ascii)!;
    return { id: Number(r.id), domain: r.name, unicode: r.unicode, tld: p.tld.tld, years: r.years, available: c.available, premium: c.premium, realName: p.tld.realName, price: c.available ? registerPrice(p.tld, r.years, c.premium) : null };
  });
  return { items, total: items.reduce((s, i) => s + (i.price ?? 0), 0) };
}

export async function addToCart(ctx: DomainsContext, accountId: number, domains: string[], years: number) {
  const bad = domains.filter((d) => !parse(d));
  if (bad.length) throw refused('dm.name.invalid', { domains: bad.slice(0, 5).join(', ') });
  const ps = domains.map((d) => parse(d)!);
  await ctx.db.query(
    `INSERT INTO domain_carts (account_id, name, unicode, years) SELECT $1, n, u, $4 FROM unnest($2::text[], $3::text[]) AS t(n, u)
     ON CONFLICT (account_id, name) DO UPDATE SET years = excluded.years`,
    [accountId, ps.map((p) => p.ascii), ps.map((p) => p.unicode), years],
  );
  const [n] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_carts WHERE account_id = $1`, [accountId]);
  if ((n?.n ?? 0) > 100) {
    await ctx.db.query(`DELETE FROM domain_carts WHERE account_id = $1 AND name = ANY($2::text[])`, [accountId, ps.map((p) => p.ascii)]);
    throw refused('dm.cart.full', { max: 100 });
  }
  return cartOf(ctx, accountId);
}

export async function updateCart(ctx: DomainsContext, accountId: number, id: number, years: number) {
  const r = await ctx.db.query(`UPDATE domain_carts SET years = $3 WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId, years]);
  if (!r.length) throw new RuleError('NOT_FOUND', said('dm.cart.notFound'), { id: said('dm.cart.notFound') });
  return cartOf(ctx, accountId);
}

export async function removeFromCart(ctx: DomainsContext, accountId: number, id: number) {
  const r = await ctx.db.query(`DELETE FROM domain_carts WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!r.length) throw new RuleError('NOT_FOUND', said('dm.cart.notFound'), { id: said('dm.cart.notFound') });
  return cartOf(ctx, accountId);
}

/** A checkout's registrations, priced now: what the balance pays at once or a gateway payment stores as its items. */
export interface CheckoutLine {
  name: string;
  years: number;
  amount: number;
}

/**
 * Checks the chosen cart items can be checked out (the caller's, a registrant fit for them, every name still
 * available) and prices them; `lock` locks the cart rows for the paying transaction. Refuses before any money moves.
 */
export async function quoteCheckout(ctx: DomainsContext, q: Queryable, who: Who, body: { cartIds: number[]; contactId: number }, lock: boolean) {
  const accountId = accountIdOf(who);
  const rows = await q.query<{ id: number; name: string; years: number }>(
    `SELECT id, name, years FROM domain_carts WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id${lock ? ' FOR UPDATE' : ''}`, [accountId, body.cartIds]);
  if (rows.length !== new Set(body.cartIds).size) throw new RuleError('NOT_FOUND', said('dm.cart.notFound'), { cartIds: said('dm.cart.notFound') });
  const parsed = rows.map((r) => ({ r, p: parse(r.name)! }));
  await contactForRegistration(q, who, body.contactId, parsed.some(({ p }) => p.tld.realName));
  const checks = await ctx.registry.check(q, parsed.map(({ p }) => ({ ascii: p.ascii, label: p.label, labelUnicode: p.labelUnicode })));
  const taken = checks.filter((c) => !c.available).map((c) => unicodeOf(c.name));
  if (taken.length) throw new RuleError('DOMAIN_UNAVAILABLE', said('dm.name.taken', { domains: taken.join(', ') }), { cartIds: said('dm.name.taken', { domains: taken.join(', ') }) });
  const lines: CheckoutLine[] = parsed.map(({ r, p }, i) => ({ name: p.ascii, years: r.years, amount: registerPrice(p.tld, r.years, checks[i]!.premium) }));
  return { cartIds: rows.map((r) => Number(r.id)), lines, amount: lines.reduce((s, l) => s + l.amount, 0) };
}

/** Registration orders of a checkout, paid; their completion is queued (the job registers each, or refunds one taken meanwhile). */
async function placeRegistrations(q: Queryable, who: Who, by: AuditBy, lines: CheckoutLine[], contactId: number | null, paidBy: Spender | 'gateway', delaySeconds: number) {
  const nos = await insertPaidOrders(q, who, by, lines.map((l) => ({ kind: 'register' as const, ...l, contactId })), null, paidBy);
  await q.query(`DELETE FROM domain_carts WHERE account_id = $1 AND name = ANY($2::text[])`, [accountIdOf(who), lines.map((l) => l.name)]);
  await enqueue(q, domainsCompleteJob, { orderNos: nos }, { delaySeconds });
  return nos;
}

/**
 * POST pay by balance: the chosen cart items become registration orders, paid from the balance in one transaction
 * (all or none; a name already taken is refused before any money moves). Each is then registered at the registry
 * (completeRegistration); one another order took in between is refunded through the ledger.
 */
export async function payCart(ctx: DomainsContext, who: Who, spender: Spender, by: AuditBy, body: { cartIds: number[]; contactId: number }) {
  const orderNos = await payTx(ctx.db, async (q) => {
    const quote = await quoteCheckout(ctx, q, who, body, true);
    return placeRegistrations(q, who, by, quote.lines, body.contactId, spender, 60);
  });
  await completeNow(ctx, orderNos, completeRegistration);
  const orders = await ordersByNo(ctx.db, orderNos);
  return { orders, amount: orders.reduce((s, o) => s + (o.status === 'refunded' ? 0 : o.amount), 0) };
}

/**
 * Completes paid orders at once, as the caller waits. The money is taken and the orders are paid: one that fails here
 * stays paid for the domains.complete job queued with the payment, which retries it and, should it fail for good,
 * refunds it (settleDomainsComplete). It is never the payer's error.
 */
async function completeNow(ctx: DomainsContext, orderNos: string[], complete: (ctx: DomainsContext, orderNo: string) => Promise<void>) {
  for (const orderNo of orderNos) {
    await complete(ctx, orderNo).catch((err: unknown) => ctx.log.warn({ err, orderNo }, 'domain order not completed at once; its job retries it'));
  }
}

/** What a checkout paid through a gateway stores as its items. */
/** `author` and `by`: who checked out, from where (the orders land in their department; the audit log names them). */
export type CheckoutItems = { contactId: number; lines: CheckoutLine[]; author?: { memberId: number | null; deptId: number | null }; by?: AuditBy };

/**
 * A checkout paid through a gateway, settled in the transaction that marked its payment succeeded: the registration
 * orders, paid (no balance moves), their cart items gone, their registration queued at once. A name taken meanwhile
 * is refunded to the balance by completeRegistration, as for a balance checkout. Runs once per payment.
 */
export async function settleDomainCheckout(q: Queryable, p: PaidPurchase): Promise<Settled> {
  const items = p.items as CheckoutItems;
  // The registrant chosen at checkout, unless it was deleted since (the registration then goes without one).
  const [c] = await q.query<{ id: number }>(`SELECT id FROM domain_contacts WHERE id = $1 AND account_id = $2`, [items.contactId, p.accountId]);
  const author = items.author ?? { memberId: null, deptId: null };
  const who: Who = { id: p.accountId, memberId: author.memberId, depts: null, deptId: author.deptId };
  const by: AuditBy = items.by ?? { memberId: author.memberId, ip: '', userAgent: '' };
  const orderNos = await placeRegistrations(q, who, by, items.lines, c ? Number(c.id) : null, 'gateway', 0);
  return { outcome: 'domain_paid', orderNos };
}

/**
 * A paid registration's completion: creates the name at the registry and records it as the account's, or, when the
 * registry refuses (taken meanwhile by another order), refunds it through the ledger. Idempotent (the order is locked
 * and must still be paid). At merge the DNS area hosts the zone here, on the nameservers given.
 */
export async function completeRegistration(ctx: DomainsContext, orderNo: string): Promise<void> {
  await payTx(ctx.db, async (q) => {
    const [o] = await q.query<{ order_no: string; account_id: number; name: string; unicode: string; years: number; amount: number; contact_id: number | null; member_id: number | null; dept_id: number | null }>(
      `SELECT order_no, account_id, name, unicode, years, amount::float8 AS amount, contact_id, member_id, dept_id FROM domain_orders WHERE order_no = $1 AND kind = 'register' AND status = 'paid' FOR UPDATE`,
      [orderNo],
    );
    if (!o) return;
    const c = o.contact_id;
    const r = await ctx.registry.create(q, { name: o.name, years: o.years, nameservers: ctx.nameservers, contacts: { registrant: c, admin: c, tech: c, billing: c }, locked: true });
    if (!r.ok) return refund(q, o, r.reason);
    // The registry let us create it: whoever held it before let it lapse past its release, and holds it no more.
    await releaseLapsedNames(q, ctx.clock(), [o.name]);
    await q.query(
      // Held from now on the product's clock, as the registry dates it (a transfer out is matched against it).
      `INSERT INTO domains (account_id, order_no, name, unicode, tld, registered_at, expires_at, locked, nameservers, registrant_id, admin_id, tech_id, billing_id, member_id, dept_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8::jsonb, $9, $9, $9, $9, $10, $11, $12)`,
      [o.account_id, o.order_no, o.name, o.unicode, parse(o.name)!.tld.ascii, r.domain.createdAt, r.domain.expiresAt, JSON.stringify(r.domain.nameservers), c, o.member_id, o.dept_id, ctx.clock()],
    );
    await q.query(`UPDATE domain_orders SET status = 'succeeded', expires_after = $2, completed_at = now() WHERE order_no = $1`, [orderNo, r.domain.expiresAt]);
    // Its nameservers are ours: the zone is hosted from the moment the name exists.
    await hostZone(q, { accountId: o.account_id, name: o.name, settings: ctx.dns, author: { memberId: o.member_id, deptId: o.dept_id } });
  });
}

// ---------- renewal

type HeldRow = { id: number; name: string; unicode: string; expires_at: Date | string; order_no: string };

function renewQuote(t: TldPrice, row: HeldRow, years: number, now: Date, locale: Locale) {
  const expiresAt = new Date(row.expires_at);
  const fault = renewFault(expiresAt, years, now);
  return {
    domain: row.name, unicode: row.unicode, years, expiresAt: expiresAt.toISOString(),
    price: fault ? null : renewPrice(t, years, expiresAt, now), newExpiresAt: fault ? null : addYears(expiresAt, years).toISOString(),
    redemption: renewPrice(t, 1, expiresAt, now) > t.renew, fault: fault ? translate(locale, `dm.renew.${fault}`, { max: 10 }) : null,
  };
}

async function heldNames(q: Queryable, who: Who, domains: string[], lock: boolean): Promise<HeldRow[]> {
  const asked = [...new Set(domains.map((d) => parse(d)?.ascii ?? d.trim().toLowerCase()))];
  const params: unknown[] = [accountIdOf(who), asked];
  const scope = deptFilterSql(who, 'd', params);
  const rows = await q.query<HeldRow>(
    `SELECT id, name, unicode, expires_at, order_no FROM domains d WHERE d.id IN ${heldDomainIdsSql('$1::int', '$2::text[]')}${scope} ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    params,
  );
  const found = new Set(rows.map((r) => r.name));
  const missing = asked.filter((a) => !found.has(a));
  if (missing.length) throw new RuleError('NOT_FOUND', said('dm.domain.notFound', { domains: missing.slice(0, 5).map(unicodeOf).join(', ') }), { domains: said('dm.domain.notFound', { domains: missing.slice(0, 5).map(unicodeOf).join(', ') }) });
  return rows;
}

export async function renewQuotes(ctx: DomainsContext, who: Who, domains: string[], years: number, locale: Locale) {
  const rows = await heldNames(ctx.db, who, domains, false);
  const now = ctx.clock();
  const items = rows.map((r) => renewQuote(tldByAscii.get(parse(r.name)!.tld.ascii)!, r, years, now, locale));
  return { items, total: items.reduce((s, i) => s + (i.price ?? 0), 0) };
}

/** POST orders/renew: one name or many, `years` each, all or none, paid from the balance and renewed at the registry in one transaction. */
export async function renewNames(ctx: DomainsContext, who: Who, spender: Spender, by: AuditBy, domains: string[], years: number, locale: Locale) {
  const batchNo = domains.length > 1 ? newOrderNo() : null;
  const orderNos = await payTx(ctx.db, async (q) => {
    const rows = await heldNames(q, who, domains, true);
    const now = ctx.clock();
    const quotes = rows.map((r) => renewQuote(parse(r.name)!.tld, r, years, now, locale));
    const bad = quotes.filter((x) => x.fault);
    if (bad.length) throw refused('dm.renew.refused', { domains: bad.slice(0, 5).map((b) => `${b.unicode}: ${b.fault}`).join('; ') });
    const nos = await insertPaidOrders(q, who, by, quotes.map((x, i) => ({ kind: 'renew' as const, name: x.domain, years, amount: x.price!, expiresBefore: new Date(rows[i]!.expires_at) })), batchNo, spender, 'succeeded');
    for (const [i, r] of rows.entries()) {
      const res = await ctx.registry.renew(q, { name: r.name, years, currentExpiry: new Date(r.expires_at) });
      if (!res.ok) throw refused('dm.renew.registry', { domain: r.unicode, reason: res.reason });
      await q.query(`UPDATE domains SET expires_at = $2, updated_at = now() WHERE id = $1`, [r.id, res.expiresAt]);
      await q.query(`UPDATE domain_orders SET expires_after = $2, completed_at = now() WHERE order_no = $1`, [nos[i], res.expiresAt]);
    }
    return nos;
  });
  const orders = await ordersByNo(ctx.db, orderNos);
  return { orders, amount: orders.reduce((s, o) => s + o.amount, 0) };
}

export async function listOrders(ctx: DomainsContext, who: Who, kind: DomainOrder['kind'], f: { limit: number; offset: number; keyword: string }) {
  const params: unknown[] = [accountIdOf(who), kind, f.keyword.toLowerCase()];
  const where = `o.account_id = $1 AND o.kind = $2 AND ($3::text = '' OR o.name LIKE '%' || $3 || '%' OR o.unicode LIKE '%' || $3 || '%' OR o.order_no = $3)${deptFilterSql(who, 'o', params)}`;
  const rows = await ctx.db.query<OrderRow>(`SELECT ${orderCols} FROM ${orderFrom} WHERE ${where} ORDER BY o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, f.limit, (f.offset - 1) * f.limit]);
  const [n] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_orders o WHERE ${where}`, params);
  return { items: rows.map(toOrder), total: n?.n ?? 0 };
}

// ---------- transfer in

export function transferQuotes(domains: string[], locale: Locale) {
  const items = domains.map((d) => {
    const p = parse(d);
    return { domain: p?.ascii ?? d, unicode: p?.unicode ?? d, price: p ? p.tld.transfer : null, fault: p ? null : translate(locale, 'dm.name.invalid', { domains: d }) };
  });
  return { items, total: items.reduce((s, i) => s + (i.price ?? 0), 0) };
}

/**
 * POST transferIn: each name with its auth code becomes a paid transfer order (one transaction, balance), then is
 * requested at the registry: a refusal (wrong code, locked, within 60 days) is refunded at once; an accepted request
 * stays pending until the losing registrar approves or the registry's 5 days pass.
 */
export async function transferIn(ctx: DomainsContext, who: Who, spender: Spender, by: AuditBy, body: { items: { domain: string; authCode: string }[]; contactId: number }, locale: Locale) {
  const accountId = accountIdOf(who);
  const parsed = body.items.map((i) => ({ i, p: parse(i.domain) }));
  const bad = parsed.filter(({ p }) => !p).map(({ i }) => i.domain);
  if (bad.length) throw refused('dm.name.invalid', { domains: bad.slice(0, 5).join(', ') }, 'items');
  const orderNos = await payTx(ctx.db, async (q) => {
    await contactForRegistration(q, who, body.contactId, parsed.some(({ p }) => p!.tld.realName));
    const held = await q.query<{ name: string }>(`SELECT name FROM domains WHERE account_id = $1 AND gone_at IS NULL AND name = ANY($2::text[])`, [accountId, parsed.map(({ p }) => p!.ascii)]);
    if (held.length) throw refused('dm.transfer.alreadyMine', { domains: held.map((h) => unicodeOf(h.name)).join(', ') }, 'items');
    const nos = await insertPaidOrders(q, who, by, parsed.map(({ i, p }) => ({ kind: 'transferIn' as const, name: p!.ascii, years: 1, amount: p!.tld.transfer, authCode: i.authCode, contactId: body.contactId })), null, spender);
    await enqueue(q, domainsCompleteJob, { orderNos: nos }, { delaySeconds: 60 });
    return nos;
  });
  await completeNow(ctx, orderNos, requestTransfer);
  void locale;
  const orders = await ordersByNo(ctx.db, orderNos);
  return { orders, amount: orders.reduce((s, o) => s + (o.status === 'refunded' ? 0 : o.amount), 0) };
}

/** A paid transfer order's request at the registry (idempotent: only a paid order is requested). */
export async function requestTransfer(ctx: DomainsContext, orderNo: string): Promise<void> {
  await payTx(ctx.db, async (q) => {
    const [o] = await q.query<{ order_no: string; account_id: number; name: string; amount: number; auth_code: string }>(
      `SELECT order_no, account_id, name, amount::float8 AS amount, auth_code FROM domain_orders WHERE order_no = $1 AND kind = 'transferIn' AND status = 'paid' FOR UPDATE`, [orderNo]);
    if (!o) return;
    const r = await ctx.registry.transferRequest(q, { name: o.name, authCode: o.auth_code });
    if (!r.ok) return refund(q, o, r.reason);
    await q.query(`UPDATE domain_orders SET status = 'pending', transfer_id = $2 WHERE order_no = $1`, [orderNo, r.transfer.id]);
  });
}

/**
 * The registrar side of a settled transfer: a transfer in approved makes the name the account's (its order
 * succeeds), rejected refunds it; a transfer out approved lets the name go from the account.
 */
export async function applyTransferOutcome(ctx: DomainsContext, q: Queryable, t: RegistryTransfer): Promise<void> {
  if (t.status === 'pending') return;
  const approved = t.status === 'clientApproved' || t.status === 'serverApproved';
  if (t.gaining === ctx.registry.registrarId) {
    const [o] = await q.query<{ order_no: string; account_id: number; name: string; unicode: string; amount: number; contact_id: number | null; member_id: number | null; dept_id: number | null }>(
      `SELECT order_no, account_id, name, unicode, amount::float8 AS amount, contact_id, member_id, dept_id FROM domain_orders WHERE transfer_id = $1 AND status = 'pending' FOR UPDATE`, [t.id]);
    if (!o) return;
    if (!approved) return refund(q, o, t.status);
    const d = await ctx.registry.info(q, o.name);
    if (!d) return refund(q, o, 'notFound');
    const c = o.contact_id;
    const now = ctx.clock();
    await q.query(`UPDATE domains SET gone_at = $2, gone_reason = 'transferredOut' WHERE name = $1 AND gone_at IS NULL`, [o.name, now]);
    await q.query(
      `INSERT INTO domains (account_id, order_no, name, unicode, tld, registered_at, expires_at, locked, nameservers, registrant_id, admin_id, tech_id, billing_id, member_id, dept_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8::jsonb, $9, $9, $9, $9, $10, $11, $12)`,
      [o.account_id, o.order_no, o.name, o.unicode, parse(o.name)!.tld.ascii, d.createdAt, d.expiresAt, JSON.stringify(d.nameservers), c, o.member_id, o.dept_id, now],
    );
    await q.query(`UPDATE domain_orders SET status = 'succeeded', expires_after = $2, completed_at = now() WHERE order_no = $1`, [o.order_no, d.expiresAt]);
  } else if (t.losing === ctx.registry.registrarId && approved) {
    // The transfer's id names why it left, so the transfer-out list keeps showing it to this account only.
    await q.query(`UPDATE domains SET gone_at = $3, gone_reason = $2, updated_at = now() WHERE name = $1 AND gone_at IS NULL`, [t.name, `transferredOut#${t.id}`, ctx.clock()]);
  }
}

/** The registry.transfer job: the registry settles when due (or the other registrar acts), then the registrar side follows. */
export async function runTransferEvent(ctx: DomainsContext, transferId: number, act: 'settle' | 'otherRegistrar'): Promise<{ retryInSeconds: number } | undefined> {
  return payTx(ctx.db, async (q) => {
    const t = act === 'settle' ? await ctx.registry.settleDue(q, transferId) : await ctx.registry.otherRegistrarActs(q, transferId);
    if (!t) return undefined;
    if (t.status === 'pending') return act === 'settle' ? { retryInSeconds: Math.max(1, Math.ceil((t.actBy.getTime() - ctx.clock().getTime()) / 1000)) } : undefined;
    await applyTransferOutcome(ctx, q, t);
    return undefined;
  });
}

/** The domains.complete job: orders a crash left paid are completed now. */
export async function completePaid(ctx: DomainsContext, orderNos: string[]): Promise<void> {
  for (const no of orderNos) {
    await completeRegistration(ctx, no);
    await requestTransfer(ctx, no);
  }
}

type UndeliveredRow = { order_no: string; account_id: number; kind: DomainOrder['kind']; name: string; unicode: string; amount: number };

/** A paid order that will not be delivered: refunded through the ledger (once: its status and the ledger's ref say so) and the customer told. */
async function refundUndelivered(q: Queryable, o: UndeliveredRow) {
  await refund(q, o, 'failed');
  await notifyAccount(q, o.account_id, 'deliveryFailed', { what: o.kind === 'transferIn' ? 'transfer' : 'domain', orderNo: o.order_no, domain: o.unicode, amount: Number(o.amount) });
}

/**
 * The domains.complete job failed for good (services/jobs/kinds.ts paidGoodsKinds): each of its orders still paid (not
 * registered, its transfer not requested) is refunded and the customer told, in the transaction that marks the job
 * failed. Orders that got through meanwhile are left as they are.
 */
export async function settleDomainsComplete(q: Queryable, orderNos: string[]): Promise<void> {
  const rows = await q.query<UndeliveredRow>(
    `SELECT order_no, account_id, kind, name, unicode, amount::float8 AS amount FROM domain_orders WHERE order_no = ANY($1::text[]) AND status = 'paid' ORDER BY id FOR UPDATE`,
    [orderNos],
  );
  for (const o of rows) await refundUndelivered(q, o);
}

/**
 * The registry.transfer job failed for good: a transfer in still pending for its order is withdrawn at the registry
 * (so the name does not arrive unpaid for later) and the order refunded, the customer told. A transfer out moves no
 * money: nothing to settle.
 */
export async function settleTransferEvent(ctx: DomainsContext, q: Queryable, transferId: number): Promise<void> {
  const [o] = await q.query<UndeliveredRow>(
    `SELECT order_no, account_id, kind, name, unicode, amount::float8 AS amount FROM domain_orders WHERE transfer_id = $1 AND status = 'pending' FOR UPDATE`,
    [transferId],
  );
  if (!o) return;
  await ctx.registry.transferCancel(q, transferId);
  await refundUndelivered(q, o);
}
