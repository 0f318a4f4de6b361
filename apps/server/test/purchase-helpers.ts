import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { App } from '../src/app.ts';
import { createSession } from '../src/plugins/auth.ts';

/** An account of its own (no sign-in flow needed here) and a session token for it. */
export async function newAccount(app: App, balance = 0): Promise<{ id: number; token: string }> {
  const tag = randomBytes(6).toString('hex');
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO accounts (account_no, root_uuid, email, password_hash, balance) VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
    [`T${tag}`, randomUUID(), `${tag}@example.com`, balance],
  );
  const token = await createSession(app.db, row!.id, '127.0.0.1', 'vitest');
  return { id: row!.id, token };
}

/** A signed-in client: inject with the token, JSON or form body, language by header. */
export function client(app: App, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, opts: { lang?: 'zh' | 'en'; form?: boolean } = {}) => {
    const headers: Record<string, string> = { token, authorization: token };
    if (opts.lang) headers.lang = opts.lang;
    let body: string | object | undefined = payload;
    if (payload && opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();
    }
    const r = await app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
    return { status: r.statusCode, body: r.json() as { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
  };
  return {
    get: (url: string, opts?: { lang?: 'zh' | 'en' }) => call('GET', url, undefined, opts),
    post: (url: string, payload: object, opts?: { lang?: 'zh' | 'en'; form?: boolean }) => call('POST', url, payload, opts),
    put: (url: string, payload: object, opts?: { lang?: 'zh' | 'en'; form?: boolean }) => call('PUT', url, payload, opts),
    del: (url: string, opts?: { lang?: 'zh' | 'en' }) => call('DELETE', url, undefined, opts),
  };
}

export const validContact = { lastname: '张', firstname: '三', position: '运维', email: 'zhang.san@example.com', telephone: '13912345678' };
export const validOrganization = {
  orgName: '示例科技有限公司', creditCode: '91110000123456789X', nationCode: 'CN', province: '北京市', city: '北京市',
  postalCode: '100000', address: '北京市海淀区中关村大街1号', telephone: '010-12345678',
};

x509.cryptoProvider.set(globalThis.crypto);
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
let sharedKeys: Promise<CryptoKeyPair> | undefined;
/** One RSA 2048 pair for every test CSR: generating one costs ~150 ms. */
export const testKeys = () => (sharedKeys ??= globalThis.crypto.subtle.generateKey(rsa, true, ['sign', 'verify']) as Promise<CryptoKeyPair>);

/** A real PEM certificate request for the names, signed by the shared key. */
export async function makeCsr(commonName: string, keys?: CryptoKeyPair): Promise<string> {
  const k = keys ?? (await testKeys());
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${commonName}, C=SG`, keys: k, signingAlgorithm: rsa });
  return csr.toString('pem');
}

export async function pkcs8Pem(keys: CryptoKeyPair): Promise<string> {
  const der = await globalThis.crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN PRIVATE KEY-----\n${b64.trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

export interface TestProduct {
  productNo: string; productType: string; brand: string; subBrand: string; certType: string;
  maxYear?: number; pricePerYear?: number; extraDomainPrice?: number; free?: boolean; brandName?: string;
}

/** Adds catalogue products a test needs (the seeded catalogue is not this test's to rely on). */
export async function addProducts(app: App, products: TestProduct[]): Promise<void> {
  for (const p of products) {
    await app.db.query(
      `INSERT INTO products (product_no, product_name, product_type, brand, brand_name, sub_brand, cert_type, max_year, chinese_name, english_name,
         price_per_year, extra_domain_price, free, sort)
       VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $1, $1, $8, $9, $10, 100) ON CONFLICT (product_no) DO NOTHING`,
      [p.productNo, p.productType, p.brand, p.brandName ?? p.brand, p.subBrand, p.certType, p.maxYear ?? 3, p.pricePerYear ?? 10000, p.extraDomainPrice ?? 0, p.free ?? false],
    );
  }
}

const ec = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
let sharedEcKeys: Promise<CryptoKeyPair> | undefined;
/** A P-256 pair: signing hundreds of batch CSRs with it is quick. */
export const testEcKeys = () => (sharedEcKeys ??= globalThis.crypto.subtle.generateKey(ec, true, ['sign', 'verify']) as Promise<CryptoKeyPair>);
export async function makeEcCsr(commonName: string): Promise<string> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${commonName}`, keys: await testEcKeys(), signingAlgorithm: ec });
  return csr.toString('pem');
}

/** The catalogue the purchase tests order from; the seeded one is the lead's to change. */
export const testProducts = {
  dv: { productNo: 'T-DV', productType: 'ssl', brand: 'globalsign', subBrand: 'alphassl', certType: 'DV', pricePerYear: 39900 },
  flex: { productNo: 'T-FLEX', productType: 'flex', brand: 'sectigo', subBrand: 'sectigo', certType: 'DV', pricePerYear: 20000, extraDomainPrice: 5000 },
  wild: { productNo: 'T-WILD', productType: 'wild', brand: 'certum', subBrand: 'certum', certType: 'DV', pricePerYear: 99900 },
  ov: { productNo: 'T-OV', productType: 'ov', brand: 'globalsign', subBrand: 'globalsign', certType: 'OV', pricePerYear: 150000, maxYear: 2 },
  ev: { productNo: 'T-EV', productType: 'ev', brand: 'digicert', subBrand: 'digicert', certType: 'EV', pricePerYear: 300000 },
  ip: { productNo: 'T-IP', productType: 'ip_single', brand: 'sectigo', subBrand: 'sectigo', certType: 'DV', pricePerYear: 80000 },
  free: { productNo: 'T-FREE', productType: 'ssl', brand: 'letsencrypt', subBrand: 'letsencrypt', certType: 'DV', pricePerYear: 0, maxYear: 0, free: true },
  code: { productNo: 'T-CODE', productType: 'code', brand: 'certum', subBrand: 'certum', certType: 'CODE', pricePerYear: 200000 },
  hidden: { productNo: 'T-KS', productType: 'ssl', brand: 'globalsign', subBrand: 'globalsign_ks', certType: 'DV', pricePerYear: 1000 },
} satisfies Record<string, TestProduct>;
