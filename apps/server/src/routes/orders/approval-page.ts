import { createHash } from 'node:crypto';
import { translate, type Locale } from '@cc/contracts/messages';
import { validationWindowDays, type ApprovalView } from '../../services/dcv/validation.ts';

/** The page's language: the browser's first choice when it is zh or en, both languages otherwise (as the mail). */
export type PageLocale = Locale | 'both';
export function pageLocale(lang: unknown, acceptLanguage: unknown): PageLocale {
  const v = `${typeof lang === 'string' && lang ? lang : typeof acceptLanguage === 'string' ? acceptLanguage : ''}`.trim().toLowerCase();
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('zh')) return 'zh';
  return 'both';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Light and dark follow the system; the primary colour is the console's. Text colours keep 4.5:1 on their ground.
const css = `:root{color-scheme:light dark;--bg:#f3f5fa;--card:#fff;--text:#1b2230;--muted:#4f5868;--line:#dde2ea;--accent:#1652f0;--ok:#0b6b35;--ok-bg:#e9f7ef;--warn:#7a4f00;--warn-bg:#fff6e0;--bad:#a4221a;--bad-bg:#fdecea}
@media (prefers-color-scheme:dark){:root{--bg:#0d1219;--card:#161d28;--text:#e6eaf1;--muted:#a9b2c0;--line:#2a3443;--accent:#86a8ff;--ok:#6fd69c;--ok-bg:#12291d;--warn:#f2bd5c;--warn-bg:#2c230f;--bad:#ff958b;--bad-bg:#321614}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
.brand{margin:0 0 .5rem;color:var(--accent);font-weight:700;letter-spacing:.02em}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.3}
.alt{display:block}
h1 .alt{font-size:1.1rem;font-weight:600;color:var(--muted)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:1.5rem 0;padding:1rem 1.25rem;background:var(--bg);border-radius:8px}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.state{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;border:1px solid currentColor}
.ok{color:var(--ok);background:var(--ok-bg)}
.warn{color:var(--warn);background:var(--warn-bg)}
.bad{color:var(--bad);background:var(--bad-bg)}
button{display:block;width:100%;padding:.8rem 1.5rem;font:inherit;font-weight:600;color:#fff;background:#1652f0;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#0f42c7}
button:focus-visible{outline:3px solid var(--accent);outline-offset:3px}
.muted{color:var(--muted);font-size:.9rem}`;

/** The page's own policy: nothing loads, only this style block applies, the form posts only here, no framing. */
export const approvalPageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers of every approval page: the link's token is in the URL, so it is neither cached, indexed nor referred. */
export const approvalPageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': approvalPageCsp,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-robots-tag': 'noindex, nofollow',
} as const;

const tone: Record<ApprovalView['state'], 'ok' | 'warn' | 'bad' | null> = {
  pending: null,
  approved: 'ok',
  already: 'ok',
  recordMissing: 'warn',
  superseded: 'bad',
  closed: 'bad',
  expired: 'bad',
  unknown: 'bad',
};

const stateKey: Record<Exclude<ApprovalView['state'], 'pending'>, string> = {
  approved: 'orders.approve.done',
  already: 'orders.approve.already',
  recordMissing: 'orders.approve.recordMissing',
  superseded: 'orders.approve.superseded',
  closed: 'orders.approve.closed',
  expired: 'orders.approve.expired',
  unknown: 'orders.approve.invalid',
};

/**
 * The approval page. A GET shows what would be approved (domain, order, mailbox) with one button; only the
 * button's POST approves. A result names what happened plainly; a record missing offers the button again.
 */
export function approvalPage(v: ApprovalView, locale: PageLocale): string {
  const one = (l: Locale, key: string, params: Record<string, string | number>) => esc(translate(l, key, params));
  const say = (key: string, params: Record<string, string | number> = {}) =>
    locale === 'both' ? `${one('zh', key, params)}<span class="alt" lang="en">${one('en', key, params)}</span>` : one(locale, key, params);
  const htmlLang = locale === 'en' ? 'en' : 'zh-CN';
  const params: Record<string, string | number> = v.state === 'unknown' ? {} : { domain: v.domain, orderNo: v.orderNo, email: v.email, host: v.txtHost ?? '', days: validationWindowDays };
  const parts: string[] = [];
  parts.push(`<p class="brand">CertHub</p><h1>${say('orders.approve.title')}</h1>`);
  const t = tone[v.state];
  if (v.state !== 'pending' && t) parts.push(`<p class="state ${t}" role="status">${say(stateKey[v.state], params)}</p>`);
  if (v.state !== 'unknown') {
    if (v.state === 'pending') parts.push(`<p>${say('orders.approve.intro')}</p>`);
    parts.push(
      `<dl><dt>${say('orders.approve.domain')}</dt><dd data-field="domain">${esc(v.domain)}</dd>` +
        `<dt>${say('orders.approve.order')}</dt><dd data-field="orderNo">${esc(v.orderNo)}</dd>` +
        `<dt>${say('orders.approve.mailbox')}</dt><dd data-field="email">${esc(v.email)}</dd></dl>`,
    );
    if (v.state === 'pending' || v.state === 'recordMissing') {
      // A plain form: no script, and only this button (a person's click) approves.
      parts.push(
        `<form method="post"><button type="submit" aria-describedby="approve-ignore">${say('orders.approve.button')}</button></form>` +
          `<p id="approve-ignore" class="muted">${say('orders.approve.ignore')}</p>`,
      );
    }
  }
  const title = locale === 'both' ? `${translate('zh', 'orders.approve.title')} / ${translate('en', 'orders.approve.title')}` : translate(locale, 'orders.approve.title');
  return (
    `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex,nofollow">` +
    `<title>${esc(title)} · CertHub</title><style>${css}</style></head>` +
    `<body><main data-state="${v.state}">${parts.join('')}</main></body></html>`
  );
}
