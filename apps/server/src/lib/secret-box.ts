import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@cc/db/client';
import type { Config } from '../config.ts';
import type { Tables } from '@cc/db/schema.gen';

/** Seals small secrets (TOTP seeds, private keys) at rest with AES-256-GCM. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** A keyed digest (HMAC-SHA256 under a key derived for `label`): compares a low-entropy value, such as an identity number, without storing it. */
  digest(label: string, value: string): string;
}

const version = 'v1';
const boxes = new Map<string, SecretBox & { fingerprint: string }>();

type KeyConfig = Pick<Config, 'MASTER_KEY' | 'DATA_DIR'> & Partial<Pick<Config, 'NODE_ENV' | 'DATABASE_URL'>>;

/**
 * The key comes from MASTER_KEY (base64, 32 bytes) or from `${DATA_DIR}/master.key`, generated once.
 * Never a key kept only in memory: a second instance, or the next start, must open what this one sealed.
 */
export function secretBox(config: KeyConfig): SecretBox & { fingerprint: string } {
  const id = config.MASTER_KEY ? `env:${config.MASTER_KEY}` : `file:${path.resolve(config.DATA_DIR, 'master.key')}`;
  let box = boxes.get(id);
  if (!box) {
    const key = loadKey(config);
    box = { ...makeBox(key), fingerprint: createHmac('sha256', key).update('certhub master key fingerprint v1').digest('hex') };
    boxes.set(id, box);
  }
  return box;
}

/**
 * Refuses to start with a master key other than the one this database's secrets were sealed with: the first start
 * records the key's fingerprint (an HMAC under the key, which does not reveal it), every later one compares.
 * Without this check a wrong key only shows when a user's 2FA or a stored private key fails to open.
 */
export async function checkMasterKey(config: KeyConfig, db: Db): Promise<void> {
  const { fingerprint } = secretBox(config);
  await db.query(`INSERT INTO key_fingerprints (name, fingerprint) VALUES ('master', $1) ON CONFLICT (name) DO NOTHING`, [fingerprint]);
  const [row] = await db.query<Pick<Tables['key_fingerprints'], 'fingerprint'>>(`SELECT fingerprint FROM key_fingerprints WHERE name = 'master'`);
  if (row?.fingerprint !== fingerprint) {
    const source = config.MASTER_KEY ? 'MASTER_KEY' : `the key in ${path.resolve(config.DATA_DIR, 'master.key')}`;
    throw new Error(
      `${source} is not the master key this database was first started with, so it cannot open the private keys and 2FA secrets sealed there. ` +
        'Start with the original MASTER_KEY (or DATA_DIR/master.key).',
    );
  }
}

function loadKey(config: KeyConfig): Buffer {
  if (config.MASTER_KEY) return checkKey(Buffer.from(config.MASTER_KEY, 'base64'), 'MASTER_KEY');
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    // A generated key is this host's alone; another server on the same database could not open what it seals.
    throw new Error('MASTER_KEY is required with DATABASE_URL and NODE_ENV=production (openssl rand -base64 32)');
  }
  const file = path.resolve(config.DATA_DIR, 'master.key');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails when the file exists, so two instances starting together keep the first key written.
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return checkKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), file);
}

function checkKey(key: Buffer, where: string): Buffer {
  if (key.length !== 32) throw new Error(`${where} must hold 32 bytes in base64`);
  return key;
}

function makeBox(key: Buffer): SecretBox {
  return {
    digest(label, value) {
      const derived = createHmac('sha256', key).update(`digest:${label}`).digest();
      return createHmac('sha256', derived).update(value).digest('hex');
    },
    seal(plaintext) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
      return `${version}:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [v, data] = sealed.split(':');
      if (v !== version || !data) throw new Error('unknown sealed format');
      const raw = Buffer.from(data, 'base64');
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
