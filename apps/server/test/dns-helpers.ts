import { createSocket } from 'node:dgram';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import * as packet from 'dns-packet';

/** A port free on loopback now (TCP), for a server that cannot be told to pick its own (PowerDNS). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

interface Dns2Packet {
  header: { rcode: number };
  questions: { name: string; type: number }[];
  answers: Record<string, unknown>[];
  toBuffer(): Buffer;
}
const { Packet } = createRequire(import.meta.url)('dns2') as {
  Packet: { TYPE: Record<'A', number>; CLASS: { IN: number }; parse(b: Buffer): Dns2Packet; createResponseFromRequest(r: Dns2Packet): Dns2Packet };
};

let noWorld: Promise<string> | undefined;

/**
 * The resolver a test server asks when the test gives it none: on loopback, it answers "no such name" for every
 * name but localhost, as this machine's resolver does (there is no internet here), so no lookup leaves loopback.
 * One per test process, never closed (unref'd: it does not keep the process alive).
 */
export function noWorldResolver(): Promise<string> {
  noWorld ??= new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.on('message', (msg, from) => {
      let req: Dns2Packet;
      try {
        req = Packet.parse(msg);
      } catch {
        return;
      }
      const res = Packet.createResponseFromRequest(req);
      const q = req.questions[0];
      if (q && q.name.toLowerCase() === 'localhost') {
        if (q.type === Packet.TYPE.A) res.answers.push({ name: q.name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address: '127.0.0.1' });
      } else res.header.rcode = 3;
      socket.send(res.toBuffer(), from.port, from.address);
    });
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      socket.unref();
      resolve(`127.0.0.1:${socket.address().port}`);
    });
  });
  return noWorld;
}

const bare = (n: string) => n.toLowerCase().replace(/\.$/, '');
const under = (n: string, zone: string) => n === zone || n.endsWith(`.${zone}`);

/** A server elsewhere, as the world's parents name it (the world answers its address itself). */
const worldNs = 'ns.world.test';
const elsewhereNs = 'ns.elsewhere.test';

export interface DnsWorld {
  /** host:port to give as DNS_RESOLVER. */
  resolver: string;
  /** To give as DNS_DELEGATION_PORT: the world also plays every parent zone's nameservers, on the same port. */
  port: number;
  /** The env a test app needs to see this world. */
  env: { DNS_RESOLVER: string; DNS_DELEGATION_PORT: string };
  /** The port of our built-in server, which the world sends questions about names delegated to ours. */
  serveOurs(port: number): void;
  /** The parent of `zone` delegates it to our nameservers (or to the ones given). */
  delegate(zone: string, nameservers?: string[]): void;
  undelegate(zone: string): void;
  /** `zone` is served by a DNS provider elsewhere, with the records published here. */
  elsewhere(zone: string): void;
  publish(name: string, type: 'TXT' | 'A', value: string): void;
  unpublish(name: string): void;
  /** The world's answer to a query's bytes, for a test resolver of its own in front of it (dns-caa.test.ts). */
  ask(msg: Buffer): Promise<Buffer | null>;
  close(): Promise<void>;
}

/**
 * Public DNS on one loopback UDP port, for the zone checks and validation lookups of a test app: a recursive
 * resolver (questions with RD) and every parent zone's nameservers (questions without RD), the way the internet
 * answers them. Every single label is a TLD whose servers are the world itself; a zone delegated to our nameservers
 * is answered by our built-in server (questions forwarded to it; a REFUSED answer becomes SERVFAIL for a recursive
 * question, as a resolver meeting a lame delegation says), with the parent's referral for its NS asked without RD;
 * a zone "elsewhere" answers the records a test publishes. Any other name does not exist.
 */
export async function startDnsWorld(o: { ours?: string[] } = {}): Promise<DnsWorld> {
  const ours = o.ours ?? ['ns1.certhub.local', 'ns2.certhub.local'];
  const delegations = new Map<string, string[]>();
  const external = new Set<string>();
  const published = new Map<string, { type: 'TXT' | 'A'; value: string }[]>();
  let oursPort = 0;
  const socket = createSocket('udp4');

  const forward = (msg: Buffer): Promise<Buffer | null> =>
    new Promise((resolve) => {
      const s = createSocket('udp4');
      const timer = setTimeout(() => finish(null), 3000);
      const finish = (b: Buffer | null) => {
        clearTimeout(timer);
        s.close();
        resolve(b);
      };
      s.on('message', (m) => finish(m));
      s.on('error', () => finish(null));
      s.send(msg, oursPort, '127.0.0.1');
    });

  const answer = async (msg: Buffer): Promise<Buffer | null> => {
    let req: packet.DecodedPacket;
    try {
      req = packet.decode(msg);
    } catch {
      return null;
    }
    const q = req.questions?.[0];
    if (!q) return null;
    const name = bare(q.name);
    const rd = req.flag_rd;
    const reply = (rcode: number, p: { answers?: packet.Answer[]; authorities?: packet.Answer[] } = {}, aa = false) =>
      packet.encode({
        type: 'response',
        id: req.id ?? 0,
        flags: rcode | packet.RECURSION_AVAILABLE | (rd ? packet.RECURSION_DESIRED : 0) | (aa ? packet.AUTHORITATIVE_ANSWER : 0),
        questions: req.questions ?? [],
        answers: p.answers ?? [],
        authorities: p.authorities ?? [],
      });
    const ns = (owner: string, targets: string[]): packet.Answer[] => targets.map((t) => ({ name: owner, type: 'NS', class: 'IN', ttl: 60, data: t }));
    if ([worldNs, elsewhereNs, ...ours].includes(name)) return reply(0, q.type === 'A' ? { answers: [{ name: q.name, type: 'A', class: 'IN', ttl: 60, data: '127.0.0.1' }] } : {}, true);
    const cut = [...delegations.keys(), ...external].filter((c) => under(name, c)).sort((a, b) => b.length - a.length)[0];
    if (!cut) {
      if (!name.includes('.') && q.type === 'NS') return reply(0, { answers: ns(q.name, [worldNs]) }, true);
      return reply(3, {}, true);
    }
    const to = delegations.get(cut);
    if (to) {
      // The parent's referral, to a question without recursion (the check asks the parent's servers this way).
      if (name === cut && !rd) return reply(0, { authorities: ns(cut, to) });
      if (!to.every((n) => ours.includes(n))) return rd && name === cut && q.type === 'NS' ? reply(0, { answers: ns(q.name, to) }) : reply(2);
      const res = oursPort ? await forward(msg) : null;
      if (!res) return reply(2);
      if (rd && (res[3]! & 0xf) === 5) res[3] = (res[3]! & 0xf0) | 2;
      return res;
    }
    // A zone served elsewhere: the records published for it.
    if (name === cut && q.type === 'NS') return reply(0, { answers: ns(q.name, [elsewhereNs]) }, true);
    const here = published.get(name) ?? [];
    const exists = here.length > 0 || name === cut || [...published.keys()].some((n) => n.endsWith(`.${name}`));
    const answers: packet.Answer[] = here
      .filter((r) => r.type === q.type)
      .map((r) => (r.type === 'TXT' ? { name: q.name, type: 'TXT', class: 'IN', ttl: 60, data: [Buffer.from(r.value)] } : { name: q.name, type: 'A', class: 'IN', ttl: 60, data: r.value }));
    return reply(exists ? 0 : 3, { answers }, true);
  };

  socket.on('message', (msg, from) => {
    void answer(msg).then((res) => {
      if (res) socket.send(res, from.port, from.address);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const port = socket.address().port;
  return {
    resolver: `127.0.0.1:${port}`,
    port,
    env: { DNS_RESOLVER: `127.0.0.1:${port}`, DNS_DELEGATION_PORT: String(port) },
    serveOurs: (p) => {
      oursPort = p;
    },
    delegate: (zone, nameservers = ours) => void delegations.set(bare(zone), nameservers),
    undelegate: (zone) => void delegations.delete(bare(zone)),
    elsewhere: (zone) => void external.add(bare(zone)),
    publish: (name, type, value) => void published.set(bare(name), [...(published.get(bare(name)) ?? []), { type, value }]),
    unpublish: (name) => void published.delete(bare(name)),
    ask: answer,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
