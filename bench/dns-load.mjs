// A UDP load generator for an authoritative DNS server, run in its own process so that it never shares an event loop
// with the server it measures: `node bench/dns-load.mjs PORT SECONDS INFLIGHT name/type ...` prints one JSON line.
import dgram from 'node:dgram';
import { createRequire } from 'node:module';

const packet = createRequire(import.meta.url)('dns-packet');
const [port, seconds, inflight, ...questions] = process.argv.slice(2);
const qs = questions.map((q) => q.split('/'));
const socket = dgram.createSocket('udp4');
let sent = 0;
let answered = 0;
let failed = 0;
let id = 0;
const pending = new Map();
const end = Date.now() + Number(seconds) * 1000;

function send() {
  if (Date.now() >= end) return;
  id = (id + 1) & 0xffff;
  const [name, type] = qs[sent % qs.length];
  sent++;
  pending.set(id, Date.now());
  socket.send(packet.encode({ type: 'query', id, flags: 0, questions: [{ type, name }] }), Number(port), '127.0.0.1');
}

socket.on('message', (msg) => {
  const r = packet.decode(msg);
  if (!pending.delete(r.id)) return;
  if (r.rcode === 'NOERROR' || r.rcode === 'NXDOMAIN') answered++;
  else failed++;
  send();
});
socket.bind(0, '127.0.0.1', () => {
  for (let i = 0; i < Number(inflight); i++) send();
  const started = Date.now();
  // A lost datagram would stall its slot: one re-sent after 1 s keeps the load steady.
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [k, at] of pending) if (now - at > 1000) { pending.delete(k); failed++; send(); }
    if (now >= end) {
      clearInterval(timer);
      const secs = (now - started) / 1000;
      console.log(JSON.stringify({ qps: Math.round(answered / secs), answered, failed }));
      socket.close();
    }
  }, 100);
});
