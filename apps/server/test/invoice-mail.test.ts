import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLinkDays } from '@cc/contracts/billing';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { fundedAccount, payableOrder } from './payment-helpers.ts';
import { operator, operatorSecretForTests, validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';
import { testClock } from '../src/lib/clock.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';

/**
 * The invoice mail often goes to an accountant without console access: it carries the PDF, and a link that needs no
 * sign-in, cannot be guessed and expires. Judged as the accountant meets it: the mail as a real SMTP server receives
 * it, and pdftotext on the attachment and on what the link serves.
 */

/** One MIME part: its headers (lower-case names) and its content, decoded. */
interface Part {
  headers: Record<string, string>;
  content: Buffer;
  parts: Part[];
}

/** Reads a message as nodemailer writes it (multipart, base64 and quoted-printable parts): enough to judge it, not a general parser. */
function parseMime(raw: Buffer | string): Part {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : raw;
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const body = text.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    return { headers, content: Buffer.alloc(0), parts: chunks.filter((c) => !c.startsWith('--')).map((c) => parseMime(c.replace(/^\r\n/, ''))) };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1')
        : Buffer.from(body, 'latin1');
  return { headers, content, parts: [] };
}
const leaves = (p: Part): Part[] => (p.parts.length ? p.parts.flatMap(leaves) : [p]);
/** An RFC 2047 header (=?UTF-8?B?…?= or =?UTF-8?Q?…?= words) as text. */
const decodeHeader = (v: string) =>
  v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, how: string, w: string) =>
    how.toLowerCase() === 'b' ? Buffer.from(w, 'base64').toString('utf8') : Buffer.from(w.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-mail-')), 'i.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

let t: TestApp;
let sink: MailSink;
const clock = testClock('2026-03-02T02:00:00Z');

beforeAll(async () => {
  sink = await startMailSink();
  t = await startTestApp({ OPERATOR_SECRET: operatorSecretForTests, DEV_OUTBOX: '', SMTP_URL: sink.url, PUBLIC_URL: 'http://console.test' }, { clock });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A customer's issued invoice of 500.00 for the accountant's address of its invoice title; the mail as received. */
async function issuedInvoice(accountant: string) {
  const a = await fundedAccount(t.app, 100_000);
  const me = client(t.app, a.token);
  const orderNo = await payableOrder(t.app, a.id, 50_000);
  expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
  const org = ((await me.post('/v1/invoiceOrganizations', { ...validInvoiceOrg, email: accountant })).body.data as { id: number }).id;
  const con = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
  const applied = (await me.post('/v1/invoices', { invoiceType: 'special', invoiceOrgID: org, invoiceConID: con, amount: 50_000 })).body.data as { id: number };
  expect((await operator(t.app).post(`/v1/operator/invoices/${applied.id}/issue`)).body).toMatchObject({ code: 200, data: { status: 'issued' } });
  const invoice = ((await me.get('/v1/invoices')).body.data as { data: { id: number; invoiceNo: string }[] }).data.find((i) => i.id === applied.id)!;
  const raw = sink.received.find((m) => m.toString('latin1').includes(accountant));
  expect(raw, 'the mail reached the SMTP server').toBeDefined();
  const mail = parseMime(raw!);
  const text = leaves(mail).find((p) => /^text\/plain/i.test(p.headers['content-type'] ?? ''))!.content.toString('utf8');
  const link = /http:\/\/console\.test(\/invoice-pdf\/[\w-]+)/.exec(text);
  return { token: a.token, invoice, mail, text, path: link?.[1] };
}

const download = (url: string, lang?: 'zh' | 'en') => t.app.inject({ method: 'GET', url, headers: lang ? { lang } : {} });

describe('the invoice mail', () => {
  it('carries the PDF as an attachment, which reads as the invoice', async () => {
    const { invoice, mail, text } = await issuedInvoice('accountant-1@example.com');
    expect(decodeHeader(mail.headers.subject ?? '')).toBe(`您的发票 ${invoice.invoiceNo} 已开具`);
    expect(text).toContain('（¥500.00）');
    expect(text).toContain('发票 PDF 见附件');
    const files = leaves(mail).filter((p) => /^application\/pdf/i.test(p.headers['content-type'] ?? ''));
    expect(files).toHaveLength(1);
    expect(files[0]!.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="?${invoice.invoiceNo}\\.pdf"?`));
    const pdf = files[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = pdfText(pdf);
    for (const s of ['增值税专用发票', invoice.invoiceNo, '示例科技有限公司', validInvoiceOrg.taxNum, '500.00']) expect(read).toContain(s);
  });

  it('carries a link that needs no sign-in, serves the same PDF, and is unguessable: only its hash is stored', async () => {
    const { invoice, text, path: link } = await issuedInvoice('accountant-2@example.com');
    expect(link).toMatch(/^\/invoice-pdf\/[\w-]{43}$/);
    // 30 days after it was issued (the clock stands at 2026-03-02 10:00 China Standard Time, and runs on).
    expect(text).toMatch(/2026-04-01 10:0\d:\d\d/);
    const r = await download(link!);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNo}.pdf"`);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    const read = pdfText(r.rawPayload);
    for (const s of ['增值税专用发票', invoice.invoiceNo, '示例科技有限公司', '500.00']) expect(read).toContain(s);
    // Opened again (the accountant's second look), it still works.
    expect((await download(link!)).statusCode).toBe(200);

    const token = link!.split('/').at(-1)!;
    const rows = await t.app.db.query<Record<string, unknown>>(`SELECT * FROM invoice_links WHERE invoice_id = $1`, [invoice.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a wrong or altered link, in the reader\'s language', async () => {
    const { path: link } = await issuedInvoice('accountant-3@example.com');
    const token = link!.split('/').at(-1)!;
    const altered = `/invoice-pdf/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await download(altered);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 14105, data: null, msg: '发票下载链接无效：请使用邮件中的完整链接，或登录控制台在“发票管理”中下载' });
    expect((await download(`/invoice-pdf/${'x'.repeat(43)}`, 'en')).json()).toMatchObject({
      code: 14105, msg: 'This invoice download link is not valid: use the whole link from the mail, or sign in and download it under Invoices',
    });
    expect((await download('/invoice-pdf/a%2Fb')).json()).toMatchObject({ code: 10001, errors: { token: expect.any(String) } });
  });

  it(`works for ${invoiceLinkDays} days after the invoice is issued, and is refused after`, async () => {
    const { token, invoice, path: link } = await issuedInvoice('accountant-4@example.com');
    clock.advanceDays(invoiceLinkDays - 1);
    expect((await download(link!)).statusCode).toBe(200);
    clock.advanceDays(1);
    const late = await download(link!, 'en');
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 14106, data: null, msg: 'This invoice download link has expired: sign in and download the invoice under Invoices' });
    expect((await download(link!)).json()).toMatchObject({ code: 14106, msg: '发票下载链接已过期：请登录控制台在“发票管理”中下载' });
    // Signed in, the customer still downloads it.
    const own = await t.app.inject({ method: 'GET', url: `/v1/invoices/${invoice.id}/pdf`, headers: { token } });
    expect(own.headers['content-type']).toBe('application/pdf');
  });
});
