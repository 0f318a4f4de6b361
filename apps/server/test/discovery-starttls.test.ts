import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, Target, TargetsAdded } from '@cc/contracts/discovery';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { expandTargets } from '../src/services/discovery/scanner.ts';

/**
 * STARTTLS and IPv6 targets: loopback servers that speak the real greeting and upgrade of SMTP (RFC 3207), IMAP
 * (RFC 3501) and POP3 (RFC 2595), one that refuses the upgrade, and an HTTPS server on [::1]; the scanner records
 * the certificate each serves after the upgrade. Loopback is refused unless the test switch allows private addresses.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'starttls-'));
const file = (name: string) => path.join(dir, name);
let key = '';
let cert = '';

type Protocol = 'smtp' | 'imap' | 'pop3' | 'smtp-refuses';
/** What each connection of each server heard, line by line. */
const heard: Record<string, string[][]> = {};
const servers: net.Server[] = [];

/** A mail server on loopback: its greeting, its answers, and TLS on the same socket once STARTTLS is accepted. */
async function mailServer(protocol: Protocol, address = '127.0.0.1'): Promise<number> {
  heard[protocol] = [];
  const server = net.createServer((socket) => {
    const say = (s: string) => socket.write(s);
    const lines: string[] = [];
    heard[protocol]!.push(lines);
    let buffer = '';
    const greetings: Record<Protocol, string> = {
      smtp: '220 mail.example ESMTP ready\r\n',
      'smtp-refuses': '220 mail.example ESMTP ready\r\n',
      imap: '* OK [CAPABILITY IMAP4rev1 STARTTLS LOGINDISABLED] ready\r\n',
      pop3: '+OK POP3 ready\r\n',
    };
    say(greetings[protocol]);
    const onData = (d: Buffer) => {
      buffer += d.toString('latin1');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        lines.push(line);
        const upgrade = (reply: string) => {
          socket.off('data', onData);
          say(reply);
          const secure = new tls.TLSSocket(socket, { isServer: true, key, cert });
          secure.on('error', () => socket.destroy());
        };
        if (/^EHLO /i.test(line)) say('250-mail.example\r\n250-PIPELINING\r\n250-SIZE 10240000\r\n250 STARTTLS\r\n');
        else if (line === 'STARTTLS' && protocol === 'smtp') return upgrade('220 2.0.0 Ready to start TLS\r\n');
        else if (line === 'STARTTLS') say('454 4.7.0 TLS not available\r\n');
        else if (/^a1 STARTTLS$/i.test(line)) return upgrade('a1 OK Begin TLS negotiation now\r\n');
        else if (line === 'STLS') return upgrade('+OK Begin TLS negotiation\r\n');
        else say(protocol === 'imap' ? '* BAD\r\n' : protocol === 'pop3' ? '-ERR\r\n' : '500 unknown\r\n');
      }
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, address, r));
  return (server.address() as AddressInfo).port;
}

let t: TestApp;
let me: ReturnType<typeof client>;
const port: Record<string, number> = {};

beforeAll(async () => {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', file('k.pem'), '-out', file('c.pem'), '-days', '20', '-subj', '/CN=mail.example', '-addext', 'subjectAltName=DNS:mail.example,IP:127.0.0.1,IP:::1'], { stdio: 'ignore' });
  [key, cert] = [readFileSync(file('k.pem'), 'utf8'), readFileSync(file('c.pem'), 'utf8')];
  writeFileSync(file('trust.pem'), cert);
  for (const p of ['smtp', 'imap', 'pop3'] as const) port[p] = await mailServer(p);
  port['smtp-refuses'] = await mailServer('smtp-refuses', '127.0.0.2');
  const v6 = https.createServer({ key, cert }, (_q, r) => r.end('ok'));
  servers.push(v6);
  await new Promise<void>((r) => v6.listen(0, '::1', r));
  port.v6 = (v6.address() as AddressInfo).port;
  t = await startTestApp({ REPORT_ALLOW_PRIVATE: 'on', REPORT_EXTRA_CA_FILE: file('trust.pem') });
  me = client(t.app, (await newAccount(t.app)).token);
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

type EndpointRow = { host: string; port: number; state: string; protocol: string; error: string; subject: string | null };
const endpoints = () =>
  t.app.db.query<EndpointRow>(`SELECT e.host, e.port, e.state, e.protocol, e.error, c.subject FROM discovery_endpoints e LEFT JOIN discovery_certs c ON c.id = e.cert_id ORDER BY e.port`);

describe('STARTTLS and IPv6 targets', () => {
  it('upgrades SMTP, IMAP and POP3 with STARTTLS and records the certificate served after it; a refused upgrade is unreachable', async () => {
    const r = await me.post('/v1/discovery/targets', {
      lines: [`smtp://127.0.0.1:${port.smtp}`, `imap://127.0.0.1:${port.imap}`, `pop3://127.0.0.1:${port.pop3}`, `smtp://127.0.0.2:${port['smtp-refuses']}`, `[::1]:${port.v6}`],
    });
    expect(r.body.data).toEqual({ added: 3, skipped: [] } satisfies TargetsAdded);
    const targets = ((await me.get('/v1/discovery/targets')).body.data as { items: Target[] }).items;
    // One target per address; each port keeps the protocol its line named.
    expect(targets.map((x) => [x.value, x.kind, x.ports, x.starttls])).toEqual([
      ['127.0.0.1', 'ip', [port.smtp, port.imap, port.pop3], { [port.smtp!]: 'smtp', [port.imap!]: 'imap', [port.pop3!]: 'pop3' }],
      ['127.0.0.2', 'ip', [port['smtp-refuses']], { [port['smtp-refuses']!]: 'smtp' }],
      ['::1', 'ip', [port.v6], {}],
    ]);
    const [profile] = ((await me.get('/v1/discovery/profiles')).body.data as { items: Profile[] }).items;
    await me.post(`/v1/discovery/profiles/${profile!.id}/scan`, {});
    await drainAll(t.app);

    const seen = Object.fromEntries((await endpoints()).map((e) => [e.port, e]));
    for (const p of ['smtp', 'imap', 'pop3', 'v6'] as const) {
      expect(seen[port[p]!], p).toMatchObject({ state: 'ok', protocol: 'TLSv1.3', subject: 'CN=mail.example' });
    }
    expect(seen[port['smtp-refuses']!]).toMatchObject({ state: 'unreachable', subject: null });
    expect(seen[port['smtp-refuses']!]!.error).toContain('454');
    // Every connection held the real dialogue before its handshake: EHLO then STARTTLS, the tagged IMAP command, STLS.
    const dialogues = (p: Protocol) => [...new Set(heard[p]!.map((l) => l.join(' / ')))];
    expect(dialogues('smtp')).toEqual(['EHLO certhub-scanner.invalid / STARTTLS']);
    expect(dialogues('imap')).toEqual(['a1 STARTTLS']);
    expect(dialogues('pop3')).toEqual(['STLS']);
    expect(dialogues('smtp-refuses')).toEqual(['EHLO certhub-scanner.invalid / STARTTLS']);
  });

  it('takes IPv6 ranges up to 256 addresses, and refuses loopback and private addresses without the test switch', async () => {
    const wide = await me.post('/v1/discovery/targets', { lines: ['2001:db8::/119', '2001:db8::/120'] }, { lang: 'en' });
    expect(wide.body.data).toEqual({ added: 1, skipped: [{ line: '2001:db8::/119', msg: 'The range 2001:db8::/119 is too large: at most 256 addresses per range' }] });
    t.app.config.REPORT_ALLOW_PRIVATE = 'off';
    try {
      const r = await me.post('/v1/discovery/targets', { lines: ['[::1]:8443', '::1/128', 'fd00::/120', '2606:4700::/126', 'smtp://[2606:4700::6810:84e5]'] }, { lang: 'en' });
      const added = r.body.data as TargetsAdded;
      expect(added.skipped.map((x) => x.line)).toEqual(['[::1]:8443', '::1/128', 'fd00::/120']);
      expect(added.skipped[0]!.msg).toContain('::1');
      expect(added.added).toBe(2);
      const targets = ((await me.get('/v1/discovery/targets')).body.data as { items: Target[] }).items;
      expect(targets.filter((x) => x.value.startsWith('2606')).map((x) => [x.value, x.kind, x.ports, x.starttls])).toEqual([
        ['2606:4700::/126', 'cidr', [443], {}],
        ['2606:4700::6810:84e5', 'ip', [25], { 25: 'smtp' }],
      ]);
      // The range's endpoints: each address of it on its ports (expanded here, never scanned: they are public addresses).
      const [x] = await t.app.db.query<{ profile_id: number }>(`SELECT profile_id FROM discovery_targets WHERE value = '2606:4700::/126'`);
      await t.app.db.tx((q) => expandTargets(q, x!.profile_id));
      const rows = await t.app.db.query<{ host: string }>(`SELECT e.host FROM discovery_endpoints e JOIN discovery_targets x ON x.id = e.target_id WHERE x.value = '2606:4700::/126' ORDER BY e.id`);
      expect(rows.map((x) => x.host)).toEqual(['2606:4700::', '2606:4700::1', '2606:4700::2', '2606:4700::3']);
    } finally {
      t.app.config.REPORT_ALLOW_PRIVATE = 'on';
      await t.app.db.query(`DELETE FROM discovery_targets WHERE value LIKE '2606:%'`);
    }
  });
});
