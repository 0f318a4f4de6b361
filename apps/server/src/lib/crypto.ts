import * as nodeCrypto from 'node:crypto';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// Every signed-in call hashes its token: crypto.hash (Node 20.12+) does it in one call, about 3x faster than a Hash object.
const oneShot = typeof nodeCrypto.hash === 'function' ? nodeCrypto.hash : undefined;
export const sha256 = oneShot ? (v: string) => oneShot('sha256', v, 'hex') : (v: string) => createHash('sha256').update(v).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
