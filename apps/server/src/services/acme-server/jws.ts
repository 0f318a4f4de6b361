import { createHash, createHmac, createPublicKey, timingSafeEqual, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { findTextFault } from '../../plugins/input-guard.ts';

/**
 * JSON Web Signatures as ACME sends them (RFC 8555 §6.2, flattened JSON serialization, RFC 7515), verified with
 * Node's own crypto: RS256, ES256, ES384 and EdDSA; HS256/384/512 only for External Account Binding (§7.3.4).
 */

export type Jwk = JsonWebKey & { kty: string };

export interface FlatJws {
  protected: string;
  payload: string;
  signature: string;
}

export interface JwsHeader {
  alg: string;
  nonce?: string;
  url?: string;
  jwk?: Jwk;
  kid?: string;
}

/** A request the server refuses before it reads the payload: type of RFC 8555 §6.7 and a message key. */
export class JwsError extends Error {
  constructor(
    readonly type: 'malformed' | 'badSignatureAlgorithm' | 'unauthorized',
    readonly key: 'acme.p.malformed' | 'acme.p.badSignatureAlgorithm' | 'acme.p.badSignature',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

export const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const fromB64u = (s: string) => Buffer.from(s, 'base64url');
const isB64u = (s: string) => /^[A-Za-z0-9_-]*$/.test(s);

export function decodeJson<T>(part: string, what: string): T {
  if (!isB64u(part)) throw new JwsError('malformed', 'acme.p.malformed', { reason: `${what} is not base64url` });
  let value: unknown;
  try {
    value = JSON.parse(fromB64u(part).toString('utf8'));
  } catch {
    throw new JwsError('malformed', 'acme.p.malformed', { reason: `${what} is not JSON` });
  }
  // The input guard sees only the base64url text: the decoded JSON gets the same text check as any body.
  const fault = findTextFault(value);
  if (fault) throw new JwsError('malformed', 'acme.p.malformed', { reason: `${what} has a NUL or unpaired surrogate at ${fault.path || 'its top'}` });
  return value as T;
}

export function headerOf(jws: FlatJws): JwsHeader {
  const h = decodeJson<JwsHeader>(jws.protected, 'protected header');
  if (typeof h !== 'object' || h === null || typeof h.alg !== 'string') throw new JwsError('malformed', 'acme.p.malformed', { reason: 'the protected header has no alg' });
  return h;
}

/** The payload: {} for POST-as-GET's empty payload means "" (RFC 8555 §6.3), answered as null. */
export function payloadOf<T>(jws: FlatJws): T | null {
  if (jws.payload === '') return null;
  return decodeJson<T>(jws.payload, 'payload');
}

const algs: Record<string, { hash: string | null; kty: string; crv?: string; p1363?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  ES256: { hash: 'sha256', kty: 'EC', crv: 'P-256', p1363: true },
  ES384: { hash: 'sha384', kty: 'EC', crv: 'P-384', p1363: true },
  EdDSA: { hash: null, kty: 'OKP', crv: 'Ed25519' },
};

export function publicKeyOf(jwk: Jwk): KeyObject {
  if (typeof jwk !== 'object' || jwk === null || 'd' in jwk) throw new JwsError('malformed', 'acme.p.malformed', { reason: 'jwk is not a public key' });
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    throw new JwsError('malformed', 'acme.p.malformed', { reason: 'jwk is not a valid key' });
  }
}

/** Verifies the signature of `jws` with `jwk` under the header's alg; throws JwsError when it does not hold. */
export function verifyJws(jws: FlatJws, header: JwsHeader, jwk: Jwk): void {
  const alg = algs[header.alg];
  if (!alg) throw new JwsError('badSignatureAlgorithm', 'acme.p.badSignatureAlgorithm', { alg: header.alg });
  if (jwk.kty !== alg.kty || (alg.crv && jwk.crv !== alg.crv)) throw new JwsError('badSignatureAlgorithm', 'acme.p.badSignatureAlgorithm', { alg: header.alg });
  const key = publicKeyOf(jwk);
  if (alg.kty === 'RSA' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new JwsError('badSignatureAlgorithm', 'acme.p.badSignatureAlgorithm', { alg: `${header.alg} < 2048` });
  if (!isB64u(jws.signature)) throw new JwsError('malformed', 'acme.p.malformed', { reason: 'signature is not base64url' });
  const data = Buffer.from(`${jws.protected}.${jws.payload}`);
  const ok = verify(alg.hash, data, alg.p1363 ? { key, dsaEncoding: 'ieee-p1363' } : key, fromB64u(jws.signature));
  if (!ok) throw new JwsError('unauthorized', 'acme.p.badSignature');
}

/** RFC 7638 thumbprint: SHA-256 of the required members in lexicographic order, base64url. */
export function thumbprint(jwk: Jwk): string {
  const required: Record<string, string[]> = { RSA: ['e', 'kty', 'n'], EC: ['crv', 'kty', 'x', 'y'], OKP: ['crv', 'kty', 'x'] };
  const names = required[jwk.kty];
  if (!names) throw new JwsError('badSignatureAlgorithm', 'acme.p.badSignatureAlgorithm', { alg: jwk.kty });
  const rec = jwk as Record<string, unknown>;
  const json = `{${names.map((n) => `"${n}":${JSON.stringify(rec[n])}`).join(',')}}`;
  return b64u(createHash('sha256').update(json).digest());
}

/** The EAB's MAC (RFC 8555 §7.3.4) with the HMAC key; true when it matches. */
export function eabMacValid(eab: FlatJws, alg: string, hmacKey: Buffer): boolean {
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  if (!hash || !isB64u(eab.signature)) return false;
  const mac = createHmac(hash, hmacKey).update(`${eab.protected}.${eab.payload}`).digest();
  const got = fromB64u(eab.signature);
  return got.length === mac.length && timingSafeEqual(got, mac);
}

/** The key authorization of a challenge (RFC 8555 §8.1) and its DNS-01 digest (§8.4). */
export const keyAuthorization = (token: string, accountThumbprint: string) => `${token}.${accountThumbprint}`;
export const dnsDigest = (keyAuth: string) => b64u(createHash('sha256').update(keyAuth).digest());
