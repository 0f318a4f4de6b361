import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { startTestApp, type TestApp } from './harness.ts';
import { signUpByEmail } from './session-helpers.ts';
import { startFakeCloudflare, type FakeCloudflare, type FakeZone } from '../../../e2e/fake-cloudflare.ts';
import { loadConfig } from '../src/config.ts';
import { cfdnsRoutes } from '../src/routes/cfdns/index.ts';

let t: TestApp;
let cf: FakeCloudflare;
let zone: FakeZone;
let session = '';

beforeAll(async () => {
  cf = await startFakeCloudflare();
  zone = cf.addZone('example.com');
  t = await startTestApp({ CF_API_BASE: cf.base });
  session = (await signUpByEmail(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await cf?.close();
});

interface Answer {
  code: number;
  msg: string;
  errors?: Record<string, string>;
  data: { success: boolean; errors: Array<{ code: number; message: string }>; result: unknown; result_info?: { total_count: number } } | null;
}

const relay = async (call: 'zones' | 'records' | 'create', payload: object, cfToken: string | null = cf.token, token = session) => {
  const r = await t.app.inject({
    method: 'POST',
    url: `/v1/tools/cfdns/${call}`,
    payload,
    headers: { token, ...(cfToken === null ? {} : { 'x-cf-token': cfToken }) },
  });
  return { status: r.statusCode, cfStatus: r.headers['x-cloudflare-status'], body: r.json<Answer>() };
};

describe('cfdns relay', () => {
  it('needs a signed-in session', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/tools/cfdns/zones', payload: { name: 'example.com' }, headers: { 'x-cf-token': cf.token } });
    expect(r.statusCode).toBe(401);
    expect(cf.requests).toHaveLength(0);
  });

  it('needs the Cloudflare token header, and refuses a malformed one without calling Cloudflare', async () => {
    const missing = await relay('zones', { name: 'example.com' }, null);
    expect(missing.body.code).toBe(10001);
    expect(Object.keys(missing.body.errors ?? {})).toContain('x-cf-token');
    const spaced = await relay('zones', { name: 'example.com' }, 'two words');
    expect(spaced.body.code).toBe(10001);
    expect(cf.requests).toHaveLength(0);
  });

  it('looks a zone up by name with the token as a Bearer header, and answers Cloudflare\'s JSON as is', async () => {
    const r = await relay('zones', { name: 'Example.COM' });
    expect(r.body.code).toBe(200);
    expect(r.cfStatus).toBe('200');
    expect(r.body.data).toMatchObject({ success: true, errors: [], result: [{ id: zone.id, name: 'example.com', status: 'active' }], result_info: { total_count: 1 } });
    const seen = cf.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'GET', path: '/client/v4/zones', query: { name: 'example.com' }, authorization: `Bearer ${cf.token}` });
  });

  it('passes Cloudflare\'s authentication error through', async () => {
    const r = await relay('zones', { name: 'example.com' }, 'wrong-token');
    expect(r.body.code).toBe(200);
    expect(r.cfStatus).toBe('403');
    expect(r.body.data).toEqual({ success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
  });

  it('creates records and lists them; Cloudflare\'s validation errors come back with their codes', async () => {
    const a = await relay('create', { zoneId: zone.id, record: { type: 'A', name: 'www', content: '192.0.2.10', ttl: 1, proxied: true } });
    expect(a.body.data).toMatchObject({ success: true, result: { type: 'A', name: 'www.example.com', content: '192.0.2.10', proxied: true } });
    expect(cf.requests.at(-1)).toMatchObject({ method: 'POST', path: `/client/v4/zones/${zone.id}/dns_records`, body: { type: 'A', name: 'www', content: '192.0.2.10', ttl: 1, proxied: true } });

    const mx = await relay('create', { zoneId: zone.id, record: { type: 'MX', name: '@', content: 'mail.example.com', ttl: 3600, priority: 10 } });
    expect(mx.body.data).toMatchObject({ success: true, result: { type: 'MX', name: 'example.com', priority: 10 } });

    const dup = await relay('create', { zoneId: zone.id, record: { type: 'A', name: 'www', content: '192.0.2.10', ttl: 1 } });
    expect(dup.cfStatus).toBe('400');
    expect(dup.body.data).toMatchObject({ success: false, errors: [{ code: 81057, message: 'Record already exists.' }] });

    const bad = await relay('create', { zoneId: zone.id, record: { type: 'A', name: 'api', content: '300.1.1.1', ttl: 1 } });
    expect(bad.body.data?.errors[0]?.code).toBe(9005);

    const list = await relay('records', { zoneId: zone.id, perPage: 100 });
    expect(list.body.data).toMatchObject({ success: true, result_info: { total_count: 2 } });
    expect(cf.requests.at(-1)).toMatchObject({ method: 'GET', path: `/client/v4/zones/${zone.id}/dns_records`, query: { per_page: '100' } });
  });

  it('forwards only listed fields and only to the three calls: a zone id that is not 32 hex digits is refused', async () => {
    const before = cf.requests.length;
    const walk = await relay('records', { zoneId: '../accounts' });
    expect(walk.body.code).toBe(10001);
    const walk2 = await relay('create', { zoneId: `${zone.id}/../../user`, record: { type: 'A', name: 'x', content: '192.0.2.1', ttl: 1 } });
    expect(walk2.body.code).toBe(10001);
    const srv = await relay('create', { zoneId: zone.id, record: { type: 'SRV', name: 'x', content: 'y', ttl: 1 } });
    expect(srv.body.code).toBe(10001);
    expect(cf.requests.length).toBe(before);

    await relay('create', { zoneId: zone.id, record: { type: 'TXT', name: 'note', content: 'hello', ttl: 120, zone_id: 'other', id: 'x' } as object });
    expect(Object.keys(cf.requests.at(-1)!.body as object).sort()).toEqual(['content', 'name', 'ttl', 'type']);
  });

  it('says so in Cloudflare\'s shape when Cloudflare cannot be reached', async () => {
    const down = await startTestApp({ CF_API_BASE: 'http://127.0.0.1:9/client/v4' });
    try {
      const token = (await signUpByEmail(down.app)).token;
      const r = await down.app.inject({ method: 'POST', url: '/v1/tools/cfdns/zones', payload: { name: 'example.com' }, headers: { token, 'x-cf-token': 'abc' } });
      expect(r.json<Answer>()).toMatchObject({ code: 200, data: { success: false, errors: [{ code: -1 }] } });
      expect(r.headers['x-cloudflare-status']).toBe('502');
    } finally {
      await down.close();
    }
  });

  it('never writes the token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The plugin alone, behind a logger that prints request headers, as a careless serializer might.
    const app = Fastify({ logger: { level: 'trace', stream, serializers: { req: (req: { headers: unknown; url: string }) => ({ url: req.url, headers: req.headers }) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', loadConfig({ CF_API_BASE: cf.base }));
    await app.register(cfdnsRoutes);
    const secret = cf.token;
    const r = await app.inject({ method: 'POST', url: '/v1/tools/cfdns/zones', payload: { name: 'example.com' }, headers: { 'x-cf-token': secret } });
    expect(r.json<Answer>().data?.success).toBe(true);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/v1/tools/cfdns/zones');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(secret);
  });
});
