import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { racePostgresUrl, startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { powerdnsConfig } from '../src/adapters/dns/powerdns.ts';
import { freePort, startDnsWorld, type DnsWorld } from './dns-helpers.ts';

/**
 * The scale path: PowerDNS (Debian's pdns-server with pdns-backend-pgsql) started on the test PostgreSQL schema
 * serves the zones from the product's own tables. The same questions asked with dig of it and of the built-in
 * server get the same answers, for a zone edited through the API, and an edit is served by both at once. A zone still
 * pending (its control not proven) is answered by neither.
 */

const run = promisify(execFile);
let t: TestApp;
let world: DnsWorld;
let builtIn: AuthoritativeDns;
let pdns: ChildProcess;
let pdnsPort = 0;
let api: ReturnType<typeof client>;
const zone = 'pdns-compare.example';
const pendingZone = 'pdns-pending.example';

async function dig(port: number, name: string, type: string) {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(port), name, type, '+norecurse', '+time=5', '+tries=1', '+nocmd', '+nostats', '+noedns']);
  const status = /status: (\w+)/.exec(stdout)?.[1] ?? '';
  const aa = /flags: [a-z ]*\baa\b/.test(stdout);
  const section = (title: string) =>
    (new RegExp(`;; ${title} SECTION:\\n([\\s\\S]*?)(?:\\n\\n|$)`).exec(stdout)?.[1] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\s+/).join(' ').toLowerCase())
      .sort();
  return { status, aa, answer: section('ANSWER'), authority: section('AUTHORITY') };
}

async function serial() {
  return ((await api.get(`/dm-serv/v1/dns/zones/${zone}/records`)).body.data as { zone: { serial: number } }).zone.serial;
}

beforeAll(async () => {
  world = await startDnsWorld();
  t = await startTestApp(world.env, { postgres: true });
  builtIn = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(builtIn.port);
  world.delegate(zone);
  api = client(t.app, (await newAccount(t.app)).token);
  expect(((await api.post('/dm-serv/v1/dns/zones', { zone })).body.data as { status: string }).status).toBe('active');
  // Claimed, never proven: its records are kept but served by no server.
  expect(((await api.post('/dm-serv/v1/dns/zones', { zone: pendingZone })).body.data as { status: string }).status).toBe('pending');
  const p = (await api.get(`/dm-serv/v1/dns/zones/${pendingZone}/records`)).body.data as { zone: { serial: number } };
  await api.post('/dm-serv/v1/domains/records', { zone: pendingZone, baseSerial: p.zone.serial, records: [{ host: 'www', type: 'A', value: '203.0.113.66', ttl: 300 }] });
  const r = await api.post('/dm-serv/v1/domains/records', {
    zone,
    baseSerial: await serial(),
    records: [
      { host: '@', type: 'A', value: '192.0.2.1', ttl: 300 },
      { host: '@', type: 'AAAA', value: '2001:db8::1', ttl: 300 },
      { host: '@', type: 'MX', value: 'mail.pdns-compare.example', prio: 10, ttl: 300 },
      { host: '@', type: 'TXT', value: 'v=spf1 -all', ttl: 300 },
      { host: '@', type: 'CAA', value: '0 issue "ca.certhub.local"', ttl: 300 },
      { host: 'mail', type: 'A', value: '192.0.2.25', ttl: 300 },
      { host: 'www', type: 'CNAME', value: 'pdns-compare.example', ttl: 300 },
      { host: '_sip._tcp', type: 'SRV', value: '5 5060 sip.pdns-compare.example', prio: 10, ttl: 300 },
      { host: 'long', type: 'TXT', value: 'l'.repeat(300), ttl: 300 },
      { host: '*.apps', type: 'A', value: '192.0.2.80', ttl: 300 },
      { host: 'a.b.deep', type: 'A', value: '192.0.2.9', ttl: 300 },
      { host: 'sub', type: 'NS', value: 'ns1.sub.pdns-compare.example', ttl: 300 },
      { host: 'ns1.sub', type: 'A', value: '192.0.2.53', ttl: 300 },
    ],
  });
  expect(r.body.msg).toBe('success');

  const url = new URL(racePostgresUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-pdns-'));
  pdnsPort = await freePort();
  const conf = await powerdnsConfig({
    db: { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) || undefined, dbname: url.pathname.slice(1) },
    schema: t.config.DATABASE_SCHEMA,
    localAddress: '127.0.0.1',
    localPort: pdnsPort,
    socketDir: dir,
  });
  writeFileSync(path.join(dir, 'pdns.conf'), conf);
  pdns = spawn('pdns_server', [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Ready when it says so (it logs on stderr), or failed when it exits first.
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (b: Buffer) => {
      log += b.toString();
      if (/ready to distribute questions/.test(log)) resolve();
    };
    pdns.stderr!.on('data', onData);
    pdns.stdout!.on('data', onData);
    pdns.once('exit', (code) => reject(new Error(`pdns_server exited ${code}: ${log}`)));
  });
});

afterAll(async () => {
  if (pdns && pdns.exitCode === null) {
    const exited = new Promise((r) => pdns.once('exit', r));
    pdns.kill('SIGTERM');
    await exited;
  }
  await builtIn?.close();
  await t?.close();
  await world?.close();
});

const questions: [string, string][] = [
  [zone, 'SOA'],
  [zone, 'NS'],
  [zone, 'A'],
  [zone, 'AAAA'],
  [zone, 'MX'],
  [zone, 'TXT'],
  [zone, 'CAA'],
  [`_sip._tcp.${zone}`, 'SRV'],
  [`long.${zone}`, 'TXT'],
  [`www.${zone}`, 'A'],
  [`WWW.${zone.toUpperCase()}`, 'CNAME'],
  [`x.apps.${zone}`, 'A'],
  [`mail.${zone}`, 'AAAA'],
  [`nothing.${zone}`, 'A'],
  [`b.deep.${zone}`, 'A'],
  [`host.sub.${zone}`, 'A'],
];

describe('PowerDNS on the same tables', () => {
  it('answers every question as the built-in server does', async () => {
    for (const [name, type] of questions) {
      const [ours, theirs] = await Promise.all([dig(builtIn.port, name, type), dig(pdnsPort, name, type)]);
      expect(ours.status, `${name} ${type}`).toBe(theirs.status);
      expect(ours.aa, `${name} ${type} aa`).toBe(theirs.aa);
      expect(ours.answer, `${name} ${type}`).toEqual(theirs.answer);
      // Negative answers and referrals carry the same SOA or NS.
      if (!ours.answer.length) expect(ours.authority, `${name} ${type} authority`).toEqual(theirs.authority);
    }
  });

  it('serves an edit made through the API at once, with the new serial, as the built-in server does', async () => {
    const r = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: await serial(), records: [{ host: 'fresh', type: 'A', value: '203.0.113.7', ttl: 60 }] });
    expect(r.body.code).toBe(200);
    for (const port of [builtIn.port, pdnsPort]) {
      expect((await dig(port, `fresh.${zone}`, 'A')).answer).toEqual([`fresh.${zone}. 60 in a 203.0.113.7`]);
      expect((await dig(port, zone, 'SOA')).answer[0]?.split(' ')[6]).toBe(String(await serial()));
    }
    expect((await dig(pdnsPort, 'not-hosted.example', 'A')).status).toBe('REFUSED');
  });

  it('answers nothing of a pending zone, as the built-in server does', async () => {
    for (const port of [builtIn.port, pdnsPort]) {
      for (const [name, type] of [[pendingZone, 'SOA'], [`www.${pendingZone}`, 'A']] as const) {
        const d = await dig(port, name, type);
        expect([port === pdnsPort ? 'pdns' : 'built-in', name, d.status, d.answer]).toEqual([port === pdnsPort ? 'pdns' : 'built-in', name, 'REFUSED', []]);
      }
    }
  });
});
