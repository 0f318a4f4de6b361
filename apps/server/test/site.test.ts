import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('site configuration', () => {
  it('answers /frontConf with the seeded settings in the envelope', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/frontConf' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(200);
    expect(body.data.frontConf.map((s: { setting: string }) => s.setting)).toContain('xGlobalsignBrands');
  });

  it('merges a host override over the defaults', async () => {
    await t.app.db.query(`INSERT INTO site_config (host, config) VALUES ('shop.example', '{"siteName":"Shop","currency":{"symbol":"$","unit":"USD","exRate":0.14}}')`);
    const r = await t.app.inject({ method: 'GET', url: '/siteConfig', headers: { host: 'shop.example:8080' } });
    expect(r.json().data).toMatchObject({ siteName: 'Shop', defaultLocal: 'zh', currency: { symbol: '$', unit: 'USD' } });
    const other = await t.app.inject({ method: 'GET', url: '/siteConfig', headers: { host: 'localhost' } });
    expect(other.json().data.siteName).toBe('CertHub');
  });

  it('answers a title per language', async () => {
    await t.app.db.query(`INSERT INTO site_config (host, config) VALUES ('titles.example', '{"siteName":"Shop","titles":{"en":"Shop certificates"}}')`);
    const r = await t.app.inject({ method: 'GET', url: '/siteConfig', headers: { host: 'titles.example' } });
    expect(r.json().data).toMatchObject({ title: 'CertHub 证书控制台', titles: { en: 'Shop certificates' } });
    const plain = await t.app.inject({ method: 'GET', url: '/siteConfig', headers: { host: 'localhost' } });
    expect(plain.json().data.titles).toEqual({});
  });

  it('gives display rates with CNY at 1', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/exRate' });
    expect(r.json().data.currencies).toContainEqual({ currency: 'CNY', rate: 1, symbol: '￥' });
  });

  it('answers unknown API paths with a 404 envelope in the caller language', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/nothing-here?x=1', headers: { lang: 'en' } });
    expect(r.json()).toEqual({ code: 404, data: null, msg: 'No such call: GET /v1/nothing-here' });
    const r2 = await t.app.inject({ method: 'GET', url: '/nothing-here', headers: { 'accept-language': 'en-US' } });
    expect(r2.statusCode).toBe(404);
    expect(r2.json()).toEqual({ code: 404, data: null, msg: 'No such call: GET /nothing-here' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/nothing-here' })).json().msg).toBe('接口不存在：GET /v1/nothing-here');
  });

  it('publishes OpenAPI', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(r.json().paths['/frontConf']).toBeDefined();
  });

  it('answers an unexpected failure with HTTP 500, the translated message, and nothing of the inside', async () => {
    const broken = await startTestApp();
    try {
      // A failing query stands in for any bug: the SQL error must stay in the log.
      await broken.app.db.query(`ALTER TABLE exchange_rates RENAME TO exchange_rates_gone`);
      const r = await broken.app.inject({ method: 'GET', url: '/v1/exRate' });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ code: 500, data: null, msg: '服务器内部错误！' });
      const en = await broken.app.inject({ method: 'GET', url: '/v1/exRate', headers: { lang: 'en' } });
      expect(en.json()).toEqual({ code: 500, data: null, msg: 'Internal server error!' });
      expect(en.body).not.toMatch(/exchange_rates|relation|stack|\.ts:/i);
    } finally {
      await broken.close();
    }
  });

  it('answers /healthz and lets the console read a refreshed token header', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.json()).toEqual({ status: 'ok', database: 'up' });
    expect(r.headers['access-control-expose-headers']).toBe('authorization');
  });
});
