import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from '../src/lib/secret-box.ts';

describe('secret box', () => {
  it('generates one key file (0600) that every instance on the data folder shares', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-key-'));
    const sealed = secretBox({ DATA_DIR: dir, MASTER_KEY: undefined }).seal('JBSWY3DPEHPK3PXP');
    expect(statSync(path.join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    // A second instance pointing at the same folder (relative path spelled differently) opens it.
    expect(secretBox({ DATA_DIR: `${dir}/.`, MASTER_KEY: undefined }).open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('uses MASTER_KEY when given, and refuses tampered data', () => {
    const key = randomBytes(32).toString('base64');
    const box = secretBox({ DATA_DIR: '/nonexistent', MASTER_KEY: key });
    const sealed = box.seal('secret');
    expect(box.open(sealed)).toBe('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => secretBox({ DATA_DIR: '/nonexistent', MASTER_KEY: randomBytes(32).toString('base64') }).open(sealed)).toThrow();
    expect(() => secretBox({ DATA_DIR: '/x', MASTER_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });
});
