import { X509Certificate } from 'node:crypto';
import { tlsVersions, type ChainChecks, type CipherSuiteInfo, type HstsInfo, type ReportCertificate, type TlsVersion } from '@cc/contracts/tls-report';
import type { TlsReportMessageKey } from '@cc/contracts/tls-report-messages';
import { allSuitesCipherString, describeSuite, tls13Suites } from './ciphers.ts';
import { downloadIssuers, fetchAia } from './aia.ts';
import { checkChain, describeCertificate, trustAnchors } from './chain.ts';
import { chainAsSent, fetchHsts, probe, ScanBudget, type Endpoint, type ProbeOk, type ProbeResult } from './probe.ts';
import type { Resolve } from './target.ts';

export interface ScanLimits {
  maxConnections: number;
  deadlineMs: number;
  concurrency: number;
  timeoutMs: number;
}

export const defaultLimits: ScanLimits = { maxConnections: 150, deadlineMs: 60_000, concurrency: 8, timeoutMs: 3_000 };

export interface ScanFacts {
  protocols: Record<TlsVersion, boolean>;
  suites: { protocol: TlsVersion; suites: CipherSuiteInfo[] }[];
  certificates: ReportCertificate[];
  checks: ChainChecks | null;
  hsts: HstsInfo;
  ocspStapling: boolean;
  limits: { connections: number; durationMs: number; truncated: boolean };
}

export type ScanOutcome = { ok: true; facts: ScanFacts } | { ok: false; key: TlsReportMessageKey; params: Record<string, string | number> };

/** At most this many suites per protocol: no real server offers more, and it bounds a hostile one. */
const maxSuitesPerProtocol = 40;

export interface ScanOptions {
  extraCaFile?: string | undefined;
  /** REPORT_ALLOW_PRIVATE, for the AIA downloads (the endpoint itself was checked when the report was asked for). */
  allowPrivate?: boolean;
  resolve?: Resolve;
  limits?: ScanLimits;
  now?: () => Date;
}

/**
 * Scans one endpoint with real handshakes: which protocol versions complete, which suites each accepts, the
 * certificate chain as sent (and any issuer it lacks, downloaded over AIA), HSTS on GET /, and OCSP stapling.
 */
export async function scanTls(ep: Endpoint, opts: ScanOptions = {}): Promise<ScanOutcome> {
  const limits = opts.limits ?? defaultLimits;
  const budget = new ScanBudget(limits.maxConnections, limits.deadlineMs, limits.concurrency, limits.timeoutMs);
  const attempt = (version: TlsVersion, ciphers: string) => budget.run((t) => probe(ep, version, ciphers, t));

  // 1. Which versions complete a handshake when everything this build can speak is offered.
  const first = await Promise.all(tlsVersions.map((v) => attempt(v, v === 'TLSv1.3' ? tls13Suites.join(':') : allSuitesCipherString)));
  const okProbes = first.filter((r): r is ProbeOk => !!r?.ok);
  if (!okProbes.length) {
    const fails = first.filter((r): r is Extract<ProbeResult, { ok: false }> => !!r && !r.ok);
    if (fails.length && fails.every((f) => !f.tcp)) return { ok: false, key: 'tls.fail.connect', params: { host: ep.host, port: ep.port, error: fails[0]!.error } };
    return { ok: false, key: 'tls.fail.noTls', params: { host: ep.host, port: ep.port } };
  }
  const protocols = Object.fromEntries(tlsVersions.map((v, i) => [v, !!first[i]?.ok && (first[i] as ProbeOk).protocol === v])) as Record<TlsVersion, boolean>;

  // 2. Suites, the chain as sent, and HSTS, side by side within the budget.
  const enumerate = async (v: TlsVersion, seed: ProbeOk): Promise<CipherSuiteInfo[]> => {
    if (v === 'TLSv1.3') {
      // Only five exist: offer each alone.
      const each = await Promise.all(tls13Suites.map((s) => attempt(v, s)));
      return each.filter((r): r is ProbeOk => !!r?.ok).map((r) => describeSuite(r.ianaName, r.opensslName));
    }
    // Offer everything but what was already chosen, until the server refuses: n + 1 handshakes for n suites,
    // in the server's order of preference when it has one.
    const found: ProbeOk[] = [seed];
    while (found.length < maxSuitesPerProtocol) {
      const cipherString = [allSuitesCipherString, ...found.map((f) => `!${f.opensslName}`)].join(':');
      const r = await attempt(v, cipherString);
      if (!r?.ok || found.some((f) => f.opensslName === r.opensslName)) break;
      found.push(r);
    }
    if (found.length >= maxSuitesPerProtocol) budget.truncated = true;
    return found.map((r) => describeSuite(r.ianaName, r.opensslName));
  };
  const offered = tlsVersions.filter((v) => protocols[v]);
  const [suiteLists, wireChain, hstsFetch] = await Promise.all([
    Promise.all(offered.map((v) => enumerate(v, first[tlsVersions.indexOf(v)] as ProbeOk))),
    offered.some((v) => v !== 'TLSv1.3') ? budget.run((t) => chainAsSent(ep, t)) : Promise.resolve(null),
    budget.run((t) => fetchHsts(ep, t)),
  ]);

  // 3. The chain: as sent when a TLS ≤ 1.2 handshake showed it, else as Node rebuilt it.
  const best = okProbes.reduce((a, b) => (tlsVersions.indexOf(b.protocol) > tlsVersions.indexOf(a.protocol) ? b : a));
  const raw = wireChain?.length ? wireChain : best.rebuiltChain;
  const certs: X509Certificate[] = [];
  for (const der of raw) {
    try {
      certs.push(new X509Certificate(der));
    } catch {
      // An unparsable certificate is shown by its neighbours' findings (issuer missing, order wrong).
    }
  }
  let checks: ChainChecks | null = null;
  let downloaded: X509Certificate[] = [];
  if (certs.length) {
    const anchors = trustAnchors(opts.extraCaFile);
    // A download counts as a connection: the scan's deadline and connection cap bound it too.
    const aia = { allowPrivate: opts.allowPrivate ?? false, ...(opts.resolve ? { resolve: opts.resolve } : {}) };
    downloaded = await downloadIssuers(certs, anchors, async (url) => (await budget.run((t) => fetchAia(url, t, aia))) ?? null);
    const { path: _path, ...rest } = checkChain(certs, anchors, ep.host, (opts.now ?? (() => new Date()))(), !!wireChain?.length, downloaded);
    checks = rest;
  }

  return {
    ok: true,
    facts: {
      protocols,
      suites: offered.map((protocol, i) => ({ protocol, suites: suiteLists[i] ?? [] })),
      certificates: [...certs.map((c) => describeCertificate(c, 'sent')), ...downloaded.map((c) => describeCertificate(c, 'downloaded'))],
      checks,
      hsts: readHsts(hstsFetch?.header ?? null, hstsFetch?.status ?? null),
      ocspStapling: okProbes.some((p) => p.ocspStapled),
      limits: { connections: budget.connections, durationMs: Date.now() - budget.startedAt, truncated: budget.truncated },
    },
  };
}

/** RFC 6797 §6.1: directives separated by ';', names case-insensitive, max-age required. */
export function readHsts(header: string | null, status: number | null): HstsInfo {
  if (!header) return { present: false, maxAge: null, includeSubDomains: false, preload: false, header: null, httpStatus: status };
  const directives = header.split(';').map((d) => d.trim().toLowerCase());
  const age = directives.map((d) => /^max-age\s*=\s*"?(\d+)"?$/.exec(d)?.[1]).find((x) => x !== undefined);
  const maxAge = age === undefined ? null : Math.min(Number(age), 2 ** 31 - 1);
  return {
    present: maxAge !== null && maxAge > 0,
    maxAge,
    includeSubDomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    header,
    httpStatus: status,
  };
}
