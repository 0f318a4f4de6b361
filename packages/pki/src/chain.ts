/** Chain order check and verdicts for the parser (expired, not yet valid, self-signed, name mismatch, order). */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';
import { parseCertificateDer, type CertificateView, type ParseOptions } from './parse.ts';

export type VerdictCode = 'EXPIRED' | 'NOT_YET_VALID' | 'SELF_SIGNED' | 'NAME_MISMATCH' | 'WRONG_ORDER' | 'INCOMPLETE' | 'BAD_SIGNATURE' | 'UNRELATED';

export interface Verdict {
  code: VerdictCode;
  /** Index in the input of the certificate concerned, if one. */
  index: number | null;
}

export interface ChainReport {
  certificates: CertificateView[];
  /** Input indexes from the leaf to the last issuer found. */
  order: number[];
  /** True when the input already lists leaf first, each next certificate issuing the previous one. */
  inOrder: boolean;
  /** True when the path ends at a self-signed certificate. */
  endsAtRoot: boolean;
  hostMatches: boolean | null;
  verdicts: Verdict[];
}

/** RFC 6125 matching: case-insensitive, a wildcard only as the whole left-most label. */
export function hostMatchesName(host: string, name: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (n.startsWith('*.')) {
    const rest = n.slice(2);
    const dot = h.indexOf('.');
    return dot > 0 && h.slice(dot + 1) === rest;
  }
  return h === n;
}

export function certificateMatchesHost(cert: CertificateView, host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '');
  const dns = cert.subjectAltNames.filter((s) => s.startsWith('DNS:')).map((s) => s.slice(4));
  const ips = cert.subjectAltNames.filter((s) => s.startsWith('IP:')).map((s) => s.slice(3).toLowerCase());
  if (ips.includes(h.toLowerCase())) return true;
  // The CN is only consulted when there are no DNS names, as browsers did before ignoring it altogether.
  const names = dns.length > 0 ? dns : cert.subject.filter((e) => e.shortName === 'CN').map((e) => e.value);
  return names.some((n) => hostMatchesName(h, n));
}

async function signs(issuer: x509.X509Certificate, child: x509.X509Certificate, crypto: Crypto): Promise<boolean> {
  try {
    return await child.verify({ publicKey: issuer.publicKey, signatureOnly: true }, crypto);
  } catch {
    return false;
  }
}

export interface ChainOptions extends ParseOptions {
  now?: Date;
  host?: string;
}

export async function checkChain(ders: Bytes[], opts: ChainOptions = {}): Promise<ChainReport> {
  const crypto = opts.crypto ?? globalThis.crypto;
  const now = opts.now ?? new Date();
  // A key or a request pasted alone gives no certificate: say so rather than fail on an empty chain.
  if (ders.length === 0) throw new PkiError('NOT_A_CERTIFICATE');
  const certificates = await Promise.all(ders.map((d) => parseCertificateDer(d, opts)));
  const certs = ders.map((d) => new x509.X509Certificate(d));
  const n = certs.length;
  // issuerOf[i] = index of the certificate whose key signed certificate i (names match and the signature verifies).
  const issuerOf: Array<number | null> = new Array<number | null>(n).fill(null);
  const signatureOk: boolean[] = new Array<boolean>(n).fill(false);
  for (let i = 0; i < n; i++) {
    const child = certs[i]!;
    for (let j = 0; j < n; j++) {
      if (i === j || certs[j]!.subject !== child.issuer) continue;
      if (await signs(certs[j]!, child, crypto)) {
        issuerOf[i] = j;
        signatureOk[i] = true;
        break;
      }
    }
  }
  const selfSigned = await Promise.all(certs.map((c, i) => (certificates[i]!.selfIssued ? signs(c, c, crypto) : Promise.resolve(false))));
  const issuedSomething = new Set(issuerOf.filter((x): x is number => x !== null));
  // The leaf is the one that issued nothing; with several candidates the first in the input wins.
  const leaf = certs.findIndex((_, i) => !issuedSomething.has(i) && !(selfSigned[i] && n > 1));
  const start = leaf >= 0 ? leaf : 0;
  const order: number[] = [start];
  for (let cur = start; ; ) {
    const next = issuerOf[cur];
    if (next === null || next === undefined || order.includes(next)) break;
    order.push(next);
    cur = next;
  }
  const last = order[order.length - 1]!;
  const endsAtRoot = selfSigned[last] === true;
  const verdicts: Verdict[] = [];
  certificates.forEach((c, i) => {
    if (new Date(c.notAfter) < now) verdicts.push({ code: 'EXPIRED', index: i });
    if (new Date(c.notBefore) > now) verdicts.push({ code: 'NOT_YET_VALID', index: i });
    if (c.selfIssued && !selfSigned[i]) verdicts.push({ code: 'BAD_SIGNATURE', index: i });
    if (!order.includes(i)) verdicts.push({ code: 'UNRELATED', index: i });
  });
  if (selfSigned[start]) verdicts.push({ code: 'SELF_SIGNED', index: start });
  const inOrder = order.length === n && order.every((v, i) => v === i);
  if (!inOrder && order.length === n) verdicts.push({ code: 'WRONG_ORDER', index: null });
  // A chain that stops at an intermediate is normal for servers (the root is left out); only flag a missing issuer
  // when the last certificate is not a CA at all.
  if (!endsAtRoot && !certificates[last]!.isCa && n > 1) verdicts.push({ code: 'INCOMPLETE', index: last });
  let hostMatches: boolean | null = null;
  if (opts.host?.trim()) {
    hostMatches = certificateMatchesHost(certificates[start]!, opts.host);
    if (!hostMatches) verdicts.push({ code: 'NAME_MISMATCH', index: start });
  }
  return { certificates, order, inOrder, endsAtRoot, hostMatches, verdicts };
}
