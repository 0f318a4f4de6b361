import { createHmac, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { App } from '../src/app.ts';

/** How a test reaches the server: a POST of a JWS to a path, a HEAD for a nonce. */
export interface AcmeTransport {
  post(path: string, body: unknown): Promise<{ status: number; headers: Record<string, unknown>; json: Record<string, unknown>; body: string }>;
  nonce(productNo: string): Promise<string>;
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');

type AccountAlg = 'ES256' | 'ES384' | 'RS256';
const keyFor = (alg: AccountAlg) =>
  alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: alg === 'ES384' ? 'P-384' : 'P-256' });

/** A small ACME client of the tests' own (account keys by node:crypto, ES256 unless told), able to send what a real client never would. */
export class AcmeTestClient {
  readonly key: ReturnType<typeof keyFor>;
  jwk: JsonWebKey;
  kid = '';
  /** base: the server's public address, read when used (a test may learn it after making its clients). */
  constructor(readonly base: () => string, readonly productNo: string, readonly transport: AcmeTransport, readonly alg: AccountAlg = 'ES256') {
    this.key = keyFor(alg);
    this.jwk = this.key.publicKey.export({ format: 'jwk' });
  }
  url = (p: string) => `${this.base()}/acme/${this.productNo}/${p}`;
  nonce = () => this.transport.nonce(this.productNo);
  async jws(url: string, payload: unknown, o: { nonce?: string; useJwk?: boolean; key?: KeyObject; jwk?: JsonWebKey; kid?: string } = {}) {
    const header = { alg: this.alg, nonce: o.nonce ?? (await this.nonce()), url, ...(o.useJwk ? { jwk: o.jwk ?? this.jwk } : { kid: o.kid ?? this.kid }) };
    const prot = b64(JSON.stringify(header));
    const pay = payload === '' ? '' : b64(JSON.stringify(payload));
    const data = Buffer.from(`${prot}.${pay}`);
    const key = o.key ?? this.key.privateKey;
    const signature = (this.alg === 'RS256' ? sign('sha256', data, key) : sign(this.alg === 'ES384' ? 'sha384' : 'sha256', data, { key, dsaEncoding: 'ieee-p1363' })).toString('base64url');
    return { protected: prot, payload: pay, signature };
  }
  send = (url: string, body: unknown) => this.transport.post(new URL(url).pathname, body);
  async post(path: string, payload: unknown, o: Parameters<AcmeTestClient['jws']>[2] = {}) {
    const url = /^https?:\/\//.test(path) ? path : this.url(path);
    return this.send(url, await this.jws(url, payload, o));
  }
  eab(kid: string, hmac: string, url = this.url('new-account')) {
    const prot = b64(JSON.stringify({ alg: 'HS256', kid, url }));
    const pay = b64(JSON.stringify(this.jwk));
    return { protected: prot, payload: pay, signature: createHmac('sha256', Buffer.from(hmac, 'base64url')).update(`${prot}.${pay}`).digest('base64url') };
  }
  async register(kid: string, hmac: string) {
    const r = await this.post('new-account', { termsOfServiceAgreed: true, externalAccountBinding: this.eab(kid, hmac) }, { useJwk: true });
    if (r.status !== 201) throw new Error(`new-account: ${r.status} ${r.body}`);
    this.kid = String(r.headers.location);
    return r;
  }
}

/** Over HTTP with fetch (a running server: e2e, bench). */
export function fetchTransport(origin: string): AcmeTransport {
  return {
    async post(path, body) {
      const r = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/jose+json', 'accept-language': 'en' }, body: JSON.stringify(body) });
      const text = await r.text();
      return { status: r.status, headers: Object.fromEntries(r.headers), json: r.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {}, body: text };
    },
    async nonce(productNo) {
      const r = await fetch(`${origin}/acme/${productNo}/new-nonce`, { method: 'HEAD' });
      return r.headers.get('replay-nonce') ?? '';
    },
  };
}

/** Through app.inject, in English (API tests: no socket). */
export function injectTransport(app: () => App): AcmeTransport {
  return {
    async post(path, body) {
      const r = await app().inject({ method: 'POST', url: path, headers: { 'content-type': 'application/jose+json', 'accept-language': 'en' }, payload: JSON.stringify(body) });
      const json = r.headers['content-type']?.toString().includes('json') ? (r.json() as Record<string, unknown>) : {};
      return { status: r.statusCode, headers: r.headers as Record<string, unknown>, json, body: r.body };
    },
    async nonce(productNo) {
      return String((await app().inject({ method: 'HEAD', url: `/acme/${productNo}/new-nonce` })).headers['replay-nonce']);
    },
  };
}
