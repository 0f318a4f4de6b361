/**
 * Answers over 1 kB are compressed for clients that take it (a phone on a slow network waits for bytes): brotli
 * first, gzip otherwise, plain for a client that asks for neither; small answers stay plain. The console's files and
 * page, compressed ahead, are not compressed twice (console-page.test.ts).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, newAccount, testProducts } from './purchase-helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await addProducts(t.app, Object.values(testProducts));
  token = (await newAccount(t.app)).token;
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compressed answers', () => {
  it('sends the catalogue brotli-compressed to a browser, the same JSON a plain client gets, several times smaller', async () => {
    const plain = await get('/v1/products?limit=1000&offset=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/v1/products?limit=1000&offset=1', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length * 3).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('uses gzip for a client that takes only gzip', async () => {
    const gz = await get('/v1/products?limit=1000&offset=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toMatchObject({ code: 200 });
  });

  it('leaves a small answer plain', async () => {
    const r = await get('/v1/exRate', 'br');
    expect(r.rawPayload.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 200 });
  });
});
