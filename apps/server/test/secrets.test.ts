import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@cc/db/client';
import { demoAccount } from '@cc/db/seed';
import { loadConfig, startupNotices } from '../src/config.ts';
import { openDatabase } from '../src/start.ts';
import { buildApp } from '../src/app.ts';
import { secretBox } from '../src/lib/secret-box.ts';
import { sandboxSecret } from '../src/adapters/payment/sandbox-secret.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { freshIp, sha256hex, uniqueEmail } from './session-helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.DATABASE_URL;
const newKey = () => randomBytes(32).toString('base64');
const tempDir = (tag: string) => mkdtempSync(path.join(tmpdir(), `cc-${tag}-`));

describe('with the default settings (no DEV_OUTBOX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEV_OUTBOX: '' });
  });
  afterAll(() => t.close());

  it('has no /dev/outbox, and no anonymous answer reveals the reset code mailed to someone else', async () => {
    const ip = freshIp();
    const sent = await t.app.inject({ method: 'GET', url: `/changePwdSendEmail?email=${encodeURIComponent(demoAccount.email)}`, remoteAddress: ip });
    expect(sent.json()).toMatchObject({ code: 200 });
    // The code exists (in the server's own table), so its absence below means something.
    const [mail] = await t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1`, [demoAccount.email]);
    const code = mail?.body.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);

    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(demoAccount.email)}`, remoteAddress: ip });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toEqual({ code: 404, data: null, msg: '接口不存在：GET /dev/outbox' });
    const asPage = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(demoAccount.email)}`, headers: { accept: 'text/html' } });
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(docs.json().paths as object)).not.toContain('/dev/outbox');
    for (const r of [sent, outbox, asPage, docs]) expect(r.body).not.toContain(code);

    // The owner of the address still resets the password with the code.
    const reset = await t.app.inject({ method: 'POST', url: '/changePwdByEmail', payload: { email: demoAccount.email, code, newPwd: sha256hex('Demo@2026') } });
    expect(reset.json()).toMatchObject({ code: 200 });
  });
});

describe('configuration refused in production', () => {
  const prod = { NODE_ENV: 'production' };
  const pg = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/certhub' };
  const keys = { MASTER_KEY: newKey(), PAYMENT_SANDBOX_SECRET: 'a-shared-sandbox-secret-0123', OPERATOR_SECRET: 'a-shared-operator-secret-0123' };
  const refusals: [string, Record<string, string>, RegExp][] = [
    ['DEV_OUTBOX=on', { ...prod, DEV_OUTBOX: 'on' }, /^ {2}DEV_OUTBOX: must be off with NODE_ENV=production/m],
    ['CAPTCHA=off', { ...prod, CAPTCHA: 'off' }, /^ {2}CAPTCHA: must be on with NODE_ENV=production/m],
    ['REPORT_ALLOW_PRIVATE=on', { ...prod, REPORT_ALLOW_PRIVATE: 'on' }, /^ {2}REPORT_ALLOW_PRIVATE: must be off with NODE_ENV=production/m],
    ['IP_RATE_LIMIT=off', { ...prod, IP_RATE_LIMIT: 'off' }, /^ {2}IP_RATE_LIMIT: must be on with NODE_ENV=production/m],
    ['DATABASE_URL without MASTER_KEY', { ...prod, ...pg, PAYMENT_SANDBOX_SECRET: keys.PAYMENT_SANDBOX_SECRET, OPERATOR_SECRET: keys.OPERATOR_SECRET }, /^ {2}MASTER_KEY: is required with DATABASE_URL and NODE_ENV=production/m],
    ['DATABASE_URL without PAYMENT_SANDBOX_SECRET', { ...prod, ...pg, MASTER_KEY: keys.MASTER_KEY, OPERATOR_SECRET: keys.OPERATOR_SECRET }, /^ {2}PAYMENT_SANDBOX_SECRET: is required with DATABASE_URL and NODE_ENV=production/m],
    ['DATABASE_URL without OPERATOR_SECRET', { ...prod, ...pg, MASTER_KEY: keys.MASTER_KEY, PAYMENT_SANDBOX_SECRET: keys.PAYMENT_SANDBOX_SECRET }, /^ {2}OPERATOR_SECRET: is required with DATABASE_URL and NODE_ENV=production/m],
  ];
  it.each(refusals)('%s', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once, a malformed variable included', () => {
    let text = '';
    try {
      loadConfig({ ...prod, ...pg, DEV_OUTBOX: 'on', CAPTCHA: 'off', REPORT_ALLOW_PRIVATE: 'on', PORT: 'eighty' });
    } catch (e) {
      text = String(e);
    }
    for (const name of ['PORT', 'DEV_OUTBOX', 'CAPTCHA', 'REPORT_ALLOW_PRIVATE', 'MASTER_KEY', 'PAYMENT_SANDBOX_SECRET', 'OPERATOR_SECRET']) expect(text).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
  });

  it('accepts the same switches outside production, and production with shared keys or the embedded database', () => {
    expect(loadConfig({ DEV_OUTBOX: 'on', CAPTCHA: 'off', REPORT_ALLOW_PRIVATE: 'on', ...pg })).toMatchObject({ NODE_ENV: 'development', DEV_OUTBOX: 'on' });
    expect(loadConfig({ ...prod, ...pg, ...keys })).toMatchObject({ NODE_ENV: 'production', DEV_OUTBOX: 'off', CAPTCHA: 'on' });
    expect(loadConfig(prod)).toMatchObject({ NODE_ENV: 'production', DEV_OUTBOX: 'off' });
  });

  it('refuses a MASTER_KEY that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ MASTER_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/^ {2}MASTER_KEY: must be 32 bytes in base64/m);
  });

  it('never generates a host-local key or secret for a shared production database', () => {
    const dir = tempDir('keys');
    const shared = { NODE_ENV: 'production', DATABASE_URL: pg.DATABASE_URL, DATA_DIR: dir } as const;
    expect(() => secretBox({ ...shared, MASTER_KEY: undefined })).toThrow(/MASTER_KEY is required/);
    expect(() => sandboxSecret({ ...shared, PAYMENT_SANDBOX_SECRET: undefined })).toThrow(/PAYMENT_SANDBOX_SECRET is required/);
    expect(existsSync(path.join(dir, 'master.key'))).toBe(false);
    expect(existsSync(path.join(dir, 'payment-sandbox.secret'))).toBe(false);
  });

  it('warns at start about DEV_OUTBOX=on and CAPTCHA=off, and tells a developer where codes go', () => {
    const on = startupNotices(loadConfig({ DEV_OUTBOX: 'on', CAPTCHA: 'off' }));
    expect(on.warnings).toEqual([expect.stringMatching(/^CAPTCHA=off\./), expect.stringMatching(/^DEV_OUTBOX=on\. GET \/dev\/outbox shows every code/)]);
    expect(startupNotices(loadConfig({}))).toEqual({ warnings: [], info: [expect.stringMatching(/codes and links are printed to this log/)] });
    const reachable = { NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' };
    expect(startupNotices(loadConfig({ ...reachable, SMTP_URL: 'smtp://mail.example.com:587' }))).toEqual({ warnings: [], info: [] });
    expect(startupNotices(loadConfig(reachable)).warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set: verification codes and links are recorded but reach nobody/)]);
  });

  it('warns in production without PUBLIC_URL: mail links, CA URLs and the ACME directory would name localhost', () => {
    const { warnings } = startupNotices(loadConfig({ NODE_ENV: 'production', PORT: '8443', SMTP_URL: 'smtp://mail.example.com:587' }));
    expect(warnings).toEqual([expect.stringMatching(/^PUBLIC_URL is not set: .*ACME directory name http:\/\/localhost:8443,/)]);
  });
});

describe('master key fingerprint', () => {
  it('refuses to start on a database first started with another master key', async () => {
    const dataDir = tempDir('fingerprint');
    const schema = pgUrl ? `t_fp_${randomBytes(5).toString('hex')}` : undefined;
    // On disk (not in memory), or a schema of its own: the second start must see what the first one wrote.
    const start = async (masterKey: string) => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', JOBS: 'off', MASTER_KEY: masterKey, DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema });
      const db = await openDatabase(config);
      try {
        const app = await buildApp({ config, db });
        await app.close();
      } catch (e) {
        await db.close();
        throw e;
      }
    };
    try {
      const first = newKey();
      await start(first);
      await expect(start(newKey())).rejects.toThrow(/^MASTER_KEY is not the master key this database was first started with, so it cannot open the private keys and 2FA secrets/);
      await expect(start(first)).resolves.toBeUndefined();
    } finally {
      if (pgUrl && schema) {
        const admin = await createDb({ url: pgUrl });
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.close();
      }
    }
  });
});

describe('mail delivered by SMTP', () => {
  let t: TestApp;
  let sink: MailSink;
  const received = () => sink.received.map((m) => m.toString('utf8'));
  beforeAll(async () => {
    sink = await startMailSink();
    t = await startTestApp({ DEV_OUTBOX: '', SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('reaches the mailbox, and the outbox keeps only that it was sent (no code, no text)', async () => {
    const email = uniqueEmail('smtp');
    const ip = freshIp();
    // In English the mail is plain ASCII on the wire: the code can be read without a MIME decoder.
    const asked = await t.app.inject({ method: 'GET', url: `/signupCode?email=${encodeURIComponent(email)}`, headers: { lang: 'en' }, remoteAddress: ip });
    expect(asked.json()).toMatchObject({ code: 200 });
    const mail = received().find((m) => m.includes(email));
    const code = mail?.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.app.db.query<{ subject: string; body: string; sent_at: Date | null }>(`SELECT subject, body, sent_at FROM outbox WHERE to_addr = $1`, [email]);
    expect(rows).toEqual([{ subject: '', body: '', sent_at: expect.any(Date) }]);
    // The mailed code signs the user up.
    const r = await t.app.inject({ method: 'POST', url: '/signup', remoteAddress: ip, payload: { email, password: sha256hex('Secret#2026'), code } });
    expect(r.json()).toMatchObject({ code: 200 });
  });
});

describe('a newcomer on a fresh machine (npm start: development, no mail server)', () => {
  let child: ChildProcess | undefined;
  const schema = pgUrl ? `t_dev_${randomBytes(5).toString('hex')}` : undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    if (pgUrl && schema) {
      const admin = await createDb({ url: pgUrl });
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.close();
    }
  });

  it('signs up with the code printed to the server log, while /dev/outbox does not exist', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      // The README's start: no NODE_ENV, no DEV_OUTBOX, no SMTP_URL, no CAPTCHA switch.
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir('newcomer'), WEB_DIST: '/nonexistent', JOBS: 'off',
        ...(pgUrl && schema ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let stderr = '';
    proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const waiters: { test: (msg: string) => boolean; resolve: (msg: string) => void }[] = [];
    const seen: string[] = [];
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const msg = line.startsWith('{') ? ((JSON.parse(line) as { msg?: string }).msg ?? '') : line;
      seen.push(msg);
      for (const w of waiters.splice(0)) {
        if (w.test(msg)) w.resolve(msg);
        else waiters.push(w);
      }
    });
    const exited = once(proc, 'exit').then(([code]) => {
      throw new Error(`server exited with ${String(code)}: ${stderr}`);
    });
    const logLine = (test: (msg: string) => boolean) =>
      Promise.race([exited, new Promise<string>((resolve) => (seen.some(test) ? resolve(seen.find(test)!) : waiters.push({ test, resolve })))]);

    const listening = await logLine((m) => m.startsWith('Server listening at http://127.0.0.1:'));
    const base = listening.match(/http:\/\/127\.0\.0\.1:\d+/)![0];
    expect(seen.some((m) => m.includes('verification codes and links are printed to this log'))).toBe(true);
    expect(stderr).not.toMatch(/WARNING/);

    expect((await fetch(`${base}/dev/outbox?to=${encodeURIComponent(demoAccount.email)}`)).status).toBe(404);
    const email = uniqueEmail('newcomer');
    const sent = (await (await fetch(`${base}/signupCode?email=${encodeURIComponent(email)}`)).json()) as { code: number };
    expect(sent.code).toBe(200);
    const printed = await logLine((m) => m.startsWith(`mail to ${email} (not sent: development): `));
    const code = printed.match(/\b\d{6}\b/)![0];
    const signup = await fetch(`${base}/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: sha256hex('Secret#2026'), code }) });
    expect(((await signup.json()) as { code: number }).code).toBe(200);
    expect(signup.headers.get('authorization')).toBeTruthy();
  }, 120_000); // a whole server starting as a child process, on a machine shared with other test files

  it('does not start in production with DEV_OUTBOX=on, and says why', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DEV_OUTBOX: 'on', CAPTCHA: 'off', PORT: '0', DATA_DIR: tempDir('refused') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = await once(proc, 'exit');
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Bad configuration:\n {2}DEV_OUTBOX: must be off with NODE_ENV=production[^\n]*\n {2}CAPTCHA: must be on/);
  }, 60_000);
});
