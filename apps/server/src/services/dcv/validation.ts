import { dcvSyncJob, removeDcvRecords, requestDcvRecords } from '../dns/dcv-autopilot.ts';
import { eachInParallel } from '../../lib/in-parallel.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { orderStatus } from '@cc/contracts/orders';
import { validationWindowDays } from '@cc/contracts/order-status';
import { dcvReuseDays, reuseCutoff } from '@cc/domain/cabf-rules';
import { translate } from '@cc/contracts/messages';
import { dcvMethodAllowedOn, dcvMethodEndsOn, dcvMethodsFor, defaultDcvMethod, emailDcvMode, emailDnsTxtHost, isDcvMailbox, isDcvMethod, mayApproveByEmail, provenDomain, reuseCovers, validatesWildcard, validationLapsesAt, type DcvMethod } from '@cc/domain/dcv';
import { hasDomains, needsOrganization } from '@cc/domain/product-types';
import { queueInform } from '../account/inform-events.ts';
import { enqueue } from '../jobs/queue.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import { checkDepsOf, checkDomain, emailDnsPublished } from './checks.ts';
import { mailboxFor, newDcvValues } from './values.ts';
import { acmeFor, acmePlaceholder, acmePrepareJob } from '../issuance/acme-route.ts';
import type { JobKind } from '../jobs/kinds.ts';

export const dcvCheckJob = 'dcv.check' satisfies JobKind;
export const dcvStartJob = 'dcv.start' satisfies JobKind;
export const issueJob = 'issue.order' satisfies JobKind;
export { validationWindowDays };
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
 * Validations this account (and company) may reuse for the names on `now` (the clock's day, which the rules table
 * reads: the reuse period of that day and the method's end): an exact match, or for DNS and e-mail methods a
 * validated parent domain (the Authorization Domain Name of BR 3.2.2.4); a file validates its own host only.
 */
export async function reusableValidations(q: Queryable, o: Pick<DcvOrder, 'account_id' | 'org_id' | 'product_type' | 'cert_type'>, names: string[], now: Date): Promise<Map<string, Reuse>> {
  const company = perCompany(o);
  const rows = await q.query<{ domain: string; method: string; validated_at: Date }>(
    `SELECT domain, method, validated_at FROM validated_domains
      WHERE account_id = $1 AND validated_at > $2 AND ($3::boolean = false OR org_id = $4)`,
    [o.account_id, reuseCutoff(dcvReuseDays, now), company, o.org_id],
  );
  const usable = rows.flatMap((r) => {
    const expiresAt = validationLapsesAt({ method: r.method, name: r.domain, validatedAt: r.validated_at });
    return expiresAt > now ? [{ ...r, expiresAt }] : [];
  });
  const out = new Map<string, Reuse>();
  for (const name of names) {
    let best: Reuse | undefined;
    for (const r of usable) {
      if (reuseCovers(r, name) && (!best || r.expiresAt > best.expiresAt)) best = { validatedAt: new Date(r.validated_at), expiresAt: r.expiresAt };
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
  return defaultDcvMethod({ brand: o.brand, productType: o.product_type, wildcard: validatesWildcard({ names: [name] }) });
}

/** Pending names now covered by a validation of the account (a parent domain validated by DNS a moment ago, say). */
async function coverPending(q: Queryable, o: DcvOrder, now: Date): Promise<void> {
  const pending = await q.query<{ id: number; domain: string }>(`SELECT id, domain FROM order_domains WHERE order_id = $1 AND status = 'pending'`, [o.id]);
  if (!pending.length) return;
  const reuse = await reusableValidations(q, o, pending.map((p) => p.domain), now);
  for (const p of pending) {
    const r = reuse.get(p.domain);
    if (!r) continue;
    await q.query(`UPDATE order_domains SET status = 'validated', reused = true, validated_at = $2, last_error = '' WHERE id = $1`, [p.id, r.validatedAt]);
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
    const toMail: ApprovalMail[] = [];
    for (const name of names) {
      const method = acme ? 'dns_txt' : methodOf(o, name);
      const v = acme ? acmePlaceholder(name) : newDcvValues(method);
      const r = reuse.get(name);
      const email = mailboxFor(method, o.dcv_email, name);
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO order_domains (order_id, domain, method, token, value, email, status, reused, validated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_id, domain) DO NOTHING RETURNING id`,
        [orderId, name, method, v.token, v.value, email, r ? 'validated' : 'pending', !!r, r?.validatedAt ?? null],
      );
      if (row && !r && method === 'email') {
        const mail = await prepareApproval(ctx, q, row.id, { method, email, token: v.token, value: v.value });
        if (mail) toMail.push(mail);
      }
    }
    await addEvent(q, orderId, 'validation_started', { reused: reuse.size });
    // Names in zones the account hosts here (autopilot on): their records are asked for; the zone's sync publishes
    // them in one change with other orders' and checks them at once.
    const auto = acme ? 0 : await requestDcvRecords(q, o);
    if (acme) await enqueue(q, acmePrepareJob, { orderId }, { dedupeKey: `acme:${orderId}` });
    else if (await advanceIfValidated(q, orderId)) return toMail;
    else {
      const [left] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_domains WHERE order_id = $1 AND status = 'pending'`, [orderId]);
      const allAuto = auto > 0 && auto >= (left?.n ?? 0);
      // With every name on the autopilot, this check is only the safety net behind the sync's own check.
      await enqueue(q, dcvCheckJob, { orderId }, { dedupeKey: `dcv:${orderId}`, delaySeconds: allAuto ? 60 : 0 });
      if (allAuto) return toMail;
    }
    // Names are left to prove: the account is told the order waits for it (/account/notify "order needs validation").
    await queueInform(q, o.account_id, 'orderValidation', { orderNo: o.order_no, domain: o.common_name });
    return toMail;
  });
  await sendApprovalMails(ctx, mails);
}

/**
 * What an approval link is bound to: the name's method, mailbox and random values as they were when the mail
 * was decided. Every change of method or mailbox draws new values (changeMethod), so comparing all four tells
 * whether the name still asks for exactly what the link was sent for.
 */
export type DcvBinding = {
  method: string;
  email: string;
  token: string;
  value: string;
}
const sameBinding = (a: DcvBinding, b: DcvBinding) => a.method === b.method && a.email === b.email && a.token === b.token && a.value === b.value;

interface ApprovalMail {
  orderId: number;
  orderNo: string;
  domain: string;
  to: string;
  link: string;
}

/**
 * Decides one approval mail inside the caller's transaction (which holds the order's lock): locks the name's row
 * and issues a link only while the row is pending and holds exactly `expected`, the state the caller decided on.
 * The plain 'email' method mails only a constructed approver mailbox; 'email_dns' only an address whose TXT
 * record the caller has just seen (`txtSeen`, checked for `expected.email`). A new link ends the older ones.
 * The mail is sent after commit (sendApprovalMails): should a change land in between, the mail still goes to
 * the mailbox that was valid when decided, and its link is already dead.
 */
async function prepareApproval(ctx: OrdersContext, q: Queryable, orderDomainId: number, expected: DcvBinding, txtSeen = false): Promise<ApprovalMail | null> {
  const [row] = await q.query<DcvBinding & { id: number; order_id: number; domain: string; status: string; order_no: string; order_status: number }>(
    `SELECT d.id, d.order_id, d.domain, d.method, d.email, d.token, d.value, d.status, o.order_no, o.order_status
       FROM order_domains d JOIN orders o ON o.id = d.order_id WHERE d.id = $1 FOR UPDATE OF d`,
    [orderDomainId],
  );
  if (!row || row.status !== 'pending' || row.order_status !== orderStatus.awaitingValidation || !sameBinding(row, expected)) return null;
  if (row.method === 'email' ? !mayApproveByEmail(row.email, row.domain) : row.method !== 'email_dns' || !txtSeen) return null;
  const token = randomBytes(24).toString('base64url');
  await supersedeApprovals(q, row.id);
  await q.query(
    `INSERT INTO dcv_approvals (order_domain_id, token_hash, method, email, dcv_token, dcv_value, txt_host) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, hashToken(token), row.method, row.email, row.token, row.value, row.method === 'email_dns' ? emailDnsTxtHost(row.domain) : null],
  );
  await q.query(`UPDATE order_domains SET email_sent_at = now() WHERE id = $1`, [row.id]);
  return { orderId: row.order_id, orderNo: row.order_no, domain: row.domain, to: row.email, link: `${ctx.baseUrl}/dcv/approve/${token}` };
}

/** Ends the links of a name not used yet: a newer link or a change replaces them. */
async function supersedeApprovals(q: Queryable, orderDomainId: number): Promise<void> {
  await q.query(`UPDATE dcv_approvals SET superseded_at = now() WHERE order_domain_id = $1 AND used_at IS NULL AND superseded_at IS NULL`, [orderDomainId]);
}

async function sendApprovalMails(ctx: OrdersContext, mails: ApprovalMail[]): Promise<void> {
  for (const m of mails) {
    // Mail goes out in both languages: the approver is rarely the account holder, and we do not know theirs.
    const p = { domain: m.domain, orderNo: m.orderNo, link: m.link };
    await ctx.messenger.send({
      channel: 'mail',
      to: m.to,
      subject: `${translate('zh', 'orders.mail.subject', p)} / ${translate('en', 'orders.mail.subject', p)}`,
      body: `${translate('zh', 'orders.mail.body', p)}\n\n----\n\n${translate('en', 'orders.mail.body', p)}`,
    });
    await addEvent(ctx.db, m.orderId, 'email_sent', { email: m.to, domain: m.domain });
  }
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

/**
 * Marks a name validated and remembers it for reuse by later orders of the account (and company); only while the
 * name still asks for what was checked (`row`'s method and values): a change meanwhile makes the proof stale.
 */
async function markValidated(q: Queryable, o: DcvOrder, row: Pick<PendingRow, 'id' | 'domain'> & DcvBinding, now: Date): Promise<boolean> {
  const done = await q.query(
    `UPDATE order_domains SET status = 'validated', validated_at = $2, checked_at = $2, last_error = ''
      WHERE id = $1 AND status = 'pending' AND method = $3 AND email = $4 AND token = $5 AND value = $6 RETURNING id`,
    [row.id, now, row.method, row.email, row.token, row.value],
  );
  if (!done.length) return false;
  const stored = provenDomain(row.method, row.domain);
  await q.query(
    `INSERT INTO validated_domains (account_id, org_id, domain, method, order_id, validated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id, COALESCE(org_id, 0), domain) DO UPDATE SET method = EXCLUDED.method, order_id = EXCLUDED.order_id,
       validated_at = EXCLUDED.validated_at, expires_at = EXCLUDED.expires_at`,
    [o.account_id, o.org_id, stored, row.method, o.id, now, validationLapsesAt({ method: row.method, name: stored, validatedAt: now })],
  );
  await addEvent(q, o.id, 'domain_validated', { domain: row.domain, method: row.method });
  return true;
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
    const results = await Promise.all(rows.map((r) => checkDomain(r, checkDepsOf(ctx))));
    const now = ctx.now();
    const mails = await ctx.db.tx(async (q) => {
      const out: ApprovalMail[] = [];
      await loadDcvOrder(q, orderId, true);
      for (const [i, r] of results.entries()) {
        const row = rows[i]!;
        if (r.ok) await markValidated(q, o, row, now);
        else {
          // A concurrent check ("verify now" beside the job) may have validated the name, or a change replaced
          // what was checked: the result is then about a request that no longer exists.
          await q.query(
            `UPDATE order_domains SET checked_at = $2, last_error = $3 WHERE id = $1 AND status = 'pending' AND method = $4 AND email = $5 AND token = $6 AND value = $7`,
            [row.id, now, JSON.stringify(r.said), row.method, row.email, row.token, row.value],
          );
          if (r.emailReady && !row.email_sent_at) {
            const mail = await prepareApproval(ctx, q, row.id, row, true);
            if (mail) out.push(mail);
          }
        }
      }
      // ACME orders: the CA decides reuse, so earlier validations of ours must not cover their names.
      if (!(await acmeFor(ctx, q, orderId))) await coverPending(q, o, now);
      await advanceIfValidated(q, orderId);
      return out;
    });
    await sendApprovalMails(ctx, mails);
  }
  const [c] = await ctx.db.query<{ validated: number; pending: number; status: number }>(
    `SELECT count(*) FILTER (WHERE d.status = 'validated')::int AS validated, count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
            (SELECT order_status FROM orders WHERE id = $1) AS status
       FROM order_domains d WHERE d.order_id = $1`,
    [orderId],
  );
  return { validated: c?.validated ?? 0, pending: c?.pending ?? 0, orderStatus: c?.status ?? o.order_status };
}

/**
 * Switches an order's DCV autopilot (the details page): on, the pending names in hosted zones get their records
 * asked for at once when validation has started; off, what it published is removed. Each switch is in the timeline.
 */
export async function setAutopilot(ctx: OrdersContext, orderId: number, on: boolean): Promise<void> {
  await ctx.db.tx(async (q) => {
    const o = await loadDcvOrder(q, orderId, true);
    if (!o) throw new RuleError('NOT_FOUND', said('orders.notFound'));
    const changed = await q.query(`UPDATE orders SET dcv_autopilot = $2, updated_at = now() WHERE id = $1 AND dcv_autopilot <> $2 RETURNING id`, [orderId, on]);
    if (!changed.length) return;
    await addEvent(q, orderId, on ? 'dcv_autopilot_on' : 'dcv_autopilot_off');
    if (!on) await removeDcvRecords(q, orderId);
    else if (o.order_status === orderStatus.awaitingValidation && o.validation_started_at && !(await acmeFor(ctx, q, orderId))) await requestDcvRecords(q, o);
  });
}

/** Checks orders whose records were just published, several at a time (the DCV autopilot's sync, after its commit). */
export async function checkOrders(ctx: OrdersContext, orderIds: number[]): Promise<void> {
  // A check that fails here is retried by the order's own dcv.check job. The embedded database answers one statement
  // at a time, the built-in DNS server's included: there, checks side by side would only make lookups time out.
  await eachInParallel(orderIds, ctx.db.kind === 'pglite' ? 1 : 16, (id) => checkOrder(ctx, id).catch(() => undefined));
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
  // The autopilot's records still waiting for their zone's sync (a sync that looked just before they were asked
  // for): another sync is queued.
  const waiting = await ctx.db.query<{ zone_id: number }>(`SELECT DISTINCT zone_id FROM dns_dcv_records WHERE order_id = $1 AND state <> 'published'`, [orderId]);
  for (const w of waiting) await enqueue(ctx.db, dcvSyncJob, { zoneId: w.zone_id });
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

/** What an approval link stands for, as its page shows it. */
export type ApprovalView =
  | { state: 'unknown' }
  | {
      /** pending: may be approved; approved: just now; already: the name is validated; the rest: the link is dead. */
      state: 'pending' | 'approved' | 'already' | 'superseded' | 'closed' | 'expired' | 'recordMissing';
      domain: string;
      orderNo: string;
      email: string;
      method: 'email' | 'email_dns';
      /** email_dns: where the TXT record must hold the address. */
      txtHost: string | null;
    };

type ApprovalRow = {
  id: number;
  order_domain_id: number;
  method: 'email' | 'email_dns';
  email: string;
  dcv_token: string;
  dcv_value: string;
  txt_host: string | null;
  created_at: Date;
  superseded_at: Date | null;
  used_at: Date | null;
  domain: string;
  d_method: string;
  d_email: string;
  d_token: string;
  d_value: string;
  d_status: string;
  order_id: number;
  order_no: string;
  order_status: number;
}

const approvalSelect = `SELECT a.id, a.order_domain_id, a.method, a.email, a.dcv_token, a.dcv_value, a.txt_host, a.created_at, a.superseded_at, a.used_at,
    d.domain, d.method AS d_method, d.email AS d_email, d.token AS d_token, d.value AS d_value, d.status AS d_status, d.order_id, o.order_no, o.order_status
  FROM dcv_approvals a JOIN order_domains d ON d.id = a.order_domain_id JOIN orders o ON o.id = d.order_id
  WHERE a.token_hash = $1`;

/** A link's token is 32 base64url characters; anything else is not ours and is not looked up. */
const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

const boundTo = (r: ApprovalRow): DcvBinding => ({ method: r.method, email: r.email, token: r.dcv_token, value: r.dcv_value });

/** The state of a link from its row: checked again under the locks before it validates anything. */
function stateOf(r: ApprovalRow, now: Date): Exclude<ApprovalView['state'], 'approved' | 'recordMissing'> {
  if (r.used_at || r.d_status === 'validated') return 'already';
  if (r.superseded_at || !sameBinding(boundTo(r), { method: r.d_method, email: r.d_email, token: r.d_token, value: r.d_value })) return 'superseded';
  // The plain e-mail method carries no DNS proof: only a constructed approver mailbox (or an S/MIME mailbox itself).
  if (r.method === 'email' && !mayApproveByEmail(r.email, r.domain)) return 'superseded';
  if (r.order_status !== orderStatus.awaitingValidation) return 'closed';
  if (now.getTime() - new Date(r.created_at).getTime() > validationWindowDays * day) return 'expired';
  return 'pending';
}

const view = (r: ApprovalRow, state: ApprovalView['state']): ApprovalView =>
  state === 'unknown' ? { state } : { state, domain: r.domain, orderNo: r.order_no, email: r.email, method: r.method, txtHost: r.txt_host };

/** What a link stands for, changing nothing: the page a GET shows (mail scanners and previews open links). */
export async function lookupApproval(ctx: OrdersContext, token: string): Promise<ApprovalView> {
  if (!tokenShape.test(token)) return { state: 'unknown' };
  const [r] = await ctx.db.query<ApprovalRow>(approvalSelect, [hashToken(token)]);
  return r ? view(r, stateOf(r, ctx.now())) : { state: 'unknown' };
}

/**
 * Approves by a link (the page's button, a POST): validates its name once, and only while the name still asks
 * for exactly what the link was sent for. For email_dns the TXT record must still hold the address, asked of
 * the configured resolver now. The lookup happens before the locks (no network wait holds a row); under the
 * locks the link's binding is compared again, so the record checked is the one for this very request.
 * Approving twice is harmless: the second answers 'already'.
 */
export async function approveByToken(ctx: OrdersContext, token: string): Promise<ApprovalView> {
  if (!tokenShape.test(token)) return { state: 'unknown' };
  const hash = hashToken(token);
  const [first] = await ctx.db.query<ApprovalRow>(approvalSelect, [hash]);
  if (!first) return { state: 'unknown' };
  const before = stateOf(first, ctx.now());
  if (before !== 'pending') return view(first, before);
  if (first.method === 'email_dns') {
    const host = first.txt_host ?? emailDnsTxtHost(first.domain);
    if (!(await emailDnsPublished(ctx.dns, host, first.email))) return view(first, 'recordMissing');
  }
  const now = ctx.now();
  return ctx.db.tx(async (q) => {
    // Lock order: the order, its name, then the link, as changeMethod and checkOrder take them.
    const o = await loadDcvOrder(q, first.order_id, true);
    await q.query(`SELECT 1 FROM order_domains WHERE id = $1 FOR UPDATE`, [first.order_domain_id]);
    const [r] = await q.query<ApprovalRow>(`${approvalSelect} FOR UPDATE OF a`, [hash]);
    if (!r) return { state: 'unknown' } as const;
    const state = stateOf(r, now);
    if (state !== 'pending') return view(r, state);
    if (!o || !(await markValidated(q, o, { id: r.order_domain_id, domain: r.domain, ...boundTo(r) }, now))) return view(r, 'superseded');
    await q.query(`UPDATE dcv_approvals SET used_at = $2 WHERE id = $1`, [r.id, now]);
    await coverPending(q, o, now);
    await advanceIfValidated(q, o.id);
    return view(r, 'approved');
  });
}

/**
 * Changes the method of one pending name, or of all: fresh values (an old record must not count for a new
 * request, and every link sent before dies with them), the method rules of the product, and for the e-mail
 * methods the mailbox. The plain e-mail method's mail is decided in the same transaction that writes the row.
 */
export async function changeMethod(ctx: OrdersContext, o: DcvOrder, method: DcvMethod, domain: string | undefined, email: string | undefined): Promise<void> {
  if (o.order_status !== orderStatus.awaitingValidation) throw new RuleError('INVALID_INPUT', said('orders.notAwaitingValidation'));
  if (await acmeFor(ctx, ctx.db, o.id)) throw new RuleError('INVALID_INPUT', said('acme.dcv.methodFixed'));
  if (!o.validation_started_at) await startValidation(ctx, o.id);
  const now = ctx.now();
  const emailFamily = method === 'email' || method === 'email_dns';
  const given = (email ?? o.dcv_email).trim();
  if (emailFamily && !given) throw new RuleError('INVALID_INPUT', said('orders.dcv.emailRequired'), { email: said('orders.dcv.emailRequired') });
  // The request's field is checked by its schema; the order's stored mailbox is checked here.
  if (emailFamily && !isDcvMailbox(given)) throw new RuleError('INVALID_INPUT', said('orders.dcv.emailFormat'), { email: said('orders.dcv.emailFormat') });
  const mails = await ctx.db.tx(async (q) => {
    if ((await loadDcvOrder(q, o.id, true))?.order_status !== orderStatus.awaitingValidation) throw new RuleError('INVALID_INPUT', said('orders.notAwaitingValidation'));
    const rows = await q.query<{ id: number; domain: string }>(`SELECT id, domain FROM order_domains WHERE order_id = $1 AND status = 'pending' ORDER BY id FOR UPDATE`, [o.id]);
    const targets = domain === undefined ? rows : rows.filter((r) => r.domain.toLowerCase() === domain.toLowerCase());
    if (domain !== undefined && !targets.length) throw new RuleError('INVALID_INPUT', said('orders.domain.notInOrder', { domain }), { domain: said('orders.domain.notInOrder', { domain }) });
    const m: DcvMethod = emailFamily ? emailDcvMode(given, targets[0]?.domain ?? o.common_name) : method;
    const mailbox = emailFamily ? given.toLowerCase() : '';
    const out: ApprovalMail[] = [];
    for (const t of targets) {
      // An S/MIME order validates the mailbox itself: only a mail to it proves control of it.
      const allowed: DcvMethod[] = t.domain.includes('@') ? ['email'] : dcvMethodsFor({ brand: o.brand, productType: o.product_type, certType: o.cert_type, wildcard: validatesWildcard({ names: [t.domain] }), on: now });
      const ended = t.domain.includes('@') ? null : dcvMethodEndsOn(m);
      if (ended && !dcvMethodAllowedOn(m, now)) throw new RuleError('INVALID_INPUT', said('purchase.dcv.methodEnded', { method: m, date: ended }), { dcvMethod: said('purchase.dcv.methodEnded', { method: m, date: ended }) });
      if (!allowed.includes(m)) throw new RuleError('INVALID_INPUT', said('purchase.dcv.notAllowed', { method: m }), { dcvMethod: said('purchase.dcv.notAllowed', { method: m }) });
      const v = newDcvValues(m);
      const to = mailbox ? mailboxFor(m, mailbox, t.domain) : '';
      await q.query(
        `UPDATE order_domains SET method = $2, token = $3, value = $4, email = $5, email_sent_at = NULL, last_error = '', checked_at = NULL WHERE id = $1`,
        [t.id, m, v.token, v.value, to],
      );
      await supersedeApprovals(q, t.id);
      await addEvent(q, o.id, 'dcv_changed', { domain: t.domain, method: m });
      // The autopilot publishes the new method's record (and removes the old one) when the zone is hosted here.
      await requestDcvRecords(q, o, [t.domain]);
      if (m === 'email') {
        const mail = await prepareApproval(ctx, q, t.id, { method: m, email: to, token: v.token, value: v.value });
        if (mail) out.push(mail);
      }
    }
    if (domain === undefined) await q.query(`UPDATE orders SET dcv_method = $2, dcv_email = $3, updated_at = now() WHERE id = $1`, [o.id, m, mailbox || o.dcv_email]);
    await enqueue(q, dcvCheckJob, { orderId: o.id }, { dedupeKey: `dcv:${o.id}` });
    return out;
  });
  await sendApprovalMails(ctx, mails);
}

/**
 * Sends a new link (ending the older ones) for every pending e-mail name: the plain method to its constructed
 * mailbox, email_dns only while its TXT record holds the address now. Answers how many mails went out.
 */
export async function resendApprovalMails(ctx: OrdersContext, orderId: number): Promise<number> {
  const rows = await ctx.db.query<PendingRow>(
    `SELECT id, order_id, domain, method, token, value, email, email_sent_at FROM order_domains
      WHERE order_id = $1 AND status = 'pending' AND method IN ('email', 'email_dns') ORDER BY id`,
    [orderId],
  );
  const seen = await Promise.all(rows.map((r) => (r.method === 'email_dns' ? emailDnsPublished(ctx.dns, emailDnsTxtHost(r.domain), r.email) : false)));
  const mails = await ctx.db.tx(async (q) => {
    await loadDcvOrder(q, orderId, true);
    const out: ApprovalMail[] = [];
    for (const [i, r] of rows.entries()) {
      const mail = await prepareApproval(ctx, q, r.id, r, seen[i]);
      if (mail) out.push(mail);
    }
    return out;
  });
  await sendApprovalMails(ctx, mails);
  return mails.length;
}
