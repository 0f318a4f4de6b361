import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { balanceOf, fundedAccount, payableOrder } from './payment-helpers.ts';
import { operatorSecretForTests, toppedUpAccount, validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';

/**
 * A number field (money in cents, counts, ids, page numbers, years, ports) takes a JSON number or its decimal text,
 * nothing else: `true` once withdrew 1 cent and `[500]` 500 cents, because the schemas read every value through
 * Number(). First the calls the issue names, with the message a customer reads; then every number field of every
 * route of /docs/json.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OPERATOR_SECRET: operatorSecretForTests, IP_RATE_LIMIT: 'off' });
});
afterAll(() => t?.close());

/** Values that Number() (and z.coerce) reads as a number but that are no number a caller typed. */
const notNumbers: unknown[] = [true, false, [500], [5, 5], { amount: 500 }, '1e3', '0x10', ' 5', '5 ', '+5', '', '5.5', 5.5, null];
const invalid = (field: string, msg: string) => ({ code: 10001, data: null, msg, errors: { [field]: msg } });

describe('money', () => {
  it('a withdrawal takes an amount in cents as a number or its decimal text, and refuses true, [500] and the rest without moving money', async () => {
    const a = await toppedUpAccount(t.app, 30_000);
    const me = client(t.app, a.token);
    for (const amount of notNumbers) {
      expect((await me.post('/v1/withdraw', { amount, method: 'original' })).body, JSON.stringify(amount)).toEqual(invalid('amount', '提现金额须为 0.01 至 1,000,000,000.00 元'));
      expect((await me.post('/v1/withdraw', { amount, method: 'original' }, { lang: 'en' })).body, JSON.stringify(amount)).toEqual(
        invalid('amount', 'The amount must be between 0.01 and 1,000,000,000.00 CNY'),
      );
    }
    // A form sends text: "true" is no number there either.
    expect((await me.post('/v1/withdraw', { amount: 'true', method: 'original' }, { form: true })).body).toEqual(invalid('amount', '提现金额须为 0.01 至 1,000,000,000.00 元'));
    expect(await balanceOf(t.app, a.id)).toBe(30_000);
    expect(((await me.get('/v1/withdraw')).body.data as { total: number }).total).toBe(0);

    expect((await me.post('/v1/withdraw', { amount: '500', method: 'original' })).body).toMatchObject({ code: 200, data: { balance: 29_500 } });
    expect((await me.post('/v1/withdraw', { amount: 500, method: 'original' })).body).toMatchObject({ code: 200, data: { balance: 29_000 } });
    expect((await me.post('/v1/withdraw', { amount: '500', method: 'original' }, { form: true })).body).toMatchObject({ code: 200, data: { balance: 28_500 } });
    expect(await balanceOf(t.app, a.id)).toBe(28_500);
  });

  it('an invoice application takes its amount and template ids the same way', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    const orderNo = await payableOrder(t.app, a.id, 50_000);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
    const org = ((await me.post('/v1/invoiceOrganizations', validInvoiceOrg)).body.data as { id: number }).id;
    const con = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
    const apply = (body: object, lang?: 'en') => me.post('/v1/invoices', { invoiceType: 'ordinary', invoiceOrgID: org, invoiceConID: con, ...body }, lang ? { lang } : undefined);
    const due = async () => ((await me.get('/v1/invoices')).body.data as { toBeInvoicedAmount: number; total: number });
    for (const amount of notNumbers) {
      expect((await apply({ amount })).body, JSON.stringify(amount)).toEqual(invalid('amount', '开票金额须为 0.01 至 1,000,000,000.00 元'));
      expect((await apply({ amount }, 'en')).body, JSON.stringify(amount)).toEqual(invalid('amount', 'The amount must be between 0.01 and 1,000,000,000.00 CNY'));
    }
    expect((await apply({ amount: 500, invoiceOrgID: true })).body).toEqual(invalid('invoiceOrgID', 'invoiceOrgID 须为 1 至 2147483647 之间的整数'));
    expect((await apply({ amount: 500, invoiceConID: [con] }, 'en')).body).toEqual(invalid('invoiceConID', 'invoiceConID must be a whole number from 1 to 2147483647'));
    expect(await due()).toMatchObject({ toBeInvoicedAmount: 50_000, total: 0 });

    expect((await apply({ amount: '500', invoiceOrgID: String(org) })).body).toMatchObject({ code: 200, data: { toBeInvoicedAmount: 49_500 } });
    expect((await apply({ amount: 500 })).body).toMatchObject({ code: 200, data: { toBeInvoicedAmount: 49_000 } });
  });

  it('query strings and paths take decimal text only', async () => {
    const me = client(t.app, (await newAccount(t.app)).token);
    expect((await me.get('/v1/withdraw?limit=true')).body).toEqual(invalid('limit', 'limit 须为整数'));
    expect((await me.get('/v1/withdraw?offset=1e3', { lang: 'en' })).body).toEqual(invalid('offset', 'offset must be a whole number'));
    expect((await me.get('/v1/withdraw?limit=0x10')).body).toEqual(invalid('limit', 'limit 须为整数'));
    expect((await me.get('/v1/withdraw?limit=%205')).body).toEqual(invalid('limit', 'limit 须为整数'));
    expect((await me.get('/v1/withdraw?limit=5&limit=5')).body).toEqual(invalid('limit', 'limit 须为整数'));
    expect((await me.del('/v1/invoices/0x10')).body).toEqual(invalid('id', 'id 须为 1 至 2147483647 之间的整数'));
    expect((await me.del('/v1/invoices/1e3', { lang: 'en' })).body).toEqual(invalid('id', 'id must be a whole number from 1 to 2147483647'));
    expect((await me.get('/v1/withdraw?limit=5&offset=1')).body.code).toBe(200);
    expect((await me.del('/v1/invoices/1000')).body.code).toBe(10004);
  });
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

/** One number field of one route: where it goes, its path inside the body ('records.0.ttl'), and its bounds. */
interface NumberField {
  method: string;
  route: string;
  pathParams: string[];
  where: 'path' | 'query' | 'body';
  field: string;
  min: number;
  max: number;
}

const isNumber = (s: JsonSchema) => [s.type].flat().some((t) => t === 'integer' || t === 'number');

/** Every number field in the route table, nested ones included (a list's items, an object's fields). */
function numberFields(doc: OpenApi): NumberField[] {
  const out: NumberField[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const seen = new Set<string>();
      const walk = (s: JsonSchema | undefined, field: string, where: NumberField['where']) => {
        if (!s) return;
        if (isNumber(s) && !seen.has(`${where} ${field}`)) {
          seen.add(`${where} ${field}`);
          out.push({ method: method.toUpperCase(), route, pathParams, where, field, min: Math.max(s.minimum ?? -1000, -1000), max: Math.min(s.maximum ?? 1_000_000, 1_000_000) });
        }
        for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, field, where);
        for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, field ? `${field}.${k}` : k, where);
        if (s.items) walk(s.items, `${field}.0`, where);
      };
      for (const p of op.parameters ?? []) if (p.in === 'path' || p.in === 'query') walk(p.schema, p.name, p.in as 'path' | 'query');
      const body = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
      walk(body, '', 'body');
    }
  }
  return out;
}

/** A body holding only `value` at `field` ('records.0.ttl' → { records: [{ ttl: value }] }): the other fields' faults do not hide this one's. */
function bodyWith(field: string, value: unknown): unknown {
  const [head, ...rest] = field.split('.');
  const inner = rest.length ? bodyWith(rest.join('.'), value) : value;
  return /^\d+$/.test(head!) ? [inner] : { [head!]: inner };
}

describe('every number field of every route', () => {
  let fields: NumberField[];
  let token: string;

  beforeAll(async () => {
    ({ token } = await newAccount(t.app));
    fields = numberFields((await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApi);
  });

  /** What the route says of `value` in the field: the field's own message, or undefined when the field took it. */
  async function fieldError(f: NumberField, value: unknown): Promise<{ said: string | undefined; answer: string }> {
    const text = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
    const url = f.route.replace(/\{(\w+)\}/g, (_, n: string) => (f.where === 'path' && n === f.field ? text(value) : '1'));
    // A query string's list is the field given more than once; a value that is no text goes as its JSON.
    const query = f.where !== 'query' ? '' : Array.isArray(value) && value.length > 1 ? `?${value.map((v) => `${f.field}=${text(v)}`).join('&')}` : `?${f.field}=${text(value)}`;
    const withBody = f.where === 'body';
    const r = await t.app.inject({
      method: f.method as 'GET',
      url: url + query,
      headers: { token, authorization: token, 'x-operator-secret': operatorSecretForTests, lang: 'en', ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: JSON.stringify(bodyWith(f.field, value)) } : {}),
    });
    // A CSV export that got past validation took the value.
    const body = (r.body.startsWith('{') ? r.json() : {}) as { errors?: Record<string, string> };
    return { said: body.errors?.[f.field], answer: `${r.statusCode} ${r.body.slice(0, 300)}` };
  }

  it('finds the number fields: money, counts, ids, pages, years, ports', () => {
    expect(fields.length).toBeGreaterThan(150);
    const names = new Set(fields.map((f) => f.field.split('.').at(-1)));
    for (const n of ['amount', 'id', 'limit', 'offset', 'year', 'years', 'quantity', 'count', 'port', 'ttl', 'spendLimit', 'payLimitCents', 'balance']) expect(names).toContain(n);
  });

  it('none takes true, false or a list holding a number', { timeout: 300_000 }, async () => {
    const taken: string[] = [];
    for (const f of fields) {
      const n = Math.max(f.min, Math.min(f.max, 1));
      // A path segment holds text ("true"); a query string's list is the field given twice.
      const values: unknown[] = f.where === 'path' ? [true, false] : f.where === 'query' ? [true, false, [n, n]] : [true, false, [n], [String(n)]];
      for (const v of values) {
        const { said, answer } = await fieldError(f, v);
        if (said === undefined) taken.push(`${f.method} ${f.route} ${f.where} ${f.field} = ${JSON.stringify(v)} → ${answer}`);
      }
    }
    expect(taken).toEqual([]);
  });

  it('none takes any other value that is not a whole number in decimal text (fast-check)', { timeout: 300_000 }, async () => {
    const notDecimal = fc.oneof(
      fc.constantFrom<unknown>('1e3', '0x10', ' 5', '5 ', '+5', '0b1', '1_000', 'Infinity', 'NaN', '5.0', '٥'),
      fc.string().filter((s) => s !== '' && !/^-?\d+$/.test(s)),
      // NaN and Infinity are null in JSON, which a nullable field takes.
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
      fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.string(), fc.integer(), { minKeys: 1, maxKeys: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: fields.length - 1 }), notDecimal, async (i, v) => {
        const f = fields[i]!;
        const { said, answer } = await fieldError(f, v);
        expect(said, `${f.method} ${f.route} ${f.where} ${f.field} = ${JSON.stringify(v)} → ${answer}`).toBeDefined();
      }),
      { seed: 20_260_505, numRuns: 400 },
    );
  });

  // The route may refuse the number for reasons of its own (no such id, a page size off its list): what it says of
  // the decimal text is what it says of the number, and never what it says of a value that is no number.
  it('each reads a number within its bounds and its decimal text alike, and not as a wrong type', { timeout: 300_000 }, async () => {
    const misread: string[] = [];
    for (const f of fields) {
      const [n] = fc.sample(fc.integer({ min: f.min, max: f.max }), { seed: 20_260_505 + f.field.length, numRuns: 1 });
      const wrongType = (await fieldError(f, true)).said;
      const asText = await fieldError(f, String(n));
      const asNumber = f.where === 'body' ? await fieldError(f, n) : asText;
      if (asText.said === wrongType || asNumber.said !== asText.said) misread.push(`${f.method} ${f.route} ${f.where} ${f.field} = ${n} → ${asNumber.answer}; "${n}" → ${asText.answer}`);
    }
    expect(misread).toEqual([]);
  });
});
