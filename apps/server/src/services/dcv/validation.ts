import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { orderStatus, validationReuseDays } from '@cc/contracts/orders';
import { translate } from '@cc/contracts/messages';
import { approverBase, dcvMethodsFor, defaultDcvMethod, emailDcvMode, isDcvMethod, type DcvMethod } from '@cc/domain/dcv';
import { hasDomains, needsOrganization } from '@cc/domain/product-types';
import { enqueue } from '../jobs/queue.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import { checkDomain } from './checks.ts';
import { mailboxFor, newDcvValues } from './values.ts';
import { acmeFor, acmePlaceholder, acmePrepareJob } from '../issuance/acme-route.ts';

export const dcvCheckJob = 'dcv.check';
export const dcvStartJob = 'dcv.start';
export const issueJob = 'issue.order';
/** Pending longer than this, an order goes to 1003 (resubmit): the request has gone stale. */
export const validationWindowDays = 30;
const day = 86400_000;

export type DcvOrder = {
  id: number;
  order_no: string;
  account_id: number;
  org_id: number | null;
  order_status: number;
  product_type: string;
  brand: string;
  cert_type: string;
  common_name: string;
  domain_names: string[];
  dcv_method: string;
  dcv_email: string;
  validation_started_at: Date | null;
}

export const dcvOrderColumns = `o.id, o.order_no, o.account_id, o.org_id, o.order_status, o.product_type, o.brand, p.cert_type, o.common_name,
  o.domain_names, o.dcv_method, o.dcv_email, o.validation_started_at`;

export async function loadDcvOrder(q: Queryable, orderId: number, lock = false): Promise<DcvOrder | undefined> {
  const [o] = await q.query<DcvOrder>(
    `SELECT ${dcvOrderColumns} FROM orders o JOIN products p ON p.product_no = o.product_no WHERE o.id = $1 ${lock ? 'FOR UPDATE OF o' : ''}`,
    [orderId],
  );
  return o;
}

/** OV, EV, code and document certificates vet a company: their validations count for that company only. */
const perCompany = (o: Pick<DcvOrder, 'product_type' | 'cert_type'>) => needsOrganization({ productType: o.product_type, certType: o.cert_type });

export interface Reuse {
  validatedAt: Date;
  expiresAt: Date;
}

/**
 * Validations this account (and company) may reuse for the names: an exact match, or for DNS and e-mail methods
 * a validated parent domain (the Authorization Domain Name of BR 3.2.2.4); a file validates its own host only.
 */
export async function reusableValidations(q: Queryable, o: Pick<DcvOrder, 'account_id' | 'org_id' | 'product_type' | 'cert_type'>, names: string[], now: Date): Promise<Map<string, Reuse>> {
  const company = perCompany(o);
  const rows = await q.query<{ domain: string; method: string; validated_at: Date; expires_at: Date }>(
    `SELECT domain, method, validated_at, expires_at FROM validated_domains
      WHERE account_id = $1 AND expires_at > $2 AND ($3::boolean = false OR org_id = $4)`,
    [o.account_id, now, company, o.org_id],
  );
  const out = new Map<string, Reuse>();
  for (const name of names) {
    const n = name.toLowerCase();
    const base = approverBase(n);
    let best: Reuse | undefined;
    for (const r of rows) {
      const covers = r.method === 'file' ? r.domain === n && !n.startsWith('*.') : base === r.domain || base.endsWith(`.${r.domain}`);
      if (covers && (!best || new Date(r.expires_at) > best.expiresAt)) best = { validatedAt: new Date(r.validated_at), expiresAt: new Date(r.expires_at) };
    }
    if (best) out.set(name, best);
  }
  return out;
}

/** The names an order validates: its domains, the mailbox of an S/MIME order, nothing for code and document signing. */
function namesToValidate(o: DcvOrder): string[] {
  if (hasDomains(o.product_type)) return o.domain_names.length ? o.domain_names : [o.common_name];
  if (o.product_type === 'email' || o.product_type === 'smime') return [o.common_name];
  return [];
}

function methodOf(o: DcvOrder, name: string): DcvMethod {
  if (name.includes('@')) return 'email';
  if (isDcvMethod(o.dcv_method)) return o.dcv_method;
  return defaultDcvMethod({ brand: o.brand, productType: o.product_type, wildcard: name.startsWith('*.') });
}

/** Pending names now covered by a validation of the account (a parent domain validated by DNS a moment ago, say). */
async function coverPending(q: Queryable, o: DcvOrder, now: Date): Promise<void> {
  const pending = await q.query<{ id: number; domain: string }>(`SELECT id, domain FROM order_domains WHERE order_id = $1 AND status = 'pending'`, [o.id]);
  if (!pending.length) return;
  const reuse = await reusableValidations(q, o, pending.map((p) => p.domain), now);
  for (const p of pending) {
    const r = reuse.get(p.domain);
    if (!r) continue;
    await q.query(`UPDATE order_domains SET status = 'validated', reused = true, validated_at = $2, last_error = '', approval_hash = NULL WHERE id = $1`, [p.id, r.validatedAt]);
    await addEvent(q, o.id, 'domain_validated', { domain: p.domain, reused: true });
  }
}

/** A 1002 order reaches 1009 (issuing) once no name is pending; the issue job is queued in the same transaction. */
export async function advanceIfValidated(q: Queryable, orderId: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE orders SET order_status = $2, updated_at = now()
      WHERE id = $1 AND order_status = $3 AND validation_started_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM order_domains WHERE order_id = $1 AND status = 'pending')
      RETURNING id`,
    [orderId, orderStatus.issuing, orderStatus.awaitingValidation],
  );
  if (!rows.length) return false;
  await addEvent(q, orderId, 'issuing');
  await enqueue(q, issueJob, { orderId }, { dedupeKey: `issue:${orderId}` });
  return true;
}

/**
 * Starts validation of a paid order: random values per name, reuse of earlier validations, approval mails,
 * and the first check queued. Idempotent: an order already started is left alone.
 */
export async function startValidation(ctx: OrdersContext, orderId: number): Promise<void> {
  const now = ctx.now();
  const mails = await ctx.db.tx(async (q) => {
    const o = await loadDcvOrder(q, orderId, true);
    if (!o || o.order_status !== orderStatus.awaitingValidation || o.validation_started_at) return [];
    await q.query(`UPDATE orders SET validation_started_at = $2, updated_at = now() WHERE id = $1`, [orderId, now]);
    // Free products over ACME: the CA's challenges are the values and the CA decides reuse (services/issuance/acme.ts).
    const acme = !!(await acmeFor(ctx, q, orderId));
    const names = namesToValidate(o);
    const reuse = acme ? new Map<string, Reuse>() : await reusableValidations(q, o, names, now);
    const toMail: number[] = [];
    for (const name of names) {
      const method = acme ? 'dns_txt' : methodOf(o, name);
      const v = acme ? acmePlaceholder(name) : newDcvValues(method);
      const r = reuse.get(name);
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO order_domains (order_id, domain, method, token, value, email, status, reused, validated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_id, domain) DO NOTHING RETURNING id`,
        [orderId, name, method, v.token, v.value, mailboxFor(method, o.dcv_email, name), r ? 'validated' : 'pending', !!r, r?.validatedAt ?? null],
      );
      if (row && !r && method === 'email') toMail.push(row.id);
    }
    await addEvent(q, orderId, 'validation_started', { reused: reuse.size });
    if (acme) await enqueue(q, acmePrepareJob, { orderId }, { dedupeKey: `acme:${orderId}` });
    else if (!(await advanceIfValidated(q, orderId))) await enqueue(q, dcvCheckJob, { orderId }, { dedupeKey: `dcv:${orderId}` });
    return toMail;
  });
  for (const id of mails) await sendApprovalMail(ctx, id);
}

/** Sends (or re-sends) the approval link of one name; a new link replaces the old one. */
export async function sendApprovalMail(ctx: OrdersContext, orderDomainId: number): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await ctx.db.query<{ order_id: number; order_no: string; domain: string; email: string }>(
    `UPDATE order_domains d SET approval_hash = $2, email_sent_at = now() FROM orders o
      WHERE d.id = $1 AND o.id = d.order_id AND d.status = 'pending'
      RETURNING d.order_id, o.order_no, d.domain, d.email`,
    [orderDomainId, hashToken(token)],
  );
  if (!row) return;
  const link = `${ctx.baseUrl}/dcv/approve/${token}`;
  // Mail goes out in both languages: the approver is rarely the account holder, and we do not know theirs.
  const p = { domain: row.domain, orderNo: row.order_no, link };
  await ctx.messenger.send({
    channel: 'mail',
    to: row.email,
    subject: `${translate('zh', 'orders.mail.subject', p)} / ${translate('en', 'orders.mail.subject', p)}`,
    body: `${translate('zh', 'orders.mail.body', p)}\n\n----\n\n${translate('en', 'orders.mail.body', p)}`,
  });
  await addEvent(ctx.db, row.order_id, 'email_sent', { email: row.email, domain: row.domain });
}

export const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

type PendingRow = {
  id: number;
  order_id: number;
  domain: string;
  method: DcvMethod;
  token: string;
  value: string;
  email: string;
  email_sent_at: Date | null;
}

/** Marks a name validated and remembers it for reuse by later orders of the account (and company). */
async function markValidated(q: Queryable, o: DcvOrder, row: Pick<PendingRow, 'id' | 'domain' | 'method'>, now: Date): Promise<void> {
  const done = await q.query(
    `UPDATE order_domains SET status = 'validated', validated_at = $2, checked_at = $2, last_error = '', approval_hash = NULL WHERE id = $1 AND status = 'pending' RETURNING id`,
    [row.id, now],
  );
  if (!done.length) return;
  // DNS and e-mail methods prove control of the base domain; a file proves its own host only.
  const stored = row.method === 'file' ? row.domain.toLowerCase() : approverBase(row.domain);
  await q.query(
    `INSERT INTO validated_domains (account_id, org_id, domain, method, order_id, validated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id, COALESCE(org_id, 0), domain) DO UPDATE SET method = EXCLUDED.method, order_id = EXCLUDED.order_id,
       validated_at = EXCLUDED.validated_at, expires_at = EXCLUDED.expires_at`,
    [o.account_id, o.org_id, stored, row.method, o.id, now, new Date(now.getTime() + validationReuseDays * day)],
  );
  await addEvent(q, o.id, 'domain_validated', { domain: row.domain, method: row.method });
}

export interface CheckSummary {
  validated: number;
  pending: number;
  orderStatus: number;
}

/** Checks every pending name of an order now; answers what is left. Used by the job and by "verify now". */
export async function checkOrder(ctx: OrdersContext, orderId: number): Promise<CheckSummary> {
  const o = await loadDcvOrder(ctx.db, orderId);
  if (!o) throw new RuleError('NOT_FOUND', said('orders.notFound'));
  if (o.order_status === orderStatus.awaitingValidation && !o.validation_started_at) await startValidation(ctx, orderId);
  if (o.order_status === orderStatus.awaitingValidation) {
    const rows = await ctx.db.query<PendingRow>(
      `SELECT id, order_id, domain, method, token, value, email, email_sent_at FROM order_domains WHERE order_id = $1 AND status = 'pending' ORDER BY id`,
      [orderId],
    );
    const results = await Promise.all(rows.map((r) => checkDomain(r, { dns: ctx.dns, httpPort: ctx.config.DCV_HTTP_PORT })));
    const now = ctx.now();
    const mails: number[] = [];
    await ctx.db.tx(async (q) => {
      for (const [i, r] of results.entries()) {
        const row = rows[i]!;
        if (r.ok) await markValidated(q, o, row, now);
        else {
          // A concurrent check ("verify now" beside the job) may have validated the name meanwhile.
          await q.query(`UPDATE order_domains SET checked_at = $2, last_error = $3 WHERE id = $1 AND status = 'pending'`, [row.id, now, JSON.stringify(r.said)]);
          if (r.emailReady && !row.email_sent_at) mails.push(row.id);
        }
      }
      // ACME orders: the CA decides reuse, so earlier validations of ours must not cover their names.
      if (!(await acmeFor(ctx, q, orderId))) await coverPending(q, o, now);
      await advanceIfValidated(q, orderId);
    });
    for (const id of mails) await sendApprovalMail(ctx, id);
  }
  const [c] = await ctx.db.query<{ validated: number; pending: number; status: number }>(
    `SELECT count(*) FILTER (WHERE d.status = 'validated')::int AS validated, count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
            (SELECT order_status FROM orders WHERE id = $1) AS status
       FROM order_domains d WHERE d.order_id = $1`,
    [orderId],
  );
  return { validated: c?.validated ?? 0, pending: c?.pending ?? 0, orderStatus: c?.status ?? o.order_status };
}

/** Re-check soon after the start, then less and less often: DNS changes usually land within minutes. */
export function recheckSeconds(ageMs: number): number {
  if (ageMs < 10 * 60_000) return 30;
  if (ageMs < 3600_000) return 120;
  if (ageMs < day) return 900;
  return 3600;
}

/** The dcv.check job: check, then come back later while the order waits; give up after the window. */
export async function dcvCheckHandler(ctx: OrdersContext, orderId: number): Promise<void | { retryInSeconds: number }> {
  const o = await loadDcvOrder(ctx.db, orderId);
  if (!o || o.order_status !== orderStatus.awaitingValidation) return;
  const s = await checkOrder(ctx, orderId);
  if (s.orderStatus !== orderStatus.awaitingValidation || !s.pending) return;
  const age = ctx.now().getTime() - new Date(o.validation_started_at ?? ctx.now()).getTime();
  if (age > validationWindowDays * day) {
    await ctx.db.query(`UPDATE orders SET order_status = $2, status_reason = 'validation_window', updated_at = now() WHERE id = $1 AND order_status = $3`, [
      orderId,
      orderStatus.resubmit,
      orderStatus.awaitingValidation,
    ]);
    return;
  }
  return { retryInSeconds: recheckSeconds(age) };
}

/** The approval link: validates its name once; answers the name, or null for an unknown or used link. */
export async function approveByToken(ctx: OrdersContext, token: string): Promise<string | null> {
  const now = ctx.now();
  const domain = await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: number; order_id: number; domain: string; method: DcvMethod }>(
      `SELECT id, order_id, domain, method FROM order_domains WHERE approval_hash = $1 AND status = 'pending' FOR UPDATE`,
      [hashToken(token)],
    );
    if (!row) return null;
    const o = await loadDcvOrder(q, row.order_id, true);
    if (!o || o.order_status !== orderStatus.awaitingValidation) return null;
    await markValidated(q, o, row, now);
    await coverPending(q, o, now);
    await advanceIfValidated(q, o.id);
    return row.domain;
  });
  return domain;
}

/**
 * Changes the method of one pending name, or of all: fresh values (an old record must not count for a new
 * request), the method rules of the product, and for the e-mail methods the mailbox and a new mail.
 */
export async function changeMethod(ctx: OrdersContext, o: DcvOrder, method: DcvMethod, domain: string | undefined, email: string | undefined): Promise<void> {
  if (o.order_status !== orderStatus.awaitingValidation) throw new RuleError('INVALID_INPUT', said('orders.notAwaitingValidation'));
  if (await acmeFor(ctx, ctx.db, o.id)) throw new RuleError('INVALID_INPUT', said('acme.dcv.methodFixed'));
  if (!o.validation_started_at) await startValidation(ctx, o.id);
  const rows = await ctx.db.query<{ id: number; domain: string }>(`SELECT id, domain FROM order_domains WHERE order_id = $1 AND status = 'pending' ORDER BY id`, [o.id]);
  const targets = domain === undefined ? rows : rows.filter((r) => r.domain.toLowerCase() === domain.toLowerCase());
  if (domain !== undefined && !targets.length) throw new RuleError('INVALID_INPUT', said('orders.domain.notInOrder', { domain }), { domain: said('orders.domain.notInOrder', { domain }) });
  let mailbox = '';
  if (method === 'email' || method === 'email_dns') {
    const given = (email ?? o.dcv_email).trim();
    if (!given) throw new RuleError('INVALID_INPUT', said('orders.dcv.emailRequired'), { email: said('orders.dcv.emailRequired') });
    method = emailDcvMode(given, targets[0]?.domain ?? o.common_name);
    mailbox = given.toLowerCase();
  }
  const toMail: number[] = [];
  await ctx.db.tx(async (q) => {
    for (const t of targets) {
      const allowed = dcvMethodsFor({ brand: o.brand, productType: o.product_type, certType: o.cert_type, wildcard: t.domain.startsWith('*.') });
      if (!allowed.includes(method)) throw new RuleError('INVALID_INPUT', said('purchase.dcv.notAllowed', { method }), { dcvMethod: said('purchase.dcv.notAllowed', { method }) });
      const v = newDcvValues(method);
      await q.query(
        `UPDATE order_domains SET method = $2, token = $3, value = $4, email = $5, approval_hash = NULL, email_sent_at = NULL, last_error = '', checked_at = NULL WHERE id = $1`,
        [t.id, method, v.token, v.value, mailbox ? mailboxFor(method, mailbox, t.domain) : ''],
      );
      await addEvent(q, o.id, 'dcv_changed', { domain: t.domain, method });
      if (method === 'email') toMail.push(t.id);
    }
    if (domain === undefined) await q.query(`UPDATE orders SET dcv_method = $2, dcv_email = $3, updated_at = now() WHERE id = $1`, [o.id, method, mailbox || o.dcv_email]);
    await enqueue(q, dcvCheckJob, { orderId: o.id }, { dedupeKey: `dcv:${o.id}` });
  });
  for (const id of toMail) await sendApprovalMail(ctx, id);
}

/** Re-sends the approval mail of every pending e-mail name (email_dns only once its TXT record was seen). */
export async function resendApprovalMails(ctx: OrdersContext, orderId: number): Promise<number> {
  const rows = await ctx.db.query<{ id: number }>(
    `SELECT id FROM order_domains WHERE order_id = $1 AND status = 'pending' AND (method = 'email' OR (method = 'email_dns' AND email_sent_at IS NOT NULL))`,
    [orderId],
  );
  for (const r of rows) await sendApprovalMail(ctx, r.id);
  return rows.length;
}
