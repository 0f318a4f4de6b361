import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The operator area's secret: OPERATOR_SECRET, or `${DATA_DIR}/operator.secret` generated once (read it there to
 * sign in to /operator). Nobody reaches the area without it, so a fresh install is safe by default.
 */
export function operatorSecret(config: Pick<Config, 'OPERATOR_SECRET' | 'DATA_DIR'> & Partial<Pick<Config, 'NODE_ENV' | 'DATABASE_URL'>>): Buffer {
  if (config.OPERATOR_SECRET) return Buffer.from(config.OPERATOR_SECRET, 'utf8');
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) throw new Error('OPERATOR_SECRET is required with DATABASE_URL and NODE_ENV=production');
  const file = path.resolve(config.DATA_DIR, 'operator.secret');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(24).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** Constant-time comparison of what the caller sent with the secret. */
export function isOperatorSecret(secret: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const g = Buffer.from(given, 'utf8');
  return g.length === secret.length && timingSafeEqual(g, secret);
}
