import type { Db, Queryable } from '@cc/db/client';
import { notifyAccount } from '../messages/notify.ts';
import { randomBytes } from 'node:crypto';
import { invoiceLinkDays, type InvoiceContactInput, type InvoiceOrgInput } from '@cc/contracts/billing';
import { translate, type Locale } from '@cc/contracts/messages';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import { RuleError, said } from '../purchase/rule-error.ts';
import { toBeInvoicedAmount } from './consumption.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { yuan } from './csv.ts';
import { yuanText } from '../../lib/money.ts';
import { sha256 } from '../../lib/crypto.ts';
import { fail } from '../../lib/app-error.ts';
import { formatTime } from '../session/accounts.ts';

const notFound = (key: 'bill.invoiceOrg.notFound' | 'bill.invoiceCon.notFound' | 'bill.invoice.notFound', field: string) =>
  new RuleError('NOT_FOUND', said(key), { [field]: said(key) });

// --- organisation templates
const orgColumns = `id, org_name AS "orgName", tax_num AS "taxNum", telephone, bank_name AS "bankName", bank_account AS "bankAccount", address, email, created_at AS "createdAt"`;
type OrgRow = InvoiceOrgInput & { id: number; createdAt: Date | string };
const iso = <T extends { createdAt: Date | string }>(r: T) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

export async function listInvoiceOrgs(q: Queryable, accountId: number, page: { limit: number; offset: number }) {
  const rows = await q.query<OrgRow>(`SELECT ${orgColumns} FROM invoice_organizations WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [accountId, page.limit, (page.offset - 1) * page.limit]);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoice_organizations WHERE account_id = $1`, [accountId]);
  return { data: rows.map(iso), total: c?.n ?? 0 };
}
export async function createInvoiceOrg(q: Queryable, accountId: number, b: InvoiceOrgInput): Promise<number> {
  const [r] = await q.query<{ id: number }>(
    `INSERT INTO invoice_organizations (account_id, org_name, tax_num, telephone, bank_name, bank_account, address, email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [accountId, b.orgName, b.taxNum, b.telephone, b.bankName, b.bankAccount, b.address, b.email],
  );
  return r!.id;
}
export async function updateInvoiceOrg(q: Queryable, accountId: number, id: number, b: InvoiceOrgInput): Promise<void> {
  const r = await q.query(
    `UPDATE invoice_organizations SET org_name = $3, tax_num = $4, telephone = $5, bank_name = $6, bank_account = $7, address = $8, email = $9 WHERE id = $1 AND account_id = $2 RETURNING id`,
    [id, accountId, b.orgName, b.taxNum, b.telephone, b.bankName, b.bankAccount, b.address, b.email],
  );
  if (!r.length) throw notFound('bill.invoiceOrg.notFound', 'id');
}
export async function deleteInvoiceOrg(q: Queryable, accountId: number, id: number): Promise<void> {
  const r = await q.query(`DELETE FROM invoice_organizations WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!r.length) throw notFound('bill.invoiceOrg.notFound', 'id');
}

// --- mailing templates
const conColumns = `id, name, telephone, address, created_at AS "createdAt"`;
type ConRow = InvoiceContactInput & { id: number; createdAt: Date | string };
export async function listInvoiceContacts(q: Queryable, accountId: number, page: { limit: number; offset: number }) {
  const rows = await q.query<ConRow>(`SELECT ${conColumns} FROM invoice_contacts WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [accountId, page.limit, (page.offset - 1) * page.limit]);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoice_contacts WHERE account_id = $1`, [accountId]);
  return { data: rows.map(iso), total: c?.n ?? 0 };
}
export async function createInvoiceContact(q: Queryable, accountId: number, b: InvoiceContactInput): Promise<number> {
  const [r] = await q.query<{ id: number }>(`INSERT INTO invoice_contacts (account_id, name, telephone, address) VALUES ($1, $2, $3, $4) RETURNING id`, [accountId, b.name, b.telephone, b.address]);
  return r!.id;
}
export async function updateInvoiceContact(q: Queryable, accountId: number, id: number, b: InvoiceContactInput): Promise<void> {
  const r = await q.query(`UPDATE invoice_contacts SET name = $3, telephone = $4, address = $5 WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId, b.name, b.telephone, b.address]);
  if (!r.length) throw notFound('bill.invoiceCon.notFound', 'id');
}
export async function deleteInvoiceContact(q: Queryable, accountId: number, id: number): Promise<void> {
  const r = await q.query(`DELETE FROM invoice_contacts WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!r.length) throw notFound('bill.invoiceCon.notFound', 'id');
}

// --- invoices
type InvoiceRow = {
  id: number; account_id: number; invoice_type: 'ordinary' | 'special'; invoice_org_id: number | null; invoice_con_id: number | null;
  organization: InvoiceOrgInput; contact: InvoiceContactInput; amount: number; status: 'pending' | 'issued' | 'rejected' | 'cancelled';
  invoice_no: string | null; reject_reason: string; has_pdf: boolean; created_at: Date | string; decided_at: Date | string | null;
  account_no?: string; email?: string | null;
};
export const invoiceColumns = `i.id, i.account_id, i.invoice_type, i.invoice_org_id, i.invoice_con_id, i.organization, i.contact, i.amount::float8 AS amount, i.status,
  i.invoice_no, i.reject_reason, (i.pdf IS NOT NULL) AS has_pdf, i.created_at, i.decided_at`;
export const invoiceOf = (r: InvoiceRow) => ({
  id: r.id,
  invoiceType: r.invoice_type,
  invoiceOrgID: r.invoice_org_id,
  invoiceConID: r.invoice_con_id,
  orgName: r.organization.orgName,
  taxNum: r.organization.taxNum,
  contactName: r.contact.name,
  address: r.contact.address,
  amount: r.amount,
  status: r.status,
  invoiceNo: r.invoice_no,
  rejectReason: r.reject_reason,
  hasPdf: r.has_pdf,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

export async function listInvoices(q: Queryable, accountId: number, f: { limit: number; offset: number; status?: string | undefined }) {
  const where = `i.account_id = $1 AND ($2::text IS NULL OR i.status = $2)`;
  const rows = await q.query<InvoiceRow>(`SELECT ${invoiceColumns} FROM invoices i WHERE ${where} ORDER BY i.id DESC LIMIT $3 OFFSET $4`, [accountId, f.status ?? null, f.limit, (f.offset - 1) * f.limit]);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices i WHERE ${where}`, [accountId, f.status ?? null]);
  return { data: rows.map(invoiceOf), total: c?.n ?? 0, toBeInvoicedAmount: await toBeInvoicedAmount(q, accountId) };
}

/**
 * Applies for an invoice. The account's row is locked first, so applications of one account are made one after
 * another: each sees the ones before it, and together they never exceed what can be invoiced.
 */
export async function applyInvoice(db: Db, accountId: number, b: { invoiceType: 'ordinary' | 'special'; invoiceOrgID: number; invoiceConID: number; amount: number }) {
  return db.tx(async (q) => {
    await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    const [org] = await q.query<OrgRow>(`SELECT ${orgColumns} FROM invoice_organizations WHERE id = $1 AND account_id = $2`, [b.invoiceOrgID, accountId]);
    if (!org) throw notFound('bill.invoiceOrg.notFound', 'invoiceOrgID');
    const [con] = await q.query<ConRow>(`SELECT ${conColumns} FROM invoice_contacts WHERE id = $1 AND account_id = $2`, [b.invoiceConID, accountId]);
    if (!con) throw notFound('bill.invoiceCon.notFound', 'invoiceConID');
    const due = await toBeInvoicedAmount(q, accountId);
    if (b.amount > due) throw new RuleError('INVOICE_OVER_DUE', said('bill.invoice.overDue', { due: yuan(due) }), { amount: said('bill.invoice.overDue', { due: yuan(due) }) });
    const { id: _o, createdAt: _c, ...organization } = org;
    const { id: _i, createdAt: _d, ...contact } = con;
    const [r] = await q.query<{ id: number }>(
      `INSERT INTO invoices (account_id, invoice_type, invoice_org_id, invoice_con_id, organization, contact, amount) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [accountId, b.invoiceType, b.invoiceOrgID, b.invoiceConID, JSON.stringify(organization), JSON.stringify(contact), b.amount],
    );
    return { id: r!.id, toBeInvoicedAmount: due - b.amount };
  });
}

/** Cancels the caller's application while it is pending. */
export async function cancelInvoice(q: Queryable, accountId: number, id: number): Promise<void> {
  const r = await q.query<{ status: string; done: number }>(
    `WITH t AS (SELECT id, status FROM invoices WHERE id = $1 AND account_id = $2),
          u AS (UPDATE invoices SET status = 'cancelled', decided_at = now() WHERE id = (SELECT id FROM t WHERE status = 'pending') AND status = 'pending' RETURNING id)
     SELECT t.status, (SELECT count(*) FROM u)::int AS done FROM t`,
    [id, accountId],
  );
  if (!r.length) throw notFound('bill.invoice.notFound', 'id');
  if (r[0]!.done !== 1) throw new RuleError('BILL_NOT_PENDING', said('bill.notPending'));
}

export async function invoicePdfOf(q: Queryable, accountId: number | null, id: number): Promise<{ pdf: Buffer; invoiceNo: string } | null> {
  const [r] = await q.query<{ pdf: Buffer | Uint8Array | null; invoice_no: string | null }>(
    `SELECT pdf, invoice_no FROM invoices WHERE id = $1 AND ($2::int IS NULL OR account_id = $2) AND status = 'issued'`,
    [id, accountId],
  );
  if (!r?.pdf || !r.invoice_no) return null;
  return { pdf: Buffer.from(r.pdf), invoiceNo: r.invoice_no };
}

// --- the operator's side
export async function operatorInvoices(q: Queryable, f: { limit: number; offset: number; status?: string | undefined }) {
  const where = `($1::text IS NULL OR i.status = $1)`;
  const rows = await q.query<InvoiceRow>(
    `SELECT ${invoiceColumns}, a.account_no, a.email FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE ${where} ORDER BY i.id DESC LIMIT $2 OFFSET $3`,
    [f.status ?? null, f.limit, (f.offset - 1) * f.limit],
  );
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices i WHERE ${where}`, [f.status ?? null]);
  return { data: rows.map((r) => ({ ...invoiceOf(r), accountNo: r.account_no ?? '', email: r.email ?? '' })), total: c?.n ?? 0 };
}

const pendingRow = async (q: Queryable, id: number, lock = true) => {
  const [r] = await q.query<InvoiceRow & { email: string | null }>(
    `SELECT ${invoiceColumns}, a.email FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.id = $1 ${lock ? 'FOR UPDATE OF i' : ''}`,
    [id],
  );
  if (!r) throw notFound('bill.invoice.notFound', 'id');
  if (r.status !== 'pending') throw new RuleError('BILL_NOT_PENDING', said('bill.notPending'));
  return r;
};

export interface IssueDeps {
  db: Db;
  messenger: Messenger;
  seller: string;
  /** The product's clock (app.clock): the invoice's date and its link's expiry. */
  now: () => Date;
  /** PUBLIC_URL: where the mail's download link points. */
  baseUrl: string;
}

/**
 * Issues a pending application: the PDF is drawn first, outside any transaction (it takes a second or two in a
 * worker), then number, PDF, status and the mail's download link are written under the row's lock, checked pending
 * again; then the mail, with the PDF attached and the link (it often goes to an accountant who has no console
 * access). The link's token is random and only its hash is stored; it works for invoiceLinkDays.
 */
export async function issueInvoice(deps: IssueDeps, id: number, locale: Locale) {
  const draft = await pendingRow(deps.db, id, false);
  const now = deps.now();
  const invoiceNo = `INV${new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
  const pdf = await invoicePdf({ invoiceNo, invoiceType: draft.invoice_type, issuedAt: now, amount: draft.amount, buyer: draft.organization, seller: deps.seller });
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + invoiceLinkDays * 86_400_000);
  await deps.db.tx(async (q) => {
    await pendingRow(q, id, true);
    await q.query(`UPDATE invoices SET status = 'issued', invoice_no = $2, pdf = $3, decided_at = $4 WHERE id = $1`, [id, invoiceNo, pdf, now.toISOString()]);
    await q.query(`INSERT INTO invoice_links (token_hash, invoice_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`, [sha256(token), id, expires.toISOString(), now.toISOString()]);
    // The message centre hears of it in the same transaction (in cents: it words them with yuanText when read);
    // the mail below goes to the invoice's own address.
    await notifyAccount(q, draft.account_id, 'invoiceIssued', { invoiceNo, amount: draft.amount, orgName: draft.organization.orgName }, { mailAndSms: false });
  });
  const to = draft.organization.email || draft.email || '';
  if (to) {
    const params = { invoiceNo, amount: yuanText(draft.amount), link: `${deps.baseUrl}${invoiceLinkPath(token)}`, expires: formatTime(expires) };
    await deps.messenger.send({
      channel: 'mail', to,
      subject: translate(locale, 'bill.mail.invoiceIssued.subject', params),
      body: translate(locale, 'bill.mail.invoiceIssued.text', params),
      attachments: [{ filename: `${invoiceNo}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
  }
  return { id, status: 'issued' };
}

/** The path of an invoice's download link (GET, no sign-in: routes/billing/index.ts). */
export const invoiceLinkPath = (token: string) => `/invoice-pdf/${token}`;

/**
 * The PDF a download link gives, or why not: no such link (a wrong or altered token; the hash is looked up, so
 * nothing is compared in a way that leaks by timing), or one past its expiry by the product's clock.
 */
export async function invoicePdfByLink(q: Queryable, token: string, now: Date): Promise<{ pdf: Buffer; invoiceNo: string }> {
  const [r] = await q.query<{ pdf: Buffer | Uint8Array | null; invoice_no: string | null; expired: boolean }>(
    `SELECT i.pdf, i.invoice_no, l.expires_at <= $2::timestamptz AS expired
       FROM invoice_links l JOIN invoices i ON i.id = l.invoice_id WHERE l.token_hash = $1 AND i.status = 'issued'`,
    [sha256(token), now.toISOString()],
  );
  if (!r?.pdf || !r.invoice_no) throw fail('INVOICE_LINK_INVALID', undefined, { token: 'bill.link.invalid' });
  if (r.expired) throw fail('INVOICE_LINK_EXPIRED', undefined, { token: 'bill.link.expired' });
  return { pdf: Buffer.from(r.pdf), invoiceNo: r.invoice_no };
}

export async function rejectInvoice(db: Db, id: number, reason: string) {
  return db.tx(async (q) => {
    await pendingRow(q, id);
    await q.query(`UPDATE invoices SET status = 'rejected', reject_reason = $2, decided_at = now() WHERE id = $1`, [id, reason]);
    return { id, status: 'rejected' };
  });
}
