import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Seals small secrets (TOTP seeds, private keys) at rest with AES-256-GCM. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const version = 'v1';
const boxes = new Map<string, SecretBox>();

/**
 * The key comes from MASTER_KEY (base64, 32 bytes) or from `${DATA_DIR}/master.key`, generated once.
 * Never a key kept only in memory: a second instance, or the next start, must open what this one sealed.
 */
export function secretBox(config: Pick<Config, 'MASTER_KEY' | 'DATA_DIR'>): SecretBox {
  const id = config.MASTER_KEY ? `env:${config.MASTER_KEY}` : `file:${path.resolve(config.DATA_DIR, 'master.key')}`;
  let box = boxes.get(id);
  if (!box) {
    box = makeBox(loadKey(config));
    boxes.set(id, box);
  }
  return box;
}

function loadKey(config: Pick<Config, 'MASTER_KEY' | 'DATA_DIR'>): Buffer {
  if (config.MASTER_KEY) return checkKey(Buffer.from(config.MASTER_KEY, 'base64'), 'MASTER_KEY');
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
