import http from 'node:http';
import { approverBase, emailDnsTxtHost } from '@cc/domain/dcv';
import { DnsLookupError, type DnsLookup } from '../../adapters/dns/resolver.ts';
import type { Said } from '../../lib/app-error.ts';
import type { Config } from '../../config.ts';
import { internalAddress } from '../tls-report/target.ts';
import { instructionsFor, type DcvRow } from './values.ts';

export type CheckResult = { ok: true } | { ok: false; said: Said; /** email_dns: the TXT record is in place, the mail may go. */ emailReady?: boolean };

export interface CheckDeps {
  dns: DnsLookup;
  httpPort: number;
  /** REPORT_ALLOW_PRIVATE (tests only): the file may be fetched from a private or loopback address. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** What a check needs, from the app's settings as they are now. */
export const checkDepsOf = (ctx: { dns: DnsLookup; config: Pick<Config, 'DCV_HTTP_PORT' | 'REPORT_ALLOW_PRIVATE'> }): CheckDeps => ({
  dns: ctx.dns,
  httpPort: ctx.config.DCV_HTTP_PORT,
  allowPrivate: ctx.config.REPORT_ALLOW_PRIVATE === 'on',
});

const no = (key: Said['key'], params: Record<string, string | number>): CheckResult => ({ ok: false, said: { key, params } });

async function dnsStep<T>(host: string, f: () => Promise<T>): Promise<T | CheckResult> {
  try {
    return await f();
  } catch (e) {
    const reason = e instanceof DnsLookupError ? e.reason : String(e);
    return no('orders.dcv.dnsError', { host, error: reason });
  }
}
const isResult = (v: unknown): v is CheckResult => typeof v === 'object' && v !== null && 'ok' in v;

/**
 * One GET with the name in Host, to the address DNS gave and the caller checked (an IP literal: no lookup of its own,
 * so nothing can answer differently between check and connect); redirects are not followed (BR 3.2.2.4.18).
 */
function fetchFile(ip: string, host: string, port: number, path: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: ip, port, path, headers: { host: port === 80 ? host : `${host}:${port}`, 'user-agent': 'CertHub-DCV/1.0' }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        // The file is a line or two; a big answer is not ours to read.
        if (size > 65536) req.destroy(new Error('response too large'));
        else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** email_dns: a TXT record holds exactly the address (letter case aside), nothing more, nothing less. */
const holdsAddress = (records: string[], email: string) => records.some((t) => t.trim().toLowerCase() === email.trim().toLowerCase());

/** Whether the TXT record at `host` holds the address now, through the configured resolver; a failed lookup is a no. */
export async function emailDnsPublished(dns: DnsLookup, host: string, email: string): Promise<boolean> {
  try {
    return holdsAddress(await dns.txt(host), email);
  } catch {
    return false;
  }
}

/**
 * Checks one name against the world: DNS through the configured resolver, the file over HTTP at the name's
 * address. The e-mail methods pass only by the approval link; here email_dns learns whether its TXT record is up.
 */
export async function checkDomain(row: DcvRow, deps: CheckDeps): Promise<CheckResult> {
  const ins = instructionsFor(row, deps.httpPort);
  const timeoutMs = deps.timeoutMs ?? 5000;
  switch (ins.method) {
    case 'dns': {
      const got = await dnsStep(ins.host, () => deps.dns.cname(ins.host));
      if (isResult(got)) return got;
      if (!got.length) return no('orders.dcv.noRecord', { type: 'CNAME', host: ins.host });
      return got.includes(ins.value.toLowerCase()) ? { ok: true } : no('orders.dcv.wrongRecord', { type: 'CNAME', host: ins.host });
    }
    case 'dns_txt': {
      const got = await dnsStep(ins.host, () => deps.dns.txt(ins.host));
      if (isResult(got)) return got;
      if (!got.length) return no('orders.dcv.noRecord', { type: 'TXT', host: ins.host });
      return got.some((t) => t.trim() === ins.value) ? { ok: true } : no('orders.dcv.wrongRecord', { type: 'TXT', host: ins.host });
    }
    case 'file': {
      const host = approverBase(row.domain);
      // IPv4 first, as before; the AAAA records are looked up too, since an internal one refuses the name as well.
      const ips = await dnsStep(host, async () => [...(await deps.dns.a(host)), ...(await deps.dns.aaaa(host))]);
      if (isResult(ips)) return ips;
      const ip = ips[0];
      if (!ip) return no('orders.dcv.noRecord', { type: 'A/AAAA', host });
      // The rule of the TLS report and discovery: a customer may not make the server fetch from inside its network.
      const inside = deps.allowPrivate ? undefined : internalAddress(ips);
      if (inside) return no('orders.dcv.privateAddress', { host, ip: inside });
      try {
        const r = await fetchFile(ip, host, deps.httpPort, ins.path, timeoutMs);
        if (r.status !== 200) return no('orders.dcv.fileStatus', { url: ins.url, status: r.status });
        return r.body.trim() === ins.content || r.body.split(/\r?\n/).some((l) => l.trim() === ins.content) ? { ok: true } : no('orders.dcv.fileContent', { url: ins.url });
      } catch (e) {
        return no('orders.dcv.fileError', { url: ins.url, error: e instanceof Error ? e.message : String(e) });
      }
    }
    case 'email':
      return no('orders.dcv.awaitingApproval', { email: ins.email });
    case 'email_dns': {
      const host = emailDnsTxtHost(row.domain);
      const got = await dnsStep(host, () => deps.dns.txt(host));
      if (isResult(got)) return got;
      if (!holdsAddress(got, row.email)) return no('orders.dcv.emailDnsMissing', { host, email: row.email });
      return { ok: false, said: { key: 'orders.dcv.awaitingApproval', params: { email: row.email } }, emailReady: true };
    }
  }
}
