import { createSocket } from 'node:dgram';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

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
