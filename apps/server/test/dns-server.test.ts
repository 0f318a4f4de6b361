import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';

/**
 * The built-in authoritative DNS server, asked with dig (Debian's bind9-dnsutils) as any resolver would ask it:
 * every record type, NXDOMAIN/NODATA with the SOA, wildcards, TXT over 255 bytes, truncation and TCP, zones not
 * hosted refused, and a change or a rollback made through the API answered by the very next query.
 */

const run = promisify(execFile);
let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;
let api: ReturnType<typeof client>;
const zone = 'dig-test.example';

/** dig's answer: status, flags and the sections as dig prints them (one record a line, +nocmd +nostats). */
async function dig(name: string, type: string, ...opts: string[]) {
  const { stdout } = await run('dig', [`@127.0.0.1`, '-p', String(dns.port), name, type, '+norecurse', '+time=5', '+tries=1', '+nocmd', '+nostats', ...opts]);
  const status = /status: (\w+)/.exec(stdout)?.[1] ?? '';
  const flags = /flags: ([a-z ]+);/.exec(stdout)?.[1]?.split(' ') ?? [];
  const section = (title: string) => {
    const m = new RegExp(`;; ${title} SECTION:\\n([\\s\\S]*?)(?:\\n\\n|$)`).exec(stdout);
    return m ? m[1]!.split('\n').filter(Boolean).map((l) => l.split(/\s+/)) : [];
  };
  return { stdout, status, flags, answer: section('ANSWER'), authority: section('AUTHORITY'), additional: section('ADDITIONAL') };
}

const short = async (name: string, type: string, ...opts: string[]) =>
  (await run('dig', [`@127.0.0.1`, '-p', String(dns.port), name, type, '+short', '+time=5', '+tries=1', ...opts])).stdout.trim().split('\n').filter(Boolean).sort();

async function serial() {
  const r = await api.get(`/dm-serv/v1/dns/zones/${zone}/records`);
  return (r.body.data as { zone: { serial: number } }).zone.serial;
}

async function save(records: object[]) {
  const r = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: await serial(), records });
  expect(r.body.msg).toBe('success');
  return r.body.data as { serial: number; changeId: number };
}

beforeAll(async () => {
  // The zone is delegated to our nameservers, so it is live once added (a pending one answers nothing: dns-claims.test.ts).
  world = await startDnsWorld();
  t = await startTestApp(world.env);
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  world.delegate(zone);
  const a = await newAccount(t.app);
  api = client(t.app, a.token);
  const added = await api.post('/dm-serv/v1/dns/zones', { zone });
  expect([added.body.code, (added.body.data as { status: string }).status]).toEqual([200, 'active']);
  const longTxt = 'v=long;' + 'x'.repeat(600);
  await save([
    { host: '@', type: 'A', value: '192.0.2.1', ttl: 300 },
    { host: '@', type: 'AAAA', value: '2001:db8::1', ttl: 300 },
    { host: '@', type: 'MX', value: 'mail.dig-test.example', prio: 10, ttl: 300 },
    { host: '@', type: 'TXT', value: 'v=spf1 include:_spf.example.net -all', ttl: 300 },
    { host: '@', type: 'CAA', value: '0 issue "ca.certhub.local"', ttl: 300 },
    { host: 'mail', type: 'A', value: '192.0.2.25', ttl: 300 },
    { host: 'www', type: 'CNAME', value: 'dig-test.example', ttl: 300 },
    { host: '_sip._tcp', type: 'SRV', value: '5 5060 sip.dig-test.example', prio: 10, ttl: 300 },
    { host: 'long', type: 'TXT', value: longTxt, ttl: 300 },
    { host: '*.apps', type: 'A', value: '192.0.2.80', ttl: 300 },
    { host: 'a.b.deep', type: 'A', value: '192.0.2.9', ttl: 300 },
    { host: 'sub', type: 'NS', value: 'ns1.sub.dig-test.example', ttl: 300 },
    { host: 'ns1.sub', type: 'A', value: '192.0.2.53', ttl: 300 },
    ...Array.from({ length: 25 }, (_, i) => ({ host: 'many', type: 'A', value: `198.51.100.${i + 1}`, ttl: 300 })),
    ...Array.from({ length: 60 }, (_, i) => ({ host: 'lots', type: 'A', value: `198.51.100.${i + 1}`, ttl: 300 })),
    ...Array.from({ length: 8 }, (_, i) => ({ host: `n${i}`, type: 'NS', value: `ns${i}.provider-with-a-long-name.example`, ttl: 300 })),
  ]);
});

afterAll(async () => {
  await dns.close();
  await t.close();
  await world.close();
});

describe('authoritative DNS server (dig)', () => {
  it('answers SOA and NS at the apex with the aa flag, the serial being the zone\'s', async () => {
    const soa = await dig(zone, 'SOA');
    expect(soa.status).toBe('NOERROR');
    expect(soa.flags).toContain('aa');
    expect(soa.answer[0]?.[3]).toBe('SOA');
    expect(Number(soa.answer[0]?.[6])).toBe(await serial());
    expect(await short(zone, 'NS')).toEqual(['ns1.certhub.local.', 'ns2.certhub.local.']);
  });

  it('answers every record type as entered', async () => {
    expect(await short(zone, 'A')).toEqual(['192.0.2.1']);
    expect(await short(zone, 'AAAA')).toEqual(['2001:db8::1']);
    expect(await short(zone, 'MX')).toEqual(['10 mail.dig-test.example.']);
    expect(await short(zone, 'TXT')).toEqual(['"v=spf1 include:_spf.example.net -all"']);
    expect(await short(zone, 'CAA')).toEqual(['0 issue "ca.certhub.local"']);
    expect(await short(`_sip._tcp.${zone}`, 'SRV')).toEqual(['10 5 5060 sip.dig-test.example.']);
    // A CNAME, followed inside the zone.
    const www = await dig(`www.${zone}`, 'A');
    expect(www.answer.map((r) => [r[3], r[4]])).toEqual([['CNAME', 'dig-test.example.'], ['A', '192.0.2.1']]);
  });

  it('matches names whatever their case, answering in the case asked', async () => {
    const r = await dig('WwW.Dig-Test.EXAMPLE', 'A');
    expect(r.status).toBe('NOERROR');
    expect(r.answer[0]?.[0]).toBe('WwW.Dig-Test.EXAMPLE.');
  });

  it('says NXDOMAIN for a name that does not exist and NODATA for a type it lacks, both with the SOA', async () => {
    const nx = await dig(`nothing.${zone}`, 'A');
    expect(nx.status).toBe('NXDOMAIN');
    expect(nx.flags).toContain('aa');
    expect(nx.answer).toEqual([]);
    expect(nx.authority[0]?.[3]).toBe('SOA');
    const nodata = await dig(`mail.${zone}`, 'AAAA');
    expect(nodata.status).toBe('NOERROR');
    expect(nodata.answer).toEqual([]);
    expect(nodata.authority[0]?.[3]).toBe('SOA');
    // An empty non-terminal (deep has names below it) exists: NODATA, not NXDOMAIN.
    expect((await dig(`b.deep.${zone}`, 'A')).status).toBe('NOERROR');
  });

  it('synthesises wildcard answers for names under the wildcard, not for the encloser itself', async () => {
    const r = await dig(`anything.apps.${zone}`, 'A');
    expect(r.answer.map((x) => [x[0], x[4]])).toEqual([[`anything.apps.${zone}.`, '192.0.2.80']]);
    expect(await short(`x.y.apps.${zone}`, 'A')).toEqual(['192.0.2.80']);
    expect((await dig(`anything.apps.${zone}`, 'TXT')).status).toBe('NOERROR');
  });

  it('splits a TXT value over 255 bytes into strings that join back to it', async () => {
    const [line] = await short(`long.${zone}`, 'TXT');
    const strings = [...line!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
    expect(strings.length).toBe(3);
    expect(strings.every((s) => s.length <= 255)).toBe(true);
    expect(strings.join('')).toBe('v=long;' + 'x'.repeat(600));
  });

  it('refers a delegated name to its nameservers with glue, without aa', async () => {
    const r = await dig(`host.sub.${zone}`, 'A');
    expect(r.status).toBe('NOERROR');
    expect(r.flags).not.toContain('aa');
    expect(r.authority.map((x) => [x[3], x[4]])).toEqual([['NS', `ns1.sub.${zone}.`]]);
    expect(r.additional.filter((x) => x[3] === 'A').map((x) => x[4])).toEqual(['192.0.2.53']);
  });

  it('refuses names of zones it does not host', async () => {
    expect((await dig('example.org', 'A')).status).toBe('REFUSED');
  });

  it('truncates a large answer over UDP without EDNS0, and answers it whole over TCP (dig retries by itself)', async () => {
    const udp = await dig(`lots.${zone}`, 'A', '+noedns', '+ignore');
    expect(udp.flags).toContain('tc');
    expect(udp.answer).toEqual([]);
    const retried = await dig(`lots.${zone}`, 'A', '+noedns');
    expect(retried.answer.length).toBe(60);
    const tcp = await dig(`lots.${zone}`, 'A', '+tcp');
    expect(tcp.answer.length).toBe(60);
  });

  it('compresses names (RFC 1035 §4.1.4): 25 addresses fit one classic 512-byte UDP answer, read back right by dig', async () => {
    // Written in full, each record would repeat its 23-byte owner name: 25 × 37 bytes, over 512.
    const r = await dig(`many.${zone}`, 'A', '+noedns', '+ignore');
    expect(r.flags).not.toContain('tc');
    expect(r.answer.length).toBe(25);
    expect(r.answer.every((l) => l[0] === `many.${zone}.` && l[3] === 'A')).toBe(true);
    expect(r.answer.map((l) => l[4]).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `198.51.100.${i + 1}`).sort());
    const size = Number(/MSG SIZE\s+rcvd: (\d+)/.exec((await run('dig', ['@127.0.0.1', '-p', String(dns.port), `many.${zone}`, 'A', '+noedns', '+ignore'])).stdout)?.[1]);
    expect(size).toBeLessThanOrEqual(512);
    // Names inside the data are compressed too (NS targets, the SOA's MNAME and RNAME), and dig reads them back.
    expect(await short(`x.n3.${zone}`, 'A')).toEqual([]);
    const referral = await dig(`n3.${zone}`, 'NS', '+noedns');
    expect(referral.authority.map((l) => l[4]).sort()).toEqual([`ns3.provider-with-a-long-name.example.`]);
    const soa = await dig(zone, 'SOA', '+noedns');
    expect(soa.answer[0]?.slice(4, 6)).toEqual(['ns1.certhub.local.', 'hostmaster.certhub.local.']);
  });

  it('speaks EDNS0: advertises its buffer size and sends up to it over UDP', async () => {
    const r = await dig(`many.${zone}`, 'A', '+bufsize=1232', '+ignore');
    expect(r.stdout).toMatch(/EDNS: version: 0, flags:; udp: 1232/);
    expect(r.flags).not.toContain('tc');
    expect(r.answer.length).toBe(25);
    expect((await dig(zone, 'A', '+edns=1')).stdout).toMatch(/BADVERS/);
  });

  it('answers a change and a rollback made through the API at the very next query', async () => {
    const before = await save([{ host: 'live', type: 'A', value: '203.0.113.1', ttl: 60 }]);
    expect(await short(`live.${zone}`, 'A')).toEqual(['203.0.113.1']);
    const soaSerial = Number((await dig(zone, 'SOA')).answer[0]?.[6]);
    expect(soaSerial).toBe(before.serial);
    const records = (await api.get(`/dm-serv/v1/dns/zones/${zone}/records`)).body.data as { records: { id: number; host: string }[] };
    const live = records.records.find((r) => r.host === 'live')!;
    await save([{ id: live.id, host: 'live', type: 'A', value: '203.0.113.2', ttl: 60 }]);
    expect(await short(`live.${zone}`, 'A')).toEqual(['203.0.113.2']);
    // Paused: kept, not served.
    await save([{ id: live.id, host: 'live', type: 'A', value: '203.0.113.2', ttl: 60, disabled: true }]);
    expect((await dig(`live.${zone}`, 'A')).status).toBe('NXDOMAIN');
    const rb = await api.post(`/dm-serv/v1/dns/zones/${zone}/rollback`, { changeId: before.changeId, baseSerial: await serial() });
    expect(rb.body.code).toBe(200);
    expect(await short(`live.${zone}`, 'A')).toEqual(['203.0.113.1']);
    expect(Number((await dig(zone, 'SOA')).answer[0]?.[6])).toBe((rb.body.data as { serial: number }).serial);
  });
});
