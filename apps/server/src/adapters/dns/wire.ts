import * as packet from 'dns-packet';

/**
 * A DNS message in wire format with name compression (RFC 1035 §4.1.4): every owner name, and the names inside NS,
 * CNAME, PTR, MX and SOA data (the types RFC 3597 §4 allows to be compressed), is written as a pointer to an earlier
 * occurrence of its longest known suffix. dns-packet writes every name in full, so an answer of ten names in one zone
 * repeats the zone ten times; compressed, the same answer fits the 512 bytes of a classic UDP reply far more often.
 * Other record data (SRV targets included, RFC 2782) is encoded by dns-packet as it is.
 */

export interface Message {
  id: number;
  flags: number;
  questions: packet.Question[];
  answers: packet.Answer[];
  authorities: packet.Answer[];
  additionals: packet.Answer[];
}

/** The per-record encoders dns-packet exports at run time (its type declarations leave them out). */
const raw = packet as unknown as {
  answer: { encode(a: packet.Answer): Buffer };
  record(type: string): { encode(data: unknown): Buffer };
};

const compressible = new Set(['NS', 'CNAME', 'PTR', 'DNAME']);

/** Labels of a name; `\.` inside a label is a literal dot (the local part of a SOA RNAME). */
function labelsOf(name: string): string[] {
  const n = name.replace(/^\.|\.$/g, '');
  if (!n) return [];
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < n.length; i++) {
    const c = n[i]!;
    if (c === '\\' && n[i + 1] === '.') {
      cur += '.';
      i++;
    } else if (c === '.') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

class Writer {
  private buf = Buffer.alloc(4096);
  private at = 0;
  /** Suffix (labels joined as written, case kept) → offset of its first occurrence; only offsets a pointer can reach. */
  private names = new Map<string, number>();

  get length() {
    return this.at;
  }

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  u8(v: number) {
    this.room(1);
    this.buf.writeUInt8(v, this.at);
    this.at += 1;
  }

  u16(v: number) {
    this.room(2);
    this.buf.writeUInt16BE(v, this.at);
    this.at += 2;
  }

  u32(v: number) {
    this.room(4);
    this.buf.writeUInt32BE(v >>> 0, this.at);
    this.at += 4;
  }

  bytes(b: Buffer) {
    this.room(b.length);
    b.copy(this.buf, this.at);
    this.at += b.length;
  }

  /** A name, ending in a pointer to the longest suffix written before (names compared as written: DNS keeps case). */
  name(name: string) {
    const labels = labelsOf(name);
    for (let i = 0; i < labels.length; i++) {
      const suffix = labels.slice(i).map((l) => l.replace(/\./g, '\\.')).join('.');
      const seen = this.names.get(suffix);
      if (seen !== undefined) {
        this.u16(0xc000 | seen);
        return;
      }
      if (this.at < 0x4000) this.names.set(suffix, this.at);
      const label = Buffer.from(labels[i]!, 'utf8');
      this.u8(label.length);
      this.bytes(label);
    }
    this.u8(0);
  }

  /** Writes rdata through `f` behind its 16-bit length. */
  rdata(f: () => void) {
    const lengthAt = this.at;
    this.u16(0);
    f();
    this.buf.writeUInt16BE(this.at - lengthAt - 2, lengthAt);
  }

  done(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.at));
  }
}

const typeCode = (type: string) => packet.encode({ type: 'query', id: 0, questions: [{ type: type as packet.RecordType, name: '.' }] }).readUInt16BE(12 + 1);

const typeCodes = new Map<string, number>();
function codeOf(type: string): number {
  let c = typeCodes.get(type);
  if (c === undefined) {
    c = typeCode(type);
    typeCodes.set(type, c);
  }
  return c;
}

const classCode = (c: string | undefined) => (c === 'ANY' ? 255 : c === 'CH' ? 3 : 1);

function record(w: Writer, a: packet.Answer) {
  if (a.type === 'OPT') {
    // The OPT pseudo-record's owner is the root; dns-packet encodes its fields (RFC 6891 §6.1.2).
    w.bytes(raw.answer.encode(a));
    return;
  }
  w.name(a.name);
  w.u16(codeOf(a.type));
  w.u16(classCode(a.class));
  w.u32(a.ttl ?? 0);
  const data = (a as { data: unknown }).data;
  if (compressible.has(a.type)) w.rdata(() => w.name(data as string));
  else if (a.type === 'MX') {
    const mx = data as packet.MxData;
    w.rdata(() => {
      w.u16(mx.preference ?? 0);
      w.name(mx.exchange);
    });
  } else if (a.type === 'SOA') {
    const soa = data as packet.SoaData;
    w.rdata(() => {
      w.name(soa.mname);
      w.name(soa.rname);
      for (const v of [soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum]) w.u32(v ?? 0);
    });
  } else {
    // dns-packet's encoders write the 16-bit length themselves.
    w.bytes(raw.record(a.type).encode(data));
  }
}

/** The whole message, compressed. */
export function encodeMessage(m: Message): Buffer {
  const w = new Writer();
  w.u16(m.id);
  w.u16((m.flags & 0x7fff) | 0x8000);
  for (const n of [m.questions.length, m.answers.length, m.authorities.length, m.additionals.length]) w.u16(n);
  for (const q of m.questions) {
    w.name(q.name);
    w.u16(codeOf(q.type));
    w.u16(classCode(q.class));
  }
  for (const a of [...m.answers, ...m.authorities, ...m.additionals]) record(w, a);
  return w.done();
}
