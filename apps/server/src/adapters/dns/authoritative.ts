import dgram from 'node:dgram';
import net from 'node:net';
import { once } from 'node:events';
import * as packet from 'dns-packet';
import type { Queryable } from '@cc/db/client';
import { contentStrings } from '@cc/domain/dns-records';
import { encodeMessage } from './wire.ts';

/**
 * The built-in authoritative DNS server (README "DNS_PORT"): UDP and TCP on one port, answering every question from
 * the database at the moment it is asked (no cache, no zone copy in memory), so a change committed through any
 * instance is answered by every instance at once. The wire format is dns-packet's, with names compressed (wire.ts); what to answer follows
 * RFC 1034 §4.3.2 (delegations, CNAME, wildcards per RFC 4592), RFC 2308 (NXDOMAIN and NODATA carry the SOA),
 * RFC 6891 (EDNS0) and RFC 7766 (truncation, then TCP).
 */

type ZoneRow = {
  id: number;
  name: string;
  serial: string | number;
  mname: string;
  rname: string;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
  soa_ttl: number;
};

type Rr = {
  name: string;
  type: string;
  content: string;
  ttl: number;
  prio: number;
};

const rcode = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
/** Largest UDP answer to a client that sent no EDNS0 (RFC 1035 §4.2.1). */
const classicUdpSize = 512;
/** What we advertise and the most we send over UDP with EDNS0 (the DNS Flag Day 2020 size, safe from fragmentation). */
const ednsUdpSize = 1232;
/** CNAMEs followed inside the zone before giving the chain as it is. */
const maxChain = 8;

/** The name and each of its ancestors, nearest first: a.b.example.com, b.example.com, example.com, com. */
export function ancestry(name: string): string[] {
  const labels = name.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** The zone's SOA; in a negative answer (NXDOMAIN, NODATA) its TTL is the lesser of its own and MINIMUM (RFC 2308 §3). */
function soaOf(z: ZoneRow, owner = z.name, negative = true): packet.Answer {
  return {
    name: owner,
    type: 'SOA',
    class: 'IN',
    ttl: negative ? Math.min(z.soa_ttl, z.minimum) : z.soa_ttl,
    data: { mname: z.mname, rname: z.rname, serial: Number(z.serial), refresh: z.refresh, retry: z.retry, expire: z.expire, minimum: z.minimum },
  };
}

/** One stored record as a wire answer under `owner` (the asked name for a wildcard, as the client wrote it). */
function toAnswer(r: Rr, owner: string): packet.Answer {
  const base = { name: owner, class: 'IN' as const, ttl: r.ttl };
  switch (r.type) {
    case 'MX':
      return { ...base, type: 'MX', data: { preference: r.prio, exchange: r.content } };
    case 'SRV': {
      const [weight, port, target] = r.content.split(' ');
      return { ...base, type: 'SRV', data: { priority: r.prio, weight: Number(weight), port: Number(port), target: target === '.' ? '.' : target! } };
    }
    case 'TXT':
      return { ...base, type: 'TXT', data: contentStrings(r.content).map((s) => Buffer.from(s, 'utf8')) };
    case 'CAA': {
      const m = /^(\d+)\s+(\S+)\s+(.*)$/s.exec(r.content);
      return { ...base, type: 'CAA', data: { flags: Number(m?.[1] ?? 0), tag: (m?.[2] ?? 'issue') as packet.CaaData['tag'], value: contentStrings(m?.[3] ?? '').join('') } };
    }
    default:
      return { ...base, type: r.type as 'A', data: r.content };
  }
}

export interface DnsAnswer {
  rcode: number;
  authoritative: boolean;
  answers: packet.Answer[];
  authorities: packet.Answer[];
  additionals: packet.Answer[];
}

/**
 * The zone a name is answered from: the longest ACTIVE zone holding it, whoever's it is (RFC 1034 §4.3.2 step 2).
 * A pending zone is a claim nobody has proven yet (services/dns/zones.ts): it answers nothing, so a stranger's
 * claim of a name never answers for it. The DCV autopilot asks the same question (zones.ts zoneHolding).
 */
export async function answeringZone(db: Queryable, name: string): Promise<(ZoneRow & { account_id: number }) | null> {
  const [zone] = await db.query<ZoneRow & { account_id: number }>(
    `SELECT id, account_id, name, serial, mname, rname, refresh, retry, expire, minimum, soa_ttl FROM dns_zones
      WHERE name = ANY($1) AND status = 'active' ORDER BY length(name) DESC LIMIT 1`,
    [ancestry(name)],
  );
  return zone ?? null;
}

/** What the database says for one question (no header, no EDNS: the transport adds those). */
export async function resolveQuestion(db: Queryable, qname: string, qtype: string, depth = 0): Promise<DnsAnswer> {
  const asked = qname.replace(/\.$/, '');
  const name = asked.toLowerCase();
  const none: DnsAnswer = { rcode: rcode.REFUSED, authoritative: false, answers: [], authorities: [], additionals: [] };
  if (!name) return none;
  const chain = ancestry(name);
  const zone = await answeringZone(db, name);
  // Not a zone hosted (and live) here: we are nobody's resolver (RFC 1035 §4.1.1 REFUSED), as an authoritative-only server says.
  if (!zone) return none;
  const inZone = chain.slice(0, chain.indexOf(zone.name) + 1);
  // The names that can decide the answer: the asked name, its ancestors in the zone (delegations), and the
  // wildcard under each ancestor (RFC 4592 source of synthesis).
  const wanted = [...inZone, ...inZone.slice(1).map((a) => `*.${a}`)];
  const rows = await db.query<Rr>(`SELECT name, type, content, ttl, prio FROM dns_records WHERE zone_id = $1 AND NOT disabled AND name = ANY($2)`, [zone.id, wanted]);
  const at = (n: string) => rows.filter((r) => r.name === n);
  const out: DnsAnswer = { rcode: rcode.NOERROR, authoritative: true, answers: [], authorities: [], additionals: [] };

  // A delegation between the apex and the asked name (the asked name included, unless it asks for the NS itself
  // at a cut... which is the referral too: the child is authoritative for it).
  for (const cut of [...inZone].reverse().slice(1)) {
    const ns = at(cut).filter((r) => r.type === 'NS');
    if (!ns.length) continue;
    out.authoritative = false;
    out.authorities = ns.map((r) => toAnswer(r, cut));
    // Glue: addresses of nameservers inside the delegated name.
    const inside = ns.map((r) => r.content).filter((t) => t === cut || t.endsWith(`.${cut}`));
    if (inside.length) {
      const glue = await db.query<Rr>(`SELECT name, type, content, ttl, prio FROM dns_records WHERE zone_id = $1 AND NOT disabled AND name = ANY($2) AND type IN ('A', 'AAAA')`, [zone.id, inside]);
      out.additionals = glue.map((r) => toAnswer(r, r.name));
    }
    return out;
  }

  const answerFrom = async (records: Rr[], owner: string): Promise<void> => {
    if ((qtype === 'SOA' || qtype === 'ANY') && owner.toLowerCase() === zone.name) out.answers.push(soaOf(zone, owner, false));
    const cname = records.find((r) => r.type === 'CNAME');
    if (cname && qtype !== 'CNAME') {
      out.answers.push(toAnswer(cname, owner));
      // Follow the chain while it stays in this zone (RFC 1034 §4.3.2 step 3a), so one answer serves the client;
      // a loop ends after maxChain links.
      const target = cname.content;
      if (depth < maxChain && (target === zone.name || target.endsWith(`.${zone.name}`))) {
        const next = await resolveQuestion(db, target, qtype, depth + 1);
        if (next.rcode !== rcode.NOERROR || !next.authoritative) return;
        out.answers.push(...next.answers);
        if (!next.answers.length) out.authorities = next.authorities;
      }
      return;
    }
    const match = qtype === 'ANY' ? records : records.filter((r) => r.type === qtype);
    out.answers.push(...match.map((r) => toAnswer(r, owner)));
  };

  const here = at(name);
  if (here.length || name === zone.name) {
    await answerFrom(here, asked);
    if (!out.answers.length) out.authorities = [soaOf(zone)];
    return out;
  }
  // The name has no records. Does it exist (an empty non-terminal, with names below it)? Which ancestor is the closest
  // encloser, the one whose wildcard may answer?
  const existing = await db.query<{ a: string }>(
    `SELECT a FROM unnest($2::text[]) AS a WHERE EXISTS (SELECT 1 FROM dns_records r WHERE r.zone_id = $1 AND NOT r.disabled AND (r.name = a OR right(r.name, length(a) + 1) = '.' || a))`,
    [zone.id, inZone],
  );
  const exists = new Set(existing.map((e) => e.a));
  if (exists.has(name)) {
    out.authorities = [soaOf(zone)];
    return out;
  }
  const encloser = inZone.find((a) => a === zone.name || exists.has(a))!;
  const wildcard = at(`*.${encloser}`);
  if (wildcard.length) {
    await answerFrom(wildcard, asked);
    if (!out.answers.length) out.authorities = [soaOf(zone)];
    return out;
  }
  out.rcode = rcode.NXDOMAIN;
  out.authorities = [soaOf(zone)];
  return out;
}

export interface DnsLog {
  warn(o: object, msg: string): void;
}

/** Builds the whole response packet for a query's bytes; null when the bytes are not a DNS query at all. */
export async function respond(db: Queryable, bytes: Buffer, transport: 'udp' | 'tcp', log?: DnsLog): Promise<Buffer | null> {
  let req: packet.DecodedPacket & { opcode?: string };
  try {
    req = packet.decode(bytes) as typeof req;
  } catch {
    // Too short to carry an id: nothing to answer. Otherwise FORMERR with the id.
    if (bytes.length < 12) return null;
    return packet.encode({ type: 'response', id: bytes.readUInt16BE(0), flags: rcode.FORMERR, questions: [], answers: [], authorities: [], additionals: [] });
  }
  if (req.type !== 'query') return null;
  const opt = req.additionals?.find((a) => a.type === 'OPT') as packet.OptAnswer | undefined;
  const rd = req.flag_rd ? packet.RECURSION_DESIRED : 0;
  const questions = req.questions ?? [];
  const base = { type: 'response' as const, id: req.id, questions };
  const optOut: packet.Answer[] = opt ? [{ type: 'OPT', name: '.', udpPayloadSize: ednsUdpSize, extendedRcode: 0, ednsVersion: 0, flags: 0, flag_do: false, options: [] } as packet.OptAnswer] : [];
  const header = (code: number, aa = false) => (code & 0xf) | rd | (aa ? packet.AUTHORITATIVE_ANSWER : 0);
  if (opt && opt.ednsVersion !== 0) {
    // RFC 6891 §6.1.3: BADVERS (16) is extended RCODE 1 with header RCODE 0.
    (optOut[0] as packet.OptAnswer).extendedRcode = 1;
    return packet.encode({ ...base, flags: header(0), answers: [], authorities: [], additionals: optOut });
  }
  if (req.opcode !== 'QUERY') return packet.encode({ ...base, flags: header(rcode.NOTIMP), answers: [], authorities: [], additionals: optOut });
  const q = questions[0];
  if (questions.length !== 1 || !q || (q.class !== 'IN' && q.class !== 'ANY')) {
    return packet.encode({ ...base, flags: header(questions.length !== 1 ? rcode.FORMERR : rcode.REFUSED), answers: [], authorities: [], additionals: optOut });
  }
  let a: DnsAnswer;
  try {
    a = await resolveQuestion(db, q.name, String(q.type));
  } catch (e) {
    log?.warn({ err: e, name: q.name, type: q.type }, 'dns: question not answered (database)');
    return packet.encode({ ...base, flags: header(rcode.SERVFAIL), answers: [], authorities: [], additionals: optOut });
  }
  // Compressed (wire.ts): what dns-packet alone would write in full fits 512 bytes far more often this way.
  const encoded = encodeMessage({ id: req.id ?? 0, flags: header(a.rcode, a.authoritative), questions, answers: a.answers, authorities: a.authorities, additionals: [...a.additionals, ...optOut] });
  if (transport === 'tcp') return encoded;
  const limit = opt ? Math.max(classicUdpSize, Math.min(opt.udpPayloadSize || classicUdpSize, ednsUdpSize)) : classicUdpSize;
  if (encoded.length <= limit) return encoded;
  // Too big for this client over UDP: the header says so (TC) and the client asks again over TCP (RFC 7766 §5).
  return packet.encode({ ...base, flags: header(a.rcode, a.authoritative) | packet.TRUNCATED_RESPONSE, answers: [], authorities: [], additionals: optOut });
}

/** Response-rate limiting over UDP (see RateLimiter). */
export interface RrlOptions {
  /** Answers per second to one source network. */
  responsesPerSecond: number;
  /** Over the limit, one answer in `slip` goes out truncated (empty, TC set) instead of being dropped; 0: drop all. */
  slip?: number;
}

/** The source network a UDP answer is counted against: IPv4 /24, IPv6 /56 (BIND's and Knot's defaults). */
export function sourceNetwork(address: string): string {
  if (net.isIPv4(address)) return address.split('.').slice(0, 3).join('.');
  const v4 = /^::ffff:(\d+\.\d+\.\d+)\.\d+$/i.exec(address);
  if (v4) return v4[1]!;
  // The first 56 bits: three and a half groups of the expanded address.
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t].map((g) => g.padStart(4, '0'));
  return `${groups.slice(0, 3).join(':')}:${groups[3]!.slice(0, 2)}`;
}

/**
 * Response-rate limiting (RRL) for UDP. Over UDP the source address is not proven, so an open authoritative server
 * can be made to send its answers to a victim (reflection and amplification): past a rate per source network, answers
 * are dropped, and every `slip`-th one is sent truncated, so a real client behind that network still gets through by
 * retrying over TCP (TCP proves the address and is never limited).
 *
 * The counts live in this process on purpose, as in BIND, NSD, Knot and PowerDNS: each instance limits the packets
 * its own socket sends, which is what reflection abuses, and a shared count would cost a database round trip per
 * packet, the very load the limit is there to cap. With N instances behind one address the limit is at most N times
 * the setting, which is acceptable for this purpose; no decision of the product depends on these counts.
 */
export class RateLimiter {
  private counts = new Map<string, { second: number; n: number }>();
  constructor(private readonly o: RrlOptions, private readonly now = () => Date.now()) {}

  /** 'send', 'slip' (send it truncated) or 'drop' for one answer to `address`. */
  decide(address: string): 'send' | 'slip' | 'drop' {
    const second = Math.floor(this.now() / 1000);
    const key = sourceNetwork(address);
    let c = this.counts.get(key);
    if (!c || c.second !== second) {
      if (this.counts.size > 10_000) for (const [k, v] of this.counts) if (v.second !== second) this.counts.delete(k);
      c = { second, n: 0 };
      this.counts.set(key, c);
    }
    c.n++;
    if (c.n <= this.o.responsesPerSecond) return 'send';
    const slip = this.o.slip ?? 2;
    return slip > 0 && (c.n - this.o.responsesPerSecond) % slip === 0 ? 'slip' : 'drop';
  }
}

/** An empty answer with TC set to a query: "ask again over TCP" (RFC 7766 §5); made without the database. */
function truncatedFor(bytes: Buffer): Buffer | null {
  try {
    const req = packet.decode(bytes);
    if (req.type !== 'query') return null;
    const rd = req.flag_rd ? packet.RECURSION_DESIRED : 0;
    return packet.encode({ type: 'response', id: req.id, flags: packet.TRUNCATED_RESPONSE | rd, questions: req.questions ?? [], answers: [], authorities: [], additionals: [] });
  } catch {
    return null;
  }
}

export interface AuthoritativeDns {
  port: number;
  address: string;
  close(): Promise<void>;
}

/** Listens on UDP and TCP at host:port (port 0: a free port, the same for both). */
export async function startAuthoritativeDns(db: Queryable, opts: { host: string; port: number; log?: DnsLog; rrl?: RrlOptions | undefined }): Promise<AuthoritativeDns> {
  const limiter = opts.rrl ? new RateLimiter(opts.rrl) : null;
  const family = net.isIPv6(opts.host) ? 'udp6' : 'udp4';
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    let buf = Buffer.alloc(0);
    // Queries on one connection are answered in order (RFC 7766 allows pipelining).
    let chainDone: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 2) {
        const len = buf.readUInt16BE(0);
        if (buf.length < 2 + len) break;
        const msg = buf.subarray(2, 2 + len);
        buf = buf.subarray(2 + len);
        chainDone = chainDone.then(async () => {
          const res = await respond(db, Buffer.from(msg), 'tcp', opts.log);
          if (!res || socket.destroyed) return;
          const len2 = Buffer.alloc(2);
          len2.writeUInt16BE(res.length);
          socket.write(Buffer.concat([len2, res]));
        });
      }
    });
  });
  tcp.listen(opts.port, opts.host);
  await once(tcp, 'listening');
  const port = (tcp.address() as net.AddressInfo).port;
  const udp = dgram.createSocket(family);
  udp.on('message', (msg, rinfo) => {
    // Decided before the database is asked: a flood past the limit costs no queries.
    const verdict = limiter?.decide(rinfo.address) ?? 'send';
    if (verdict === 'drop') return;
    if (verdict === 'slip') {
      const tc = truncatedFor(msg);
      if (tc) udp.send(tc, rinfo.port, rinfo.address);
      return;
    }
    void respond(db, msg, 'udp', opts.log).then((res) => {
      if (res) udp.send(res, rinfo.port, rinfo.address);
    });
  });
  udp.on('error', (e) => opts.log?.warn({ err: e }, 'dns: udp socket error'));
  try {
    udp.bind(port, opts.host);
    await once(udp, 'listening');
  } catch (e) {
    tcp.close();
    throw e;
  }
  return {
    port,
    address: opts.host,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => tcp.close(() => r()));
      await new Promise<void>((r) => udp.close(() => r()));
    },
  };
}
