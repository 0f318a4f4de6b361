/**
 * A local stand-in for Cloudflare's v4 API (https://developers.cloudflare.com/api/), enough for the batch-cfdns
 * relay: Bearer-token auth, GET /zones?name=, GET and POST /zones/{id}/dns_records, with Cloudflare's envelope
 * ({ success, errors, messages, result, result_info }) and its documented error codes for the cases the tool
 * meets (81057 identical record exists, 81053 CNAME conflict, 9005 invalid content, 9021 invalid TTL, 9004 not
 * proxiable, 971 throttled, 10000 authentication error, 7003 unknown zone). Shared by the API and e2e tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { isIP, type AddressInfo } from 'node:net';

export interface FakeRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  type: string;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  priority?: number;
  comment: string | null;
  created_on: string;
  modified_on: string;
}

export interface FakeZone {
  id: string;
  name: string;
  status: 'active';
  records: FakeRecord[];
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeCloudflare {
  /** API base to put in CF_API_BASE (…/client/v4). */
  base: string;
  token: string;
  zones: FakeZone[];
  requests: SeenRequest[];
  addZone(name: string): FakeZone;
  /** The next `n` record creations answer HTTP 429 / 971, as Cloudflare's rate limiter does. */
  throttleNext(n: number): void;
  close(): Promise<void>;
}

const hex32 = () => randomBytes(16).toString('hex');
const now = () => new Date().toISOString();
const cfError = (code: number, message: string) => ({ code, message });
const HOST = /^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
const fail = (res: ServerResponse, status: number, ...errors: Array<{ code: number; message: string }>) =>
  send(res, status, { success: false, errors, messages: [], result: null });

function page<T>(items: T[], q: Record<string, string>) {
  const perPage = Math.min(Math.max(Number(q.per_page ?? 100) || 100, 5), 5000);
  const p = Math.max(Number(q.page ?? 1) || 1, 1);
  return {
    result: items.slice((p - 1) * perPage, p * perPage),
    result_info: { page: p, per_page: perPage, count: Math.min(perPage, Math.max(items.length - (p - 1) * perPage, 0)), total_count: items.length, total_pages: Math.ceil(items.length / perPage) },
  };
}

/** Cloudflare's checks on a new record, in its words. */
function validate(zone: FakeZone, b: Record<string, unknown>): { code: number; message: string } | FakeRecord {
  const type = String(b.type ?? '');
  if (!['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS'].includes(type)) return cfError(9000, 'DNS name is invalid.');
  let name = String(b.name ?? '').toLowerCase().replace(/\.$/, '');
  if (name === '@' || name === '') name = zone.name;
  else if (name !== zone.name && !name.endsWith(`.${zone.name}`)) name = `${name}.${zone.name}`;
  if (!HOST.test(name)) return cfError(9000, 'DNS name is invalid.');
  const content = String(b.content ?? '');
  const ttl = typeof b.ttl === 'number' ? b.ttl : 1;
  if (ttl !== 1 && (ttl < 60 || ttl > 86400)) return cfError(9021, 'Invalid TTL. Must be between 60 and 86400 seconds, or 1 for Automatic.');
  if (type === 'A' && isIP(content) !== 4) return cfError(9005, 'Content for A record must be a valid IPv4 address.');
  if (type === 'AAAA' && isIP(content) !== 6) return cfError(9005, 'Content for AAAA record must be a valid IPv6 address.');
  if (['CNAME', 'MX', 'NS'].includes(type) && !HOST.test(content.replace(/\.$/, ''))) return cfError(9005, `Content for ${type} record is invalid.`);
  if (type === 'TXT' && (content.length === 0 || content.length > 2048)) return cfError(9005, 'Content for TXT record is invalid.');
  if (type === 'MX' && typeof b.priority !== 'number') return cfError(9101, 'priority is required for MX records.');
  const proxiable = ['A', 'AAAA', 'CNAME'].includes(type);
  const proxied = b.proxied === true;
  if (proxied && !proxiable) return cfError(9004, 'This record type cannot be proxied.');
  const same = zone.records.find((r) => r.name === name && r.type === type && r.content === content);
  if (same) return cfError(81057, 'Record already exists.');
  // A CNAME may not share its name with an address record or another CNAME.
  const clashes = type === 'CNAME' ? ['A', 'AAAA', 'CNAME'] : type === 'A' || type === 'AAAA' ? ['CNAME'] : [];
  const cnameClash = zone.records.find((r) => r.name === name && clashes.includes(r.type));
  if (cnameClash) return cfError(81053, 'An A, AAAA, or CNAME record with that host already exists.');
  const t = now();
  return {
    id: hex32(),
    zone_id: zone.id,
    zone_name: zone.name,
    type,
    name,
    content,
    ttl,
    proxied,
    proxiable,
    ...(type === 'MX' ? { priority: Number(b.priority) } : {}),
    comment: typeof b.comment === 'string' ? b.comment : null,
    created_on: t,
    modified_on: t,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeCloudflare(opts: { token?: string } = {}): Promise<FakeCloudflare> {
  const token = opts.token ?? `cf-test-${randomBytes(12).toString('hex')}`;
  const zones: FakeZone[] = [];
  const requests: SeenRequest[] = [];
  let throttled = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      let body: unknown = null;
      if (raw) {
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          return fail(res, 400, cfError(6007, 'Malformed JSON in request body'));
        }
      }
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method: req.method ?? '', path: url.pathname, query, authorization: req.headers.authorization, body });

      const path = url.pathname.replace(/^\/client\/v4/, '');
      const auth = req.headers.authorization;
      if (!auth) return fail(res, 400, cfError(9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers'));
      if (!/^Bearer \S+$/.test(auth)) return fail(res, 400, cfError(6003, 'Invalid request headers'));
      if (auth !== `Bearer ${token}`) return fail(res, 403, cfError(10000, 'Authentication error'));

      if (req.method === 'GET' && path === '/zones') {
        const name = query.name?.toLowerCase();
        const found = zones.filter((z) => !name || z.name === name).map(({ records: _r, ...z }) => z);
        return send(res, 200, { success: true, errors: [], messages: [], ...page(found, query) });
      }
      const m = /^\/zones\/([^/]+)\/dns_records$/.exec(path);
      const zone = m && zones.find((z) => z.id === m[1]);
      if (m && !zone) return fail(res, 400, cfError(7003, `Could not route to /zones/${m[1]}/dns_records, perhaps your object identifier is invalid?`));
      if (zone && req.method === 'GET') {
        const list = zone.records.filter((r) => (!query.type || r.type === query.type) && (!query.name || r.name === query.name));
        return send(res, 200, { success: true, errors: [], messages: [], ...page(list, query) });
      }
      if (zone && req.method === 'POST') {
        if (throttled > 0) {
          throttled--;
          return fail(res, 429, cfError(971, 'Please wait and consider throttling your request speed'));
        }
        const r = validate(zone, (body ?? {}) as Record<string, unknown>);
        if (!('id' in r)) return fail(res, 400, r);
        zone.records.push(r);
        return send(res, 200, { success: true, errors: [], messages: [], result: r });
      }
      return fail(res, 400, cfError(7000, 'No route for that URI'));
    })().catch((e: unknown) => fail(res, 500, cfError(10001, String(e))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}/client/v4`,
    token,
    zones,
    requests,
    addZone(name) {
      const z: FakeZone = { id: hex32(), name, status: 'active', records: [] };
      zones.push(z);
      return z;
    },
    throttleNext(n) {
      throttled = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
