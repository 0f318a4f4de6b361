import dgram from 'node:dgram';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as packet from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { newAccount } from './purchase-helpers.ts';
import { RateLimiter, sourceNetwork, startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { hostZone } from '../src/services/dns/zones.ts';
import { dnsListenHost, loadConfig } from '../src/config.ts';

/**
 * The plain start must not hand the network an open UDP reflector: the DNS server listens on loopback unless in
 * production (or told), and over UDP it limits answers per source network (RRL), slipping some out truncated so a
 * real client retries over TCP, which is never limited.
 */

let t: TestApp;
let dns: AuthoritativeDns;
const zone = 'rrl-test.example';
const run = promisify(execFile);

beforeAll(async () => {
  t = await startTestApp();
  const a = await newAccount(t.app);
  // Registered here, so live at once (a pending zone is answered REFUSED).
  await t.app.db.tx((tx) => hostZone(tx, { accountId: a.id, name: zone }));
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0, rrl: { responsesPerSecond: 5, slip: 2 } });
});

afterAll(async () => {
  await dns?.close();
  await t?.close();
});

describe('where the DNS server listens', () => {
  it('listens on loopback outside production, on every address in production, nowhere with DNS_HOST=off', () => {
    expect(dnsListenHost(loadConfig({}))).toBe('127.0.0.1');
    expect(dnsListenHost(loadConfig({ NODE_ENV: 'production' }))).toBe('0.0.0.0');
    expect(dnsListenHost(loadConfig({ DNS_HOST: '192.0.2.53' }))).toBe('192.0.2.53');
    expect(dnsListenHost(loadConfig({ DNS_HOST: 'off' }))).toBeNull();
    expect(loadConfig({}).DNS_RRL).toBe(200);
  });
});

describe('response-rate limiting', () => {
  it('counts per source network (IPv4 /24, IPv6 /56) and per second, slipping every second answer over the limit', () => {
    expect(sourceNetwork('198.51.100.7')).toBe('198.51.100');
    expect(sourceNetwork('::ffff:198.51.100.7')).toBe('198.51.100');
    expect(sourceNetwork('2001:db8:1:2345::1')).toBe(sourceNetwork('2001:db8:1:23ff:ffff::9'));
    expect(sourceNetwork('2001:db8:1:2345::1')).not.toBe(sourceNetwork('2001:db8:1:2445::1'));
    let now = 1_000_000;
    const l = new RateLimiter({ responsesPerSecond: 3, slip: 2 }, () => now);
    const burst = Array.from({ length: 8 }, () => l.decide('203.0.113.9'));
    expect(burst).toEqual(['send', 'send', 'send', 'drop', 'slip', 'drop', 'slip', 'drop']);
    // Another network has its own count; the next second starts afresh.
    expect(l.decide('203.0.114.9')).toBe('send');
    now += 1000;
    expect(l.decide('203.0.113.200')).toBe('send');
  });

  it('answers a burst over UDP only up to the limit (the rest dropped or truncated), and TCP answers still', async () => {
    const sock = dgram.createSocket('udp4');
    const replies: packet.DecodedPacket[] = [];
    const sent = 30;
    const enough = new Promise<void>((resolve) => {
      sock.on('message', (m) => {
        replies.push(packet.decode(m));
        // 5 answers, then every second of the 25 over the limit truncated: 17 replies in one second.
        if (replies.length >= 17) resolve();
      });
    });
    await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
    const query = (id: number) => packet.encode({ type: 'query', id, flags: packet.RECURSION_DESIRED, questions: [{ type: 'SOA', name: zone }] });
    for (let i = 1; i <= sent; i++) sock.send(query(i), dns.port, '127.0.0.1');
    await enough;
    sock.close();
    const full = replies.filter((r) => !((r.flags ?? 0) & packet.TRUNCATED_RESPONSE));
    const cut = replies.filter((r) => (r.flags ?? 0) & packet.TRUNCATED_RESPONSE);
    // A burst that straddles a second boundary gets a second allowance: at most twice the limit.
    expect(full.length).toBeGreaterThanOrEqual(5);
    expect(full.length).toBeLessThanOrEqual(10);
    expect(full.every((r) => r.answers?.[0]?.type === 'SOA')).toBe(true);
    expect(cut.every((r) => !r.answers?.length && r.questions?.[0]?.name === zone)).toBe(true);
    expect(replies.length).toBeLessThan(sent);
    // Over TCP the source address is proven: no limit.
    for (let i = 0; i < 3; i++) {
      const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(dns.port), zone, 'SOA', '+tcp', '+short', '+time=5', '+tries=1']);
      expect(stdout).toMatch(/^ns1\.certhub\.local\. hostmaster\.certhub\.local\. \d+/);
    }
  });
});
