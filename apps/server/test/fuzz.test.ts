import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, makeCsr, testProducts } from './purchase-helpers.ts';
import { sha256hex, signUpByEmail } from './session-helpers.ts';

/**
 * Hostile input over every route of the OpenAPI description: whatever a caller sends, the answer is never a
 * 5xx, a JSON answer is always the { code, data, msg } envelope with a message, and nothing of the inside
 * (stack frames, SQL, framework codes, file paths) leaks out. Deterministic: a fixed table and a fixed seed.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: string[];
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  headers: string[];
  body: Record<string, JsonSchema> | null;
  rawBody: boolean;
}

const seed = 20_260_422;
const huge = 'x'.repeat(100_000);
const megabyte = 'é'.repeat(400_000);

/** Values that have broken servers: NUL, lone surrogates, int4 overflow, impossible dates, huge and oddly typed values. */
const hostileValues: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF\uD800',
  99_999_999_999,
  '99999999999',
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1,
  '-1',
  0,
  1.5,
  '2019-02-30',
  '99999-01-01',
  '0000-00-00',
  '2024-13-01T25:61:61Z',
  '9999-12-31T23:59:59-14:00',
  '0001-01-01T00:00:00+14:00',
  huge,
  '',
  '   ',
  true,
  null,
  {},
  [],
  ['a', 'b'],
  [null, 1, { a: '\u0000' }],
  { nested: { deeper: { deepest: ['\u0000', 99_999_999_999] } } },
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00%ZZ\\u0000',
  '\u202e\uFEFF\u200b',
];

/** The same for a query string or a path segment: raw text, already percent-encoded where it must be. */
const hostileText = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  '%ZZ',
  '%',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  '2019-02-30',
  '99999-01-01',
  '0001-01-01',
  '9999-12-31',
  '9999-12-31T23%3A59%3A59-14%3A00',
  '0001-01-01T00%3A00%3A00%2B14%3A00',
  'x'.repeat(20_000),
  '',
  'true',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1%20--',
];

const jsonType = (s: JsonSchema | undefined): string | undefined => {
  if (!s) return undefined;
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    const t = jsonType(alt);
    if (t && t !== 'null') return t;
  }
  return undefined;
};

/** Every field of an object schema, alternatives merged (POST /v1/organizations is a list query or a create). */
function fieldsOf(s: JsonSchema | undefined): Record<string, JsonSchema> | null {
  if (!s) return null;
  const out: Record<string, JsonSchema> = {};
  for (const alt of [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) Object.assign(out, alt.properties ?? {});
  return out;
}

function operations(doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const bodySchema = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        headers: parameters.filter((p) => p.in === 'header').map((p) => p.name),
        body: fieldsOf(bodySchema),
        rawBody: jsonType(bodySchema) === 'string',
      });
    }
  }
  // Calls that end the session or remove the fixtures go last, so the others run signed in with real ids.
  const last = (o: Operation) => (o.path === '/v1/logout' ? 2 : o.method === 'DELETE' ? 1 : 0);
  return ops.sort((a, b) => last(a) - last(b));
}

interface Fixtures {
  token: string;
  productNo: string;
  freeProductNo: string;
  orderNo: string;
  orderId: number;
  contactId: number;
  orgId: number;
  emailId: number;
  csr: string;
}

/** A value that passes validation, so that one hostile field at a time reaches as deep as it can. */
function validValue(name: string, schema: JsonSchema, f: Fixtures): unknown {
  const byName: Record<string, unknown> = {
    email: 'fuzz@example.com', username: 'fuzz@example.com', telephone: '13912345678', telPrefix: '86',
    password: sha256hex('Secret#2026'), newPwd: sha256hex('Secret#2026'), code: '123456', authCode: '123456',
    inviteCode: 'fuzz2026', authType: 'email', status: 'Y', captchaId: 'fuzzfuzzfuzzfuzz', x: 10, secToken: 'fuzz',
    lastname: '张', firstname: '三', position: '运维', idCard: '', orgName: '示例科技有限公司', creditCode: '91110000123456789X',
    nationCode: 'CN', province: '北京市', city: '北京市', postalCode: '100000', address: '北京市海淀区', digicertID: '',
    dateOfIncorporation: '2019-01-01', id: f.contactId, contactID: f.contactId, orgID: f.orgId, year: 1,
    productNo: f.freeProductNo, productType: 'dv', csr: f.csr, key: '', commonName: 'fuzz.example.com',
    domainNames: ['fuzz.example.com'], sslDomains: ['fuzz.example.com'], emails: [], domain: 'fuzz.example.com',
    domains: ['fuzz.example.com'], dcvMethod: 'dns', orderNo: f.orderNo, orderNos: [f.orderNo], remark: 'fuzz',
    encryption: 'ECC', keyCurve: 'P256', keySize: 2048, hashSign: 'SHA256', country: 'CN', locality: 'Beijing',
    organization: 'Fuzz', orgUnit: 'IT', payWay: 'alipay', aim: 'order', returnUrl: '/orders', amount: 10_000,
    token: 'fuzz', PayerID: 'fuzz', queueId: 'fuzz', dateFrom: '2024-01-01', dateTo: '2030-01-01',
    startTime: '2024-01-01', endTime: '2030-01-01', host: '127.0.0.1', port: 443, server: 'nginx',
    zoneId: '0123456789abcdef0123456789abcdef', name: 'example.com', ticket: 'fuzz', limit: 10, offset: 1,
    record: { type: 'A', name: 'www.example.com', content: '192.0.2.1', ttl: 300 }, to: 'fuzz@example.com',
    wildcard: false, partial: false, count: 1, scene: 'order', kind: 'all', page: 1, perPage: 20, type: 'A',
  };
  if (name in byName) return byName[name];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (jsonType(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'fuzz';
  }
}

const pathValue = (name: string, path: string, f: Fixtures): string => {
  if (name === 'productNo') return f.productNo;
  if (name === 'orderNo') return f.orderNo;
  if (name === 'brand') return 'fuzzbrand';
  if (name === 'token') return 'fuzz';
  if (path.includes('/organizations/') || path.includes('/org/')) return String(f.orgId);
  if (path.includes('/contacts/')) return String(f.contactId);
  if (path.includes('/emailDnsEmails/')) return String(f.emailId);
  if (path.includes('/orders/') && name === 'id') return String(f.orderId);
  return 'fuzzfuzzfuzzfuzzfuzz';
};

const queryText = (v: unknown) => encodeURIComponent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

interface Shot {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

describe('hostile input on every route', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  let cloudflare: Server;

  beforeAll(async () => {
    // The DNS relay's upstream is a loopback server of the test's own: no outside network is needed.
    cloudflare = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, errors: [], messages: [], result: [] }));
    });
    await new Promise<void>((r) => cloudflare.listen(0, '127.0.0.1', r));
    const port = (cloudflare.address() as AddressInfo).port;
    // FUZZ_LOG=1 prints the server's error lines (the cause of a 500) while investigating a failure.
    t = await startTestApp({ ...(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {}), CAPTCHA: 'off', CF_API_BASE: `http://127.0.0.1:${port}/client/v4` });
    await addProducts(t.app, [testProducts.dv, testProducts.free]);
    const { token } = await signUpByEmail(t.app);
    const headers = { token, authorization: token };
    const post = async (url: string, payload: object) => (await t.app.inject({ method: 'POST', url, headers, payload })).json() as { code: number; data: unknown };
    const csr = await makeCsr('fuzz.example.com');
    const contact = await post('/v1/contacts', { lastname: '张', firstname: '三', position: '运维', email: 'zhang.san@example.com', telephone: '13912345678' });
    const org = await post('/v1/organizations', {
      orgName: '示例科技有限公司', creditCode: '91110000123456789X', nationCode: 'CN', province: '北京市', city: '北京市',
      postalCode: '100000', address: '北京市海淀区中关村大街1号', telephone: '010-12345678',
    });
    const email = await post('/v1/emailDnsEmails', { email: 'admin@example.com' });
    const order = await post(`/v1/orders/certificate/${testProducts.dv.productNo}`, { year: 1, csr, commonName: 'fuzz.example.com', dcvMethod: 'dns' });
    if (order.code !== 200) throw new Error(JSON.stringify(order));
    expect([contact.code, org.code, email.code, order.code]).toEqual([200, 200, 200, 200]);
    const orderNo = String(order.data);
    const [row] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    fixtures = {
      token,
      productNo: testProducts.dv.productNo,
      freeProductNo: testProducts.free.productNo,
      orderNo,
      orderId: row!.id,
      contactId: (contact.data as { id: number }).id,
      orgId: (org.data as { id: number }).id,
      emailId: (email.data as { id: number }).id,
      csr,
    };
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((r) => cloudflare?.close(r));
  });

  // ~32,000 calls one after another: 168 s in a CI run beside the browser layer on a slow 2-core machine, so the
  // limit leaves room for a slower one (it catches a hung call, not a slow suite).
  it('answers no 5xx, only envelopes, and leaks nothing, over every route of /docs/json', { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(90);
    const randomValues = fc.sample(
      fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.jsonValue({ maxDepth: 3 }), fc.integer(), fc.double(), fc.bigInt().map(String)),
      { seed, numRuns: 400 },
    );

    let sent = 0;
    let fiveHundreds = 0;
    const failures: string[] = [];
    const leak = /stack|FST_|SQL|node_modules|\n\s+at |\bat [\w.<>]+ \(.*:\d+:\d+\)/;

    const fire = async (shot: Shot, what: string) => {
      sent++;
      const r = await t.app.inject({ method: shot.method, url: shot.url, headers: shot.headers, ...(shot.payload !== undefined ? { payload: shot.payload } : {}) });
      const problems: string[] = [];
      if (r.statusCode >= 500) {
        fiveHundreds++;
        problems.push(`HTTP ${r.statusCode}`);
      }
      if (String(r.headers['content-type'] ?? '').includes('json')) {
        let body: { code?: unknown; msg?: unknown } | null = null;
        try {
          body = r.json();
        } catch {
          problems.push('invalid JSON');
        }
        if (body && (typeof body.code !== 'number' || typeof body.msg !== 'string' || body.msg === '' || !('data' in body))) problems.push('not an envelope');
      }
      // Data URLs and base64 files (captcha images, keystores) may spell anything.
      const text = r.body
        .replace(/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g, '')
        .replace(/data:[\w/+.-]+;base64,[\w+/=]+/g, '')
        .replace(/[\w+/=]{120,}/g, '');
      const leaked = leak.exec(text);
      if (leaked) problems.push(`leaks ${leaked[0]}`);
      if (problems.length) failures.push(`${shot.method} ${shot.url.slice(0, 120)} [${what}] → ${problems.join(', ')}: ${r.body.slice(0, 200)}`);
    };

    for (const op of ops) {
      const signedIn = { token: fixtures.token, authorization: fixtures.token };
      const extra: Record<string, string> = Object.fromEntries(op.headers.map((h) => [h, 'fuzz-token']));
      const path = (over: Record<string, string> = {}) =>
        op.path.replace(/\{(\w+)\}/g, (_, n: string) => over[n] ?? encodeURIComponent(pathValue(n, op.path, fixtures)));
      const validQuery = Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, validValue(k, s, fixtures)]));
      const query = (q: Record<string, string>) => {
        const s = Object.entries(q).map(([k, v]) => `${k}=${v}`).join('&');
        return s ? `?${s}` : '';
      };
      const encodedValid = Object.fromEntries(Object.entries(validQuery).map(([k, v]) => [k, queryText(v)]));
      const url = (over: Record<string, string> = {}, q: Record<string, string> = encodedValid) => path(over) + query(q);
      const validBody = op.body ? Object.fromEntries(Object.entries(op.body).map(([k, s]) => [k, validValue(k, s, fixtures)])) : undefined;
      const json = { ...signedIn, ...extra, 'content-type': 'application/json' };
      const withBody = op.method !== 'GET' && op.method !== 'DELETE';
      const base = (headers: Record<string, string>): Shot => ({
        method: op.method,
        url: url(),
        headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(withBody ? { payload: op.rawBody ? '{}' : JSON.stringify(validBody ?? {}) } : {}),
      });

      // The valid call itself, signed in and anonymous.
      await fire(base({ ...signedIn, ...extra }), 'valid');
      await fire(base(extra), 'anonymous');
      await fire({ ...base(extra), headers: { ...base(extra).headers, token: 'not-a-token', authorization: 'Bearer ' + 'x'.repeat(5000) } }, 'bad token');

      // Path parameters: every hostile segment in each one.
      for (const p of op.params) {
        for (const v of [...hostileText, 'x'.repeat(200), 'x'.repeat(600)]) await fire({ ...base({ ...signedIn, ...extra }), url: url({ [p]: v }) }, `param ${p}`);
      }
      // Query parameters: each hostile text alone, beside every other parameter and beside the required ones only
      // (an optional one may switch the call to another reading, as orderNos does on GET /v1/orders); then repeated.
      const requiredOnly = Object.fromEntries(Object.entries(encodedValid).filter(([k]) => op.requiredQuery.includes(k)));
      for (const k of Object.keys(op.query)) {
        for (const v of hostileText) {
          await fire({ ...base({ ...signedIn, ...extra }), url: url({}, { ...encodedValid, [k]: v }) }, `query ${k}`);
          if (Object.keys(requiredOnly).length + 1 < Object.keys(encodedValid).length) await fire({ ...base({ ...signedIn, ...extra }), url: url({}, { ...requiredOnly, [k]: v }) }, `query ${k} alone`);
        }
        await fire({ ...base({ ...signedIn, ...extra }), url: `${url()}&${k}=a&${k}=b` }, `query ${k} twice`);
        await fire({ ...base({ ...signedIn, ...extra }), url: url({}, { ...encodedValid, [k]: queryText(randomValues[sent % randomValues.length]) }) }, `query ${k} random`);
      }
      if (!withBody) continue;

      // Body fields: one hostile value at a time, the others valid; then a few random ones.
      for (const [k, schema] of Object.entries(op.body ?? {})) {
        for (const v of hostileValues) await fire({ method: op.method, url: url(), headers: json, payload: JSON.stringify({ ...validBody, [k]: v }) }, `body ${k}`);
        if (jsonType(schema) === 'string') await fire({ method: op.method, url: url(), headers: json, payload: JSON.stringify({ ...validBody, [k]: megabyte }) }, `body ${k} 800 KB`);
        for (let i = 0; i < 3; i++) {
          const v = randomValues[(sent + i * 37) % randomValues.length];
          await fire({ method: op.method, url: url(), headers: json, payload: JSON.stringify({ ...validBody, [k]: v }) }, `body ${k} random`);
        }
      }
      // The body as a whole: wrong shapes, broken JSON, other media types.
      const form = { ...signedIn, ...extra, 'content-type': 'application/x-www-form-urlencoded' };
      const whole: [Record<string, string>, string | undefined, string][] = [
        [{ ...signedIn, ...extra }, undefined, 'no body'],
        [json, '', 'empty JSON'],
        [json, '{"a":', 'broken JSON'],
        [json, 'null', 'JSON null'],
        [json, '[]', 'JSON array'],
        [json, '"\\u0000"', 'JSON string'],
        [json, '123', 'JSON number'],
        [json, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}', 'prototype keys'],
        [json, JSON.stringify({ ...validBody, extra: huge }), 'unknown huge field'],
        [json, `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'deep nesting'],
        [json, '\u0000', 'NUL body'],
        [form, new URLSearchParams(Object.entries(validBody ?? {}).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString(), 'form'],
        [form, Object.keys(validBody ?? { a: 1 }).map((k) => `${k}=a%00b`).join('&'), 'form NUL'],
        [form, Object.keys(validBody ?? { a: 1 }).map((k) => `${k}=%ED%A0%80&${k}=2`).join('&'), 'form surrogate twice'],
        [{ ...signedIn, ...extra, 'content-type': 'text/plain' }, 'hello', 'text/plain'],
        [{ ...signedIn, ...extra, 'content-type': 'application/xml' }, '<a/>', 'xml'],
        [{ ...signedIn, ...extra, 'content-type': 'multipart/form-data; boundary=x' }, '--x--', 'multipart'],
      ];
      for (const [headers, payload, what] of whole) {
        await fire({ method: op.method, url: url(), headers, ...(payload !== undefined ? { payload } : {}) }, what);
        const { token: _t, authorization: _a, ...anonymous } = headers;
        await fire({ method: op.method, url: url(), headers: anonymous, ...(payload !== undefined ? { payload } : {}) }, `${what}, anonymous`);
      }
    }

    // Framework errors: unknown paths and methods, a body over the limit.
    await fire({ method: 'GET', url: '/v1/organizations/%ZZ', headers: {} }, 'bad url');
    await fire({ method: 'GET', url: `/v1/organizations/${'1'.repeat(600)}`, headers: {} }, 'long param');
    await fire({ method: 'GET', url: '/v1/no-such-call', headers: {} }, 'not found');
    await fire({ method: 'PATCH', url: '/v1/contacts', headers: {} }, 'method');
    const tooLarge = JSON.stringify({ username: 'x'.repeat(t.app.initialConfig.bodyLimit!) });
    await fire({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, payload: tooLarge }, 'too large');

    console.log(`fuzz: ${ops.length} routes, ${sent} requests, ${fiveHundreds} answers 5xx, ${failures.length} failures`);
    expect(failures.slice(0, 60)).toEqual([]);
    expect(fiveHundreds).toBe(0);
  });
});
