import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { App } from '../src/app.ts';
import { enqueue } from '../src/services/jobs/queue.ts';

export const run = promisify(execFile);

/** The slice of dns2 these tests use (the package ships no types). */
interface Dns2Question {
  name: string;
  type: number;
}
interface Dns2Packet {
  questions: Dns2Question[];
  answers: Record<string, unknown>[];
}
interface Dns2Module {
  Packet: { TYPE: Record<'A' | 'AAAA' | 'TXT' | 'CNAME', number>; CLASS: { IN: number }; createResponseFromRequest(r: Dns2Packet): Dns2Packet };
  createServer(o: { udp: boolean; handle: (req: Dns2Packet, send: (res: Dns2Packet) => void) => void }): {
    listen(o: { udp: { port: number; address: string } }): Promise<{ udp: AddressInfo }>;
    close(): Promise<void>;
  };
}
const dns2 = createRequire(import.meta.url)('dns2') as Dns2Module;

/**
 * An authoritative DNS server on loopback: every name has A 127.0.0.1 (so the file check reaches the local
 * HTTP server), plus whatever TXT and CNAME records a test publishes.
 */
export async function startDns() {
  const txt = new Map<string, string[]>();
  const cname = new Map<string, string>();
  // Addresses a test gave a name; any other name is 127.0.0.1 and has no AAAA record.
  const a = new Map<string, string[]>();
  const aaaa = new Map<string, string[]>();
  // Which names were asked for TXT: the bench tells from it when the server's background check has looked.
  const asked = new Map<string, number>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle(req, send) {
      const res = Packet.createResponseFromRequest(req);
      const q = req.questions[0];
      if (q) {
        const name = q.name.toLowerCase();
        if (q.type === Packet.TYPE.A) for (const address of a.get(name) ?? ['127.0.0.1']) res.answers.push({ name: q.name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address });
        if (q.type === Packet.TYPE.AAAA) for (const address of aaaa.get(name) ?? []) res.answers.push({ name: q.name, type: Packet.TYPE.AAAA, class: Packet.CLASS.IN, ttl: 1, address });
        if (q.type === Packet.TYPE.TXT) {
          asked.set(name, (asked.get(name) ?? 0) + 1);
          for (const data of txt.get(name) ?? []) res.answers.push({ name: q.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data });
        }
        if (q.type === Packet.TYPE.CNAME && cname.has(name)) res.answers.push({ name: q.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: cname.get(name) });
      }
      send(res);
    },
  });
  const addr = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addr.udp.port}`,
    setTxt: (host: string, ...values: string[]) => txt.set(host.toLowerCase(), values),
    setCname: (host: string, target: string) => cname.set(host.toLowerCase(), target),
    /** The name's A records (none: an empty list) instead of 127.0.0.1, and its AAAA records. */
    setAddresses: (host: string, v4: string[], v6: string[] = []) => {
      a.set(host.toLowerCase(), v4);
      aaaa.set(host.toLowerCase(), v6);
    },
    txtQueries: (host: string) => asked.get(host.toLowerCase()) ?? 0,
    clear: () => {
      txt.clear();
      cname.clear();
      a.clear();
      aaaa.clear();
    },
    close: () => server.close(),
  };
}

/** An HTTP server on loopback serving the files a test publishes, keyed by Host and path. */
export async function startHttp() {
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const body = files.get(`${host}${req.url ?? ''}`);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/plain' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    put: (host: string, path: string, body: string) => files.set(`${host.toLowerCase()}${path}`, body),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the payments area does when an order is paid: 1002 with paid_at, and its job queued. */
export async function markPaid(app: App, orderNo: string): Promise<number> {
  const [o] = await app.db.query<{ id: number }>(`UPDATE orders SET order_status = 1002, paid_at = now() WHERE order_no = $1 RETURNING id`, [orderNo]);
  await enqueue(app.db, 'orders.paid', { orderIds: [o!.id], orderNos: [orderNo], aim: 'makeOrder', payWay: 'balance', ref: orderNo });
  return o!.id;
}

type Caller = { get(url: string): Promise<{ body: { data: unknown } }>; put(url: string, payload: object): Promise<unknown> };

/**
 * Takes an order of dns_txt names from paid to issued: marks it paid, publishes each name's TXT record in the test
 * DNS, asks for the check and runs the jobs (validation, then the built-in CA).
 */
export async function payAndValidateByDns(app: App, api: Caller, dns: { setTxt(host: string, value: string): void }, orderNo: string): Promise<void> {
  await markPaid(app, orderNo);
  await api.get(`/v1/orders/detail/${orderNo}`);
  await drainAll(app);
  const d = (await api.get(`/v1/orders/domainList/${orderNo}`)).body.data as { domains: { status: string; instructions: { host?: string; value?: string } }[] };
  for (const x of d.domains) if (x.status === 'pending' && x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  await api.put(`/v1/orders/verifyDomains/${orderNo}`, {});
  await drainAll(app);
}

/** Runs queued jobs until none is due. */
export async function drainAll(app: App): Promise<void> {
  while ((await app.jobs.drain()) > 0);
}

/** The approval link of each mail sent to an address (one per mail, which carries it in both languages), oldest first. */
export async function approvalLinks(app: App, to: string): Promise<string[]> {
  const rows = await app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE lower(to_addr) = lower($1) ORDER BY id`, [to]);
  return rows.flatMap((r) => r.body.match(/https?:\/\/\S+\/dcv\/approve\/[A-Za-z0-9_-]+/)?.[0] ?? []);
}

/** The newest approval link mailed to an address. */
export async function approvalLink(app: App, to: string): Promise<string> {
  const link = (await approvalLinks(app, to)).at(-1);
  if (!link) throw new Error(`no approval link sent to ${to}`);
  return link;
}

/** Opens an approval link as a browser would: GET shows the page, POST is its button. Answers the page. */
export async function openApproval(app: App, link: string, method: 'GET' | 'POST' = 'GET', lang?: 'zh' | 'en') {
  const r = await app.inject({
    method,
    url: new URL(link).pathname,
    headers: { ...(lang ? { 'accept-language': lang } : {}), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(method === 'POST' ? { payload: '' } : {}),
  });
  const state = r.body.match(/<main data-state="([a-zA-Z]+)">/)?.[1] ?? 'none';
  return { status: r.statusCode, headers: r.headers, body: r.body, state };
}
