import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { randomBytes } from 'node:crypto';
import type { TlsVersion } from '@cc/contracts/tls-report';
import type { Starttls } from '@cc/domain/discovery';
import { openStarttls } from './starttls.ts';

/**
 * Bounds one scan: at most `maxConnections` connections, `concurrency` at once, none started after the deadline.
 * A scan that hits a bound stops enumerating and says so (truncated) rather than running on.
 */
export class ScanBudget {
  connections = 0;
  truncated = false;
  private active = 0;
  private waiting: Array<() => void> = [];
  readonly startedAt = Date.now();
  constructor(
    readonly maxConnections: number,
    readonly deadlineMs: number,
    readonly concurrency: number,
    readonly timeoutMs: number,
  ) {}

  get timeLeft() {
    return this.startedAt + this.deadlineMs - Date.now();
  }

  /** Runs one connection within the bounds; null when the budget is spent. */
  async run<T>(fn: (timeoutMs: number) => Promise<T>): Promise<T | null> {
    // A finishing run hands its slot straight to a waiter, so no newcomer slips in between.
    if (this.active >= this.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    else this.active++;
    try {
      if (this.connections >= this.maxConnections || this.timeLeft <= 0) {
        this.truncated = true;
        return null;
      }
      this.connections++;
      return await fn(Math.max(100, Math.min(this.timeoutMs, this.timeLeft)));
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

export interface Endpoint {
  /** Name the user asked for (SNI and Host header), or the IP literal. */
  host: string;
  /** Address connected to: resolved and checked once, so every connection reaches the same machine. */
  ip: string;
  port: number;
  /** A mail protocol to upgrade with STARTTLS before the handshake; TLS at once when absent or ''. */
  starttls?: Starttls;
}

/**
 * Runs `connect` on a connection that is ready for a ClientHello: none (connect yourself) for plain TLS, else a
 * socket past the STARTTLS dialogue, with the time left. A failed dialogue answers `failed` with its reason.
 */
async function upgraded<T>(ep: Endpoint, timeoutMs: number, connect: (timeoutMs: number, raw?: net.Socket) => Promise<T>, failed: (error: string) => T): Promise<T> {
  if (!ep.starttls) return connect(timeoutMs);
  const started = Date.now();
  let raw: net.Socket;
  try {
    raw = await openStarttls(ep.ip, ep.port, ep.starttls, timeoutMs);
  } catch (e) {
    return failed(e instanceof Error ? e.message : String(e));
  }
  return connect(Math.max(100, timeoutMs - (Date.now() - started)), raw);
}

export type ProbeOk = {
  ok: true;
  protocol: TlsVersion;
  opensslName: string;
  ianaName: string;
  ocspStapled: boolean;
  /** The chain as Node rebuilds it (leaf first, issuers found by name; not the order sent). */
  rebuiltChain: Buffer[];
};
export type ProbeFail = { ok: false; tcp: boolean; error: string };
export type ProbeResult = ProbeOk | ProbeFail;

const toVersion = (p: string | null): TlsVersion => (p === 'TLSv1.1' || p === 'TLSv1.2' || p === 'TLSv1.3' ? p : 'TLSv1');

/** SNI must be a name (RFC 6066 §3), never an IP literal. */
const sniOf = (host: string) => (net.isIP(host) ? undefined : host);

/**
 * One handshake at exactly `version`, offering `ciphers` (an OpenSSL cipher string; TLS_* names are TLS 1.3
 * suites). SECLEVEL=0 lets OpenSSL 3 speak TLS 1.0/1.1 and weak suites, which is what a scanner must see.
 */
export function probe(ep: Endpoint, version: TlsVersion, ciphers: string, timeoutMs: number): Promise<ProbeResult> {
  return upgraded(ep, timeoutMs, (t, raw) => probeOn(ep, version, ciphers, t, raw), (error): ProbeResult => ({ ok: false, tcp: false, error }));
}

function probeOn(ep: Endpoint, version: TlsVersion, ciphers: string, timeoutMs: number, raw?: net.Socket): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let tcp = !!raw;
    let stapled = false;
    let done = false;
    let socket: tls.TLSSocket | undefined;
    const finish = (r: ProbeResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket?.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ ok: false, tcp, error: 'timeout' }), timeoutMs);
    try {
      // tls.connect hands requestOCSP to the TLSSocket it makes; @types/node lists it on TLSSocket only.
      const options: tls.ConnectionOptions & Pick<tls.TLSSocketOptions, 'requestOCSP'> = {
        ...(raw ? { socket: raw } : { host: ep.ip, port: ep.port }),
        servername: sniOf(ep.host),
        minVersion: version,
        maxVersion: version,
        ciphers: version === 'TLSv1.3' ? ciphers : `${ciphers}@SECLEVEL=0`,
        rejectUnauthorized: false,
        requestOCSP: true,
      };
      socket = tls.connect(options);
    } catch (e) {
      // "No cipher match": every suite has been excluded already.
      raw?.destroy();
      finish({ ok: false, tcp: false, error: e instanceof Error ? e.message : String(e) });
      return;
    }
    const s = socket;
    s.once('connect', () => {
      tcp = true;
    });
    s.on('OCSPResponse', (response: Buffer | undefined) => {
      if (response && response.length > 0) stapled = true;
    });
    s.once('secureConnect', () => {
      const c = s.getCipher();
      finish({
        ok: true,
        protocol: toVersion(s.getProtocol()),
        opensslName: c.name,
        ianaName: c.standardName || c.name,
        ocspStapled: stapled,
        rebuiltChain: rebuiltChain(s),
      });
    });
    s.once('error', (e: NodeJS.ErrnoException) => finish({ ok: false, tcp, error: e.code ?? e.message }));
    s.once('close', () => finish({ ok: false, tcp, error: 'closed' }));
  });
}

function rebuiltChain(socket: tls.TLSSocket): Buffer[] {
  const out: Buffer[] = [];
  let c: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  const seen = new Set<string>();
  while (c?.raw && !seen.has(c.fingerprint256)) {
    seen.add(c.fingerprint256);
    out.push(c.raw);
    c = c.issuerCertificate;
  }
  return out;
}

// --- the chain exactly as sent: a hand-written TLS 1.2 ClientHello, read up to the (cleartext) Certificate message.

/** Broad enough that any TLS ≤ 1.2 server finds a suite: ECDHE/DHE/RSA with AES, ChaCha20, CAMELLIA, 3DES, RC4. */
const helloSuites = [
  0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xccaa, 0x009e, 0x009f, 0xc009, 0xc013, 0xc00a, 0xc014, 0xc023, 0xc027, 0xc024, 0xc028,
  0x0033, 0x0039, 0x0067, 0x006b, 0x009c, 0x009d, 0x002f, 0x0035, 0x003c, 0x003d, 0xc0ac, 0xc0ad, 0xc09c, 0xc09d, 0x0041, 0x0084, 0x0045,
  0x0088, 0x00ba, 0x00c0, 0xc012, 0xc008, 0x0016, 0x000a, 0xc011, 0xc007, 0x0005, 0x0004, 0x00ff,
];

const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const ext = (type: number, body: Buffer) => Buffer.concat([u16(type), u16(body.length), body]);

export function clientHello(serverName: string | undefined): Buffer {
  const exts: Buffer[] = [];
  if (serverName) {
    const name = Buffer.from(serverName, 'ascii');
    const entry = Buffer.concat([Buffer.from([0]), u16(name.length), name]);
    exts.push(ext(0x0000, Buffer.concat([u16(entry.length), entry])));
  }
  const groups = [0x001d, 0x0017, 0x0018, 0x0019];
  exts.push(ext(0x000a, Buffer.concat([u16(groups.length * 2), ...groups.map(u16)])));
  exts.push(ext(0x000b, Buffer.from([1, 0])));
  const sigs = [0x0403, 0x0503, 0x0603, 0x0804, 0x0805, 0x0806, 0x0401, 0x0501, 0x0601, 0x0807, 0x0203, 0x0201];
  exts.push(ext(0x000d, Buffer.concat([u16(sigs.length * 2), ...sigs.map(u16)])));
  exts.push(ext(0x0005, Buffer.from([1, 0, 0, 0, 0])));
  exts.push(ext(0x0017, Buffer.alloc(0)));
  const extBytes = Buffer.concat(exts);
  const body = Buffer.concat([
    Buffer.from([3, 3]),
    randomBytes(32),
    Buffer.from([0]),
    u16(helloSuites.length * 2),
    ...helloSuites.map(u16),
    Buffer.from([1, 0]),
    u16(extBytes.length),
    extBytes,
  ]);
  const hs = Buffer.concat([Buffer.from([1]), u24(body.length), body]);
  return Buffer.concat([Buffer.from([0x16, 3, 1]), u16(hs.length), hs]);
}

/** Pulls the certificate list out of a Certificate handshake message body. */
export function parseCertificateMessage(body: Buffer): Buffer[] {
  const certs: Buffer[] = [];
  const total = body.readUIntBE(0, 3);
  let i = 3;
  const end = Math.min(body.length, 3 + total);
  while (i + 3 <= end) {
    const len = body.readUIntBE(i, 3);
    i += 3;
    if (i + len > end) break;
    certs.push(Buffer.from(body.subarray(i, i + len)));
    i += len;
  }
  return certs;
}

/**
 * The certificates in the order the server put them on the wire. Node only exposes a chain it has rebuilt by
 * issuer names, which hides a wrong order, so this reads the TLS ≤ 1.2 handshake itself (the Certificate message
 * is not encrypted there). Null when the server speaks no TLS ≤ 1.2 or the read fails.
 */
export function chainAsSent(ep: Endpoint, timeoutMs: number): Promise<Buffer[] | null> {
  return upgraded(ep, timeoutMs, (t, raw) => chainOn(ep, t, raw), () => null);
}

function chainOn(ep: Endpoint, timeoutMs: number, raw?: net.Socket): Promise<Buffer[] | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Buffer[] | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const socket = raw ?? net.connect({ host: ep.ip, port: ep.port });
    let records = Buffer.alloc(0);
    let handshake = Buffer.alloc(0);
    if (raw) raw.write(clientHello(sniOf(ep.host)));
    else socket.once('connect', () => socket.write(clientHello(sniOf(ep.host))));
    socket.on('data', (data: Buffer) => {
      records = Buffer.concat([records, data]);
      // Records: type(1) version(2) length(2) fragment.
      while (records.length >= 5) {
        const len = records.readUInt16BE(3);
        if (records.length < 5 + len) break;
        const type = records[0];
        const fragment = records.subarray(5, 5 + len);
        records = records.subarray(5 + len);
        if (type === 0x15) return finish(null);
        if (type !== 0x16) continue;
        handshake = Buffer.concat([handshake, fragment]);
        // Handshake messages: type(1) length(3) body; they may span records.
        while (handshake.length >= 4) {
          const mlen = handshake.readUIntBE(1, 3);
          if (handshake.length < 4 + mlen) break;
          const mtype = handshake[0];
          const body = handshake.subarray(4, 4 + mlen);
          handshake = handshake.subarray(4 + mlen);
          if (mtype === 11) return finish(parseCertificateMessage(body));
          if (mtype === 14) return finish(null);
        }
        if (records.length + handshake.length > 1 << 20) return finish(null);
      }
    });
    socket.once('error', () => finish(null));
    socket.once('close', () => finish(null));
  });
}

export interface HstsFetch {
  header: string | null;
  status: number | null;
}

/** A real HTTPS GET / on the same host:port (not following redirects): what a browser would read HSTS from. */
export function fetchHsts(ep: Endpoint, timeoutMs: number): Promise<HstsFetch> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: HstsFetch) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ header: null, status: null }), timeoutMs);
    const hostHeader = `${net.isIPv6(ep.host) ? `[${ep.host}]` : ep.host}${ep.port === 443 ? '' : `:${ep.port}`}`;
    const req = https.request({
      host: ep.ip,
      port: ep.port,
      servername: sniOf(ep.host),
      path: '/',
      method: 'GET',
      headers: { host: hostHeader, 'user-agent': 'CertHub-TLS-Report/1.0', accept: '*/*' },
      rejectUnauthorized: false,
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT@SECLEVEL=0',
      agent: false,
    });
    req.once('response', (res) => {
      const h = res.headers['strict-transport-security'];
      finish({ header: typeof h === 'string' ? h : Array.isArray(h) ? (h[0] ?? null) : null, status: res.statusCode ?? null });
      res.resume();
    });
    req.once('error', () => finish({ header: null, status: null }));
    req.end();
  });
}
