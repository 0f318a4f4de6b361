import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key the sandbox gateway signs its callbacks with: PAYMENT_SANDBOX_SECRET, or `${DATA_DIR}/payment-sandbox.secret`
 * generated once (as the master key is). Kept apart from the master key so it can be rotated or shared with an
 * out-of-process sandbox without exposing the key that seals private keys.
 */
export function sandboxSecret(config: Pick<Config, 'PAYMENT_SANDBOX_SECRET' | 'DATA_DIR'> & Partial<Pick<Config, 'NODE_ENV' | 'DATABASE_URL'>>): Buffer {
  if (config.PAYMENT_SANDBOX_SECRET) return Buffer.from(config.PAYMENT_SANDBOX_SECRET, 'utf8');
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    // A generated secret is this host's alone: callbacks signed for another server on the same database would fail.
    throw new Error('PAYMENT_SANDBOX_SECRET is required with DATABASE_URL and NODE_ENV=production');
  }
  const file = path.resolve(config.DATA_DIR, 'payment-sandbox.secret');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two instances starting together keep the first secret written.
    writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}
