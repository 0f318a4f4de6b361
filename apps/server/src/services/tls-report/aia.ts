import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { X509Certificate } from 'node:crypto';
import { isPkcs7, readPkcs7 } from '@cc/pki/pkcs7';
import { buildPath, issuedBy, splitPem } from './chain.ts';
import { checkTarget, type Resolve } from './target.ts';

/**
 * SSL Labs' "extra download": a server that omits an intermediate is still trusted when its issuer can be fetched
 * from the certificate's Authority Information Access "CA Issuers" URL, as browsers do. Bounds: a hostile
 * certificate decides the URLs, so few hops, few URLs, small answers.
 */
export const aiaLimits = { maxHops: 3, urlsPerCertificate: 2, maxBytes: 64 * 1024 };

/** The http(s) CA Issuers URLs, in order. Node writes "CA Issuers - URI:http://…", JSON-quoted when it holds odd characters. */
export function caIssuersUrls(cert: X509Certificate): string[] {
  const urls: string[] = [];
  for (const line of (cert.infoAccess ?? '').split('\n')) {
    const m = /^CA Issuers - URI:(.+)$/.exec(line);
    if (!m) continue;
    let url = m[1]!;
    if (url.startsWith('"')) {
      try {
        url = String(JSON.parse(url));
      } catch {
        continue;
      }
    }
    if (/^https?:\/\//i.test(url)) urls.push(url);
  }
  return urls.slice(0, aiaLimits.urlsPerCertificate);
}

/** The certificates of an answer: DER or PEM certificate, or a certs-only PKCS#7 (.p7c) in DER or PEM. Nothing readable: none. */
export function readCertificates(body: Buffer): X509Certificate[] {
  const parse = (der: Uint8Array) => {
    try {
      return [new X509Certificate(der)];
    } catch {
      return [];
    }
  };
  const text = body.toString('latin1');
  if (text.includes('-----BEGIN CERTIFICATE-----')) return splitPem(text).flatMap((pem) => parse(Buffer.from(pem)));
  const p7 = /-----BEGIN (PKCS7|CMS)-----([\s\S]+?)-----END \1-----/.exec(text);
  const der = p7 ? Buffer.from(p7[2]!.replace(/\s+/g, ''), 'base64') : body;
  if (isPkcs7(der)) {
    try {
      return readPkcs7(der).flatMap(parse);
    } catch {
      return [];
    }
  }
  return parse(der);
}

export interface AiaFetchOptions {
  /** REPORT_ALLOW_PRIVATE: the same rule as the scan target, since the URL comes from the scanned server. */
  allowPrivate: boolean;
  resolve?: Resolve;
}

/**
 * GET `url`, within `timeoutMs` name resolution included, from an address checkTarget accepts (connected to by
 * that address, so a second resolution cannot point elsewhere). Redirects are not followed: each hop would need
 * the same check. Null on refusal, error, status other than 200, or an answer over the size limit.
 */
export async function fetchAia(url: string, timeoutMs: number, opts: AiaFetchOptions): Promise<Buffer | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  let ip: string | null;
  try {
    ip = await Promise.race([
      checkTarget(host, opts.allowPrivate, opts.resolve).catch(() => null),
      new Promise<null>((r) => (timer = setTimeout(() => r(null), timeoutMs))),
    ]);
  } finally {
    clearTimeout(timer);
  }
  if (!ip) return null;
  return new Promise((resolve) => {
    let req: http.ClientRequest | undefined;
    let done = false;
    const finish = (r: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req?.destroy();
      resolve(r);
    };
    timer = setTimeout(() => finish(null), Math.max(1, deadline - Date.now()));
    const request = u.protocol === 'https:' ? https.request : http.request;
    try {
      req = request({
        host: ip,
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: 'GET',
        headers: { host: u.host, 'user-agent': 'CertHub-TLS-Report/1.0', accept: 'application/pkix-cert, application/pkcs7-mime, */*' },
        ...(u.protocol === 'https:' && !net.isIP(host) ? { servername: host } : {}),
        agent: false,
      });
    } catch {
      return finish(null);
    }
    req.once('response', (res) => {
      if (res.statusCode !== 200 || Number(res.headers['content-length'] ?? 0) > aiaLimits.maxBytes) return finish(null);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > aiaLimits.maxBytes) return finish(null);
        chunks.push(chunk);
      });
      res.once('end', () => finish(Buffer.concat(chunks)));
      res.once('error', () => finish(null));
    });
    req.once('error', () => finish(null));
    req.end();
  });
}

/**
 * While the path from the leaf stops at a certificate whose issuer is neither sent nor an anchor, fetches that
 * issuer from the certificate's CA Issuers URLs, and keeps it only if it did issue it. At most `maxHops` downloads.
 * `fetchBody` is fetchAia within the scan's budget.
 */
export async function downloadIssuers(sent: X509Certificate[], anchors: X509Certificate[], fetchBody: (url: string) => Promise<Buffer | null>): Promise<X509Certificate[]> {
  const downloaded: X509Certificate[] = [];
  while (downloaded.length < aiaLimits.maxHops) {
    const pool = [...sent, ...downloaded];
    const { path, end } = buildPath(sent[0]!, pool, anchors);
    if (end !== 'noIssuer') break;
    const top = path[path.length - 1]!;
    let found: X509Certificate | undefined;
    for (const url of caIssuersUrls(top)) {
      const body = await fetchBody(url);
      found = body ? readCertificates(body).find((c) => issuedBy(top, c)) : undefined;
      if (found) break;
    }
    // A certificate already held means a loop (cross-signed pair): the path cannot go further this way.
    if (!found || pool.some((c) => c.fingerprint256 === found.fingerprint256)) break;
    downloaded.push(found);
  }
  return downloaded;
}
