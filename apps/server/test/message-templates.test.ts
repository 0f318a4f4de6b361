import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { informTypes } from '@cc/contracts/account';
import { derivedLogActions, ledgerLogExample, loggedActions } from '@cc/contracts/log-actions';
import { isMessageKey, locales, messages, placeholdersOf, translate } from '@cc/contracts/messages';
import { orderEvents } from '@cc/contracts/order-events';
import { siteMsgExamples, siteMsgKindNames } from '@cc/contracts/site-messages';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { titleOf } from '../src/services/account/activity-log.ts';
import { informTexts } from '../src/services/account/inform-events.ts';
import { payWaysFor, renderSiteMsg } from '../src/services/messages/site-messages.ts';
import { orderEventText } from '../src/services/orders/event-text.ts';

/**
 * Every log entry, timeline line, message-centre message, mail and SMS is a template filled with what its writer
 * stored (an EAB key was logged as "创建 EAB 密钥 {{name}}（{{kid}}）": the log's renderer passed the key's name and
 * kid to no template). Each writer's parameters are declared once, by example, in contracts (log-actions.ts,
 * order-events.ts, siteMsgExamples), and the writers are typed by those declarations; here every example goes
 * through the product's own renderer, in Chinese and in English, and nothing may come out with a placeholder left
 * over or a message key in place of words. Templates named in the code are checked by the compiler (translate's
 * ParamsArg).
 */

const zh = messages.zh as Record<string, string>;
const en = messages.en as Record<string, string>;
/** What a rendering must not contain: a placeholder, a value left empty between brackets, or a message key standing where its words should be. */
function faults(text: string): string[] {
  const left = placeholdersOf(text).map((p) => `{{${p}}}`);
  const empty = [...text.matchAll(/（）|\(\)/g)].map((m) => m[0]);
  // A key comes back as it is when it has no template (translate): `log.payment.withdrawal` had none.
  const keys = [...text.matchAll(/\b(?:log|orders|siteMsg|inform|team|role|apiKey|discovery|bill|dm|acme|sec)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*/g)].map((m) => m[0]);
  return [...left, ...empty, ...keys];
}
const rendered = (what: string, text: string) => (faults(text).length ? [`${what}: "${text}" (${faults(text).join(', ')})`] : []);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the templates', () => {
  it('say the same placeholders in Chinese and in English', () => {
    const differ = Object.keys(zh).filter((k) => [...new Set(placeholdersOf(zh[k]!))].sort().join() !== [...new Set(placeholdersOf(en[k] ?? ''))].sort().join());
    expect(differ.map((k) => `${k}: ${zh[k]} | ${en[k]}`)).toEqual([]);
  });

  it('keep a placeholder that was given no value in sight (so that the checks below see it)', () => {
    expect(translate('en', 'log.security.eab.create' as string, { name: 'web1' })).toBe('Created the EAB key web1 ({{kid}})');
    expect(translate('zh', 'log.security.eab.create', { name: 'web1', kid: 'kid_1' })).toBe('创建 EAB 密钥 web1（kid_1）');
  });
});

describe('the account log (activity log and audit log)', () => {
  const entries = [
    ...Object.entries(loggedActions).flatMap(([action, examples]) => examples.map((params) => ({ kind: 'account' as const, action, params: params as Record<string, unknown> }))),
    ...derivedLogActions.map((action) => ({ kind: action === 'signin' ? ('signin' as const) : ('payment' as const), action, params: { ...ledgerLogExample } as Record<string, unknown> })),
    ...Object.entries(orderEvents).flatMap(([kind, examples]) =>
      examples.map((detail) => ({ kind: 'order' as const, action: `order.${kind}`, params: { orderNo: 'SSL20260101000009', detail } as Record<string, unknown> })),
    ),
  ];

  it('renders every action its writers record, with what they store, in both languages', () => {
    const wrong = entries.flatMap((e) =>
      locales.flatMap((l) => {
        const title = titleOf(l, { kind: e.kind, action: e.action, params: e.params });
        return title === e.action ? [`${l} ${e.action}: no words, only the action`] : rendered(`${l} ${e.action} ${JSON.stringify(e.params)}`, title);
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('names each value its writer stored (an order event names its own order, not the one it is about)', () => {
    expect(titleOf('zh', { kind: 'account', action: 'security.eab.create', params: { name: 'certbot on web1', kid: 'kid_5Jx2' } })).toBe('创建 EAB 密钥 certbot on web1（kid_5Jx2）');
    expect(titleOf('en', { kind: 'order', action: 'order.renewed', params: { orderNo: 'SSL1', detail: { orderNo: 'SSL2' } } })).toBe('Order SSL1: Renewal order SSL2 created');
  });

  it('has a writer (or a reader) for every log template', () => {
    const actions = [...Object.keys(loggedActions), ...derivedLogActions, 'order'];
    const unused = Object.keys(zh).filter((k) => k.startsWith('log.') && !/^log\.(kind|v|csv)\./.test(k)).filter((k) => !actions.some((a) => k === `log.${a}` || k.startsWith(`log.${a}.`)));
    expect(unused).toEqual([]);
  });
});

describe("an order's timeline", () => {
  it('words every kind of line with its detail, in both languages, and every template is a kind', () => {
    const wrong = Object.entries(orderEvents).flatMap(([kind, examples]) =>
      examples.flatMap((detail) =>
        locales.flatMap((l) => (isMessageKey(`orders.event.${kind}`) ? rendered(`${l} ${kind}`, orderEventText(l, kind, detail)) : [`${kind}: no template orders.event.${kind}`])),
      ),
    );
    expect(wrong).toEqual([]);
    expect(Object.keys(zh).filter((k) => k.startsWith('orders.event.') && !(k.slice('orders.event.'.length) in orderEvents))).toEqual([]);
  });
});

describe('messages, mails and SMS', () => {
  it('renders every kind of message-centre message with what its senders pass, in both languages', async () => {
    const rows = siteMsgKindNames.flatMap((kind) => siteMsgExamples[kind].map((params, i) => ({ id: i + 1, kind, params: { ...params }, created_at: new Date(), read_at: null })));
    const ways = await payWaysFor(t.app.db, rows);
    const wrong = rows.flatMap((r) =>
      locales.flatMap((l) => {
        const m = renderSiteMsg(l, r, ways);
        return m ? [...rendered(`${l} ${r.kind} title ${JSON.stringify(r.params)}`, m.title), ...rendered(`${l} ${r.kind} body ${JSON.stringify(r.params)}`, m.content)] : [`${r.kind}: not shown`];
      }),
    );
    expect(wrong).toEqual([]);
    expect(Object.keys(zh).filter((k) => k.startsWith('siteMsg.kind.') && !siteMsgKindNames.some((kind) => k.startsWith(`siteMsg.kind.${kind}.`)))).toEqual([]);
  });

  it('renders every notification mail and SMS with what its senders pass', async () => {
    const sentByTheJob = informTypes.filter((k) => k !== 'expiring' && k !== 'domainExpiring');
    const wrong: string[] = [];
    for (const type of sentByTheJob) {
      for (const params of siteMsgExamples[type]) {
        const texts = await informTexts({ db: t.app.db, baseUrl: 'http://console.test' }, type, { ...params }, 'C1000001');
        for (const [part, text] of Object.entries(texts)) wrong.push(...rendered(`${type} ${part} ${JSON.stringify(params)}`, text));
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('through the API', () => {
  it('logs the creation and the revocation of an EAB key with its name and key id, in the activity log and the audit log', async () => {
    const { token } = await newAccount(t.app);
    const me = client(t.app, token);
    const made = await me.post('/v1/acme/eabKeys', { name: 'certbot on web1' });
    expect(made.body.code, made.body.msg).toBe(200);
    const { key } = made.body.data as { key: { id: number; kid: string } };
    expect((await me.del(`/v1/acme/eabKeys/${key.id}`)).body.code).toBe(200);

    type Log = { data: { action: string; title: string }[] };
    const titles = async (lang: 'zh' | 'en') => ((await me.get('/v1/accountLogs?kind=security', { lang })).body.data as Log).data.map((e) => e.title);
    expect(await titles('zh')).toEqual(expect.arrayContaining([`创建 EAB 密钥 certbot on web1（${key.kid}）`, `吊销 EAB 密钥 certbot on web1（${key.kid}）`]));
    expect(await titles('en')).toEqual(expect.arrayContaining([`Created the EAB key certbot on web1 (${key.kid})`, `Revoked the EAB key certbot on web1 (${key.kid})`]));
    const audit = ((await me.get('/v1/user/auditLogs', { lang: 'en' })).body.data as { data: { action: string; text: string }[] }).data;
    expect(audit.filter((e) => e.action.startsWith('security.eab.')).map((e) => e.text)).toEqual([
      `Revoked the EAB key certbot on web1 (${key.kid})`,
      `Created the EAB key certbot on web1 (${key.kid})`,
    ]);
    for (const lang of ['zh', 'en'] as const) expect((await titles(lang)).flatMap((title) => faults(title))).toEqual([]);
  });
});
