/**
 * Rules of hosted DNS records: what a user may enter for each type, how it is stored (PowerDNS's presentation form),
 * which record sets are coherent (RFC 1034 §3.6.2: a CNAME stands alone), diffs between two record sets, and the
 * zone-file format (RFC 1035 §5) for import and export. The console and the server run the same functions.
 */
import { isDomain, isIPv4, isIPv6, toAscii } from './domain-names.ts';
import type { DnsMessageKey } from './dns-messages.ts';

export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'SRV', 'CAA', 'NS'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];

/** TTL bounds (the message dns.v.ttl states them). */
export const dnsTtlMin = 60;
export const dnsTtlMax = 86400;
export const dnsTtlDefault = 600;
/** Longest TXT text accepted (split into strings of 255 bytes on the wire). */
export const dnsTxtMax = 4000;
/** Records a zone may hold. */
export const dnsZoneRecordLimit = 2000;
/** Zones one batch call may change (the console sends hundreds in several calls). */
export const dnsBatchZoneLimit = 100;
/** Records one change may add or edit, records one batch call may carry, records one call may delete. */
export const dnsRecordsPerChange = 500;
export const dnsBatchRecordLimit = 50;
export const dnsDeletesPerChange = 2000;
/** CAA property tags RFC 8659 §4.2 defines (others are refused: a CA ignores them, a typo would silently matter). */
export const caaTags = ['issue', 'issuewild', 'iodef'] as const;

export interface DnsSaid {
  key: DnsMessageKey;
  params?: Record<string, string | number>;
}

/** A record as the user writes it: host relative to the zone ('@' for the apex). */
export interface DnsRecordInput {
  id?: number | undefined;
  host: string;
  type: DnsRecordType;
  value: string;
  ttl: number;
  prio?: number | undefined;
  disabled?: boolean | undefined;
}

/** A record as stored: absolute lowercase name, content in presentation form. */
export interface DnsRecordData {
  id?: number | undefined;
  name: string;
  type: DnsRecordType;
  content: string;
  ttl: number;
  prio: number;
  disabled: boolean;
}

const hostLabel = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/** A DNS host name (underscores allowed, unlike a certificate's name): at most 253 bytes, labels of 1-63. */
export function isHostName(s: string): boolean {
  if (!s || s.length > 253) return false;
  return s.split('.').every((l) => hostLabel.test(l));
}

/** A zone apex a user may host: a registrable-looking domain (IDN converted first). */
export function normalizeZoneName(input: string): string | null {
  const n = toAscii(input.trim().replace(/\.$/, '')).toLowerCase();
  return isDomain(n) ? n : null;
}

/** The absolute name of a host typed relative to the zone ('@', 'www', 'www.example.com.', '*.dev'), or null. */
export function absoluteName(host: string, zone: string): string | null {
  let h = toAscii(host.trim()).toLowerCase();
  if (h === '' || h === '@') return zone;
  if (h.endsWith('.')) {
    h = h.slice(0, -1);
    if (h !== zone && !h.endsWith(`.${zone}`)) return null;
  } else if (h === zone || h.endsWith(`.${zone}`)) {
    // Written in full without the dot: taken as meant (every provider's console accepts this).
  } else {
    h = `${h}.${zone}`;
  }
  const rel = h === zone ? '' : h.slice(0, -(zone.length + 1));
  const labels = rel ? rel.split('.') : [];
  // A wildcard only as the whole leftmost label (RFC 4592).
  const ok = labels.every((l, i) => (l === '*' ? i === 0 : hostLabel.test(l)));
  return ok && h.length <= 253 ? h : null;
}

/** The host as shown beside its zone: '@' for the apex. */
export function relativeHost(name: string, zone: string): string {
  return name === zone ? '@' : name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : `${name}.`;
}

/** TXT text split into quoted strings of at most 255 bytes (RFC 1035 §3.3.14), as PowerDNS stores TXT. */
export function txtContent(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const parts: string[] = [];
  let i = 0;
  do {
    let end = Math.min(i + 255, bytes.length);
    // Never cut a UTF-8 character in two.
    while (end < bytes.length && end > i && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(new TextDecoder().decode(bytes.slice(i, end)));
    i = end;
  } while (i < bytes.length);
  return parts.map((p) => `"${p.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(' ');
}

/** The character strings of TXT (or CAA value) content: quoted strings with \" and \\ escapes, or bare words. */
export function contentStrings(content: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < content.length) {
    const c = content[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    let s = '';
    if (c === '"') {
      i++;
      while (i < content.length && content[i] !== '"') {
        if (content[i] === '\\' && i + 1 < content.length) {
          const d = /^\d{3}/.exec(content.slice(i + 1, i + 4));
          if (d) {
            s += String.fromCharCode(Number(d[0]));
            i += 4;
            continue;
          }
          i++;
        }
        s += content[i];
        i++;
      }
      i++;
    } else {
      while (i < content.length && content[i] !== ' ' && content[i] !== '\t') s += content[i++];
    }
    out.push(s);
  }
  return out;
}

/** What the user sees and edits for stored content. */
export function valueOf(r: Pick<DnsRecordData, 'type' | 'content'>): string {
  return r.type === 'TXT' ? contentStrings(r.content).join('') : r.content;
}

const u16 = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 65535;

function hostTarget(v: string): { ok: string } | { err: DnsSaid } {
  const t = toAscii(v.trim().replace(/\.$/, '')).toLowerCase();
  if (isIPv4(t) || isIPv6(t)) return { err: { key: 'dns.v.targetIsIp', params: { value: v } } };
  if (!isHostName(t) || !t.includes('.')) return { err: { key: 'dns.v.target', params: { value: v } } };
  return { ok: t };
}

export type RecordCheck = { ok: true; record: DnsRecordData } | { ok: false; errors: Record<string, DnsSaid> };

/** Checks one record a user entered and gives its stored form, or a precise message per field at fault. */
export function checkRecord(input: DnsRecordInput, zone: string): RecordCheck {
  const errors: Record<string, DnsSaid> = {};
  const name = absoluteName(input.host, zone);
  if (!name) errors.host = { key: 'dns.v.host', params: { host: input.host, zone } };
  const type = input.type;
  if (!(dnsRecordTypes as readonly string[]).includes(type)) errors.type = { key: 'dns.v.type', params: { type: String(type) } };
  if (!Number.isInteger(input.ttl) || input.ttl < dnsTtlMin || input.ttl > dnsTtlMax) errors.ttl = { key: 'dns.v.ttl' };
  const value = (input.value ?? '').trim();
  let content = '';
  let prio = 0;
  const needsPrio = type === 'MX' || type === 'SRV';
  if (needsPrio) {
    if (!u16(input.prio)) errors.prio = { key: 'dns.v.prio' };
    else prio = input.prio!;
  }
  if (!value && type !== 'TXT') errors.value = { key: 'dns.v.valueRequired' };
  else {
    switch (type) {
      case 'A':
        if (!isIPv4(value)) errors.value = { key: 'dns.v.ipv4', params: { value } };
        else content = value;
        break;
      case 'AAAA':
        if (!isIPv6(value)) errors.value = { key: 'dns.v.ipv6', params: { value } };
        else content = value.toLowerCase();
        break;
      case 'CNAME':
      case 'NS':
      case 'MX': {
        const t = hostTarget(value);
        if ('err' in t) errors.value = t.err;
        else content = t.ok;
        if (type === 'CNAME' && name && name === zone) errors.host = { key: 'dns.v.cnameApex' };
        if (type === 'NS' && name && name === zone) errors.host = { key: 'dns.v.nsApex' };
        if (type === 'CNAME' && name && content === name) errors.value = { key: 'dns.v.cnameSelf' };
        break;
      }
      case 'TXT': {
        // The typed text itself, unquoted; a value pasted with its quotes (as dig shows it) is read as strings.
        const text = /^".*"$/s.test(value) ? contentStrings(value).join('') : value;
        if (!text) errors.value = { key: 'dns.v.valueRequired' };
        else if (new TextEncoder().encode(text).length > dnsTxtMax) errors.value = { key: 'dns.v.txtLong', params: { max: dnsTxtMax } };
        else if (/[\x00-\x08\x0a-\x1f\x7f]/.test(text)) errors.value = { key: 'dns.v.txtControl' };
        else content = txtContent(text);
        break;
      }
      case 'SRV': {
        const parts = value.split(/\s+/);
        const [w, p, target] = parts;
        if (parts.length !== 3 || !/^\d+$/.test(w ?? '') || !/^\d+$/.test(p ?? '')) errors.value = { key: 'dns.v.srvFormat' };
        else if (!u16(Number(w)) || !u16(Number(p))) errors.value = { key: 'dns.v.srvNumbers' };
        else if (target === '.') content = `${Number(w)} ${Number(p)} .`;
        else {
          const t = hostTarget(target!);
          if ('err' in t) errors.value = t.err;
          else content = `${Number(w)} ${Number(p)} ${t.ok}`;
        }
        if (name && !/^_[a-z0-9-]+\._(tcp|udp|tls|sctp)(\.|$)/.test(name)) errors.host = { key: 'dns.v.srvHost' };
        break;
      }
      case 'CAA': {
        const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(.+)$/s.exec(value);
        if (!m) {
          errors.value = { key: 'dns.v.caaFormat' };
          break;
        }
        const flags = Number(m[1]);
        const tag = m[2]!.toLowerCase();
        const raw = m[3]!.trim();
        const v = raw.startsWith('"') ? contentStrings(raw).join('') : raw;
        if (flags !== 0 && flags !== 128) errors.value = { key: 'dns.v.caaFlags' };
        else if (!(caaTags as readonly string[]).includes(tag)) errors.value = { key: 'dns.v.caaTag', params: { tag: m[2]! } };
        else if (tag === 'iodef' ? !/^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+)$/.test(v) : !isCaaIssuerValue(v)) {
          errors.value = { key: tag === 'iodef' ? 'dns.v.caaIodef' : 'dns.v.caaIssuer', params: { value: v } };
        } else content = `${flags} ${tag} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
        break;
      }
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, record: { id: input.id, name: name!, type, content, ttl: input.ttl, prio, disabled: Boolean(input.disabled) } };
}

/** RFC 8659 §4.2: an issuer domain (maybe empty: ";" forbids every CA) followed by optional "; key=value" parameters. */
export function isCaaIssuerValue(v: string): boolean {
  const [issuer = '', ...params] = v.split(';');
  const d = issuer.trim();
  if (d && !isDomain(d.toLowerCase())) return false;
  return params.every((p) => p.trim() === '' || /^\s*[A-Za-z0-9]+=[\x21-\x3a\x3c-\x7e]*\s*$/.test(p));
}

/** The CA domain a CAA issue/issuewild record names ('' for ";"), lowercase. */
export function caaIssuer(content: string): { tag: string; issuer: string; critical: boolean } | null {
  const m = /^(\d+)\s+(\S+)\s+(.*)$/s.exec(content);
  if (!m) return null;
  const v = contentStrings(m[3]!).join('');
  return { tag: m[2]!.toLowerCase(), issuer: (v.split(';')[0] ?? '').trim().toLowerCase(), critical: (Number(m[1]) & 128) !== 0 };
}

const sameRecord = (a: DnsRecordData, b: DnsRecordData) => a.name === b.name && a.type === b.type && a.content === b.content && a.prio === b.prio;

/** Checks a whole record set of a zone (after a change): a CNAME alone at its name, no duplicates, the size limit. */
export function checkRecordSet(records: DnsRecordData[], zone: string): DnsSaid[] {
  const problems: DnsSaid[] = [];
  if (records.length > dnsZoneRecordLimit) problems.push({ key: 'dns.v.tooMany', params: { max: dnsZoneRecordLimit } });
  const byName = new Map<string, DnsRecordData[]>();
  for (const r of records) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  for (const [name, rs] of byName) {
    const host = relativeHost(name, zone);
    const cnames = rs.filter((r) => r.type === 'CNAME');
    if (cnames.length > 1) problems.push({ key: 'dns.v.cnameTwice', params: { host } });
    else if (cnames.length === 1 && rs.length > 1) {
      const other = rs.find((r) => r.type !== 'CNAME')!;
      problems.push({ key: 'dns.v.cnameBeside', params: { host, type: other.type } });
    }
    for (let i = 0; i < rs.length; i++) {
      for (let j = i + 1; j < rs.length; j++) {
        if (sameRecord(rs[i]!, rs[j]!)) problems.push({ key: 'dns.v.duplicate', params: { host, type: rs[i]!.type, value: valueOf(rs[i]!) } });
      }
    }
    // RFC 2181 §5.2: the records of one name and type share one TTL.
    const ttlByType = new Map<string, number>();
    for (const r of rs) {
      const t = ttlByType.get(r.type);
      if (t !== undefined && t !== r.ttl) {
        problems.push({ key: 'dns.v.ttlMismatch', params: { host, type: r.type } });
        break;
      }
      ttlByType.set(r.type, r.ttl);
    }
  }
  // Names below a delegation are not ours to answer (only glue addresses are).
  const cuts = records.filter((r) => r.type === 'NS').map((r) => r.name);
  for (const r of records) {
    const cut = cuts.find((c) => r.name !== c && r.name.endsWith(`.${c}`));
    if (cut && r.type !== 'A' && r.type !== 'AAAA') problems.push({ key: 'dns.v.belowDelegation', params: { host: relativeHost(r.name, zone), cut: relativeHost(cut, zone) } });
    if (!cut && cuts.includes(r.name) && r.type !== 'NS' && r.type !== 'A' && r.type !== 'AAAA') problems.push({ key: 'dns.v.besideDelegation', params: { host: relativeHost(r.name, zone), type: r.type } });
  }
  return problems;
}

export interface DnsDiffEntry {
  op: 'add' | 'remove' | 'change';
  before?: DnsRecordData | undefined;
  after?: DnsRecordData | undefined;
}

const sameFields = (a: DnsRecordData, b: DnsRecordData) => sameRecord(a, b) && a.ttl === b.ttl && a.disabled === b.disabled;

/**
 * What turns `before` into `after`: records matched by id (an edit), else by name, type and content (the same record
 * written again, a rollback of a deleted one); what is left is added or removed.
 */
export function diffRecords(before: DnsRecordData[], after: DnsRecordData[]): DnsDiffEntry[] {
  const out: DnsDiffEntry[] = [];
  const left = new Map(before.map((r, i) => [i, r]));
  const pending: DnsRecordData[] = [];
  for (const a of after) {
    const i = a.id === undefined ? -1 : [...left].find(([, b]) => b.id === a.id)?.[0] ?? -1;
    if (i >= 0) {
      const b = left.get(i)!;
      left.delete(i);
      if (!sameFields(a, b)) out.push({ op: 'change', before: b, after: { ...a } });
    } else pending.push(a);
  }
  for (const a of pending) {
    const hit = [...left].find(([, b]) => sameRecord(a, b));
    if (hit) {
      left.delete(hit[0]);
      if (!sameFields(a, hit[1])) out.push({ op: 'change', before: hit[1], after: { ...a, id: hit[1].id } });
    } else out.push({ op: 'add', after: a });
  }
  for (const b of left.values()) out.push({ op: 'remove', before: b });
  return out;
}

// ---- zone files (RFC 1035 §5.1) ----

const abs = (name: string) => `${name}.`;

function contentForFile(r: DnsRecordData): string {
  switch (r.type) {
    case 'CNAME':
    case 'NS':
    case 'MX':
      return `${r.type === 'MX' ? `${r.prio} ` : ''}${abs(r.content)}`;
    case 'SRV': {
      const [w, p, t] = r.content.split(' ');
      return `${r.prio} ${w} ${p} ${t === '.' ? '.' : abs(t!)}`;
    }
    default:
      return r.content;
  }
}

export interface ZoneSoa {
  mname: string;
  rname: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
  ttl: number;
}

/** The zone in master-file format; paused records are written as comments, so an import leaves them out. */
export function toZoneFile(zone: string, soa: ZoneSoa, records: DnsRecordData[]): string {
  const lines = [
    `$ORIGIN ${abs(zone)}`,
    `$TTL ${soa.ttl}`,
    `@\t${soa.ttl}\tIN\tSOA\t${abs(soa.mname)} ${abs(soa.rname)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum}`,
  ];
  const sorted = [...records].sort((a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.content.localeCompare(b.content));
  for (const r of sorted) {
    const line = `${abs(r.name)}\t${r.ttl}\tIN\t${r.type}\t${contentForFile(r)}`;
    lines.push(r.disabled ? `; paused: ${line}` : line);
  }
  return `${lines.join('\n')}\n`;
}

export interface ZoneFileProblem {
  line: number;
  said: DnsSaid;
}

/** Splits one logical entry into fields, keeping quoted strings whole (with their quotes). */
function fields(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i]!)) {
      i++;
      continue;
    }
    let s = '';
    if (text[i] === '"') {
      s += text[i++];
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') s += text[i++];
        s += text[i++] ?? '';
      }
      s += '"';
      i++;
    } else while (i < text.length && !/\s/.test(text[i]!)) s += text[i++];
    out.push(s);
  }
  return out;
}

/** Strips a comment (';' outside quotes); reports the parenthesis depth change of the line. */
function stripComment(line: string): string {
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '"') q = !q;
    else if (c === ';' && !q) return line.slice(0, i);
  }
  return line;
}

/**
 * Reads a zone file into records a user could have typed (hosts relative to the zone). SOA and the apex NS are the
 * product's and are skipped; other types, names outside the zone and malformed lines are reported by line number.
 */
export function parseZoneFile(text: string, zone: string): { records: DnsRecordInput[]; problems: ZoneFileProblem[] } {
  const records: DnsRecordInput[] = [];
  const problems: ZoneFileProblem[] = [];
  let origin = zone;
  let defaultTtl = dnsTtlDefault;
  let owner = zone;
  const rawLines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let n = 0; n < rawLines.length; n++) {
    const lineNo = n + 1;
    let line = stripComment(rawLines[n]!);
    // Parentheses join lines (RFC 1035 §5.1).
    while (/\(/.test(line.replace(/"[^"]*"/g, '')) && !/\)/.test(line.replace(/"[^"]*"/g, '')) && n + 1 < rawLines.length) line += ` ${stripComment(rawLines[++n]!)}`;
    line = line.replace(/[()]/g, ' ');
    if (!line.trim()) continue;
    const startsBlank = /^\s/.test(line);
    const f = fields(line);
    if (f[0] === '$ORIGIN') {
      const o = (f[1] ?? '').toLowerCase().replace(/\.$/, '');
      if (o !== zone && !o.endsWith(`.${zone}`)) problems.push({ line: lineNo, said: { key: 'dns.import.origin', params: { origin: f[1] ?? '' } } });
      else origin = o;
      continue;
    }
    if (f[0] === '$TTL') {
      const t = Number(f[1]);
      if (Number.isInteger(t) && t >= 0) defaultTtl = t;
      else problems.push({ line: lineNo, said: { key: 'dns.import.syntax' } });
      continue;
    }
    if (f[0]?.startsWith('$')) {
      problems.push({ line: lineNo, said: { key: 'dns.import.directive', params: { directive: f[0] } } });
      continue;
    }
    if (!startsBlank) {
      const o = f.shift()!;
      owner = o === '@' ? origin : o.endsWith('.') ? o.slice(0, -1).toLowerCase() : `${o.toLowerCase()}.${origin}`;
    }
    let ttl = defaultTtl;
    while (f.length && (/^\d+$/.test(f[0]!) || /^(IN|CH|HS)$/i.test(f[0]!))) {
      const x = f.shift()!;
      if (/^\d+$/.test(x)) ttl = Number(x);
      else if (x.toUpperCase() !== 'IN') problems.push({ line: lineNo, said: { key: 'dns.import.class', params: { cls: x } } });
    }
    const type = (f.shift() ?? '').toUpperCase();
    if (type === 'SOA') continue;
    if (owner !== zone && !owner.endsWith(`.${zone}`)) {
      problems.push({ line: lineNo, said: { key: 'dns.import.outside', params: { name: owner } } });
      continue;
    }
    if (type === 'NS' && owner === zone) continue;
    if (!(dnsRecordTypes as readonly string[]).includes(type)) {
      problems.push({ line: lineNo, said: { key: 'dns.import.type', params: { type: type || '?' } } });
      continue;
    }
    const rel = (t: string) => (t === '@' ? `${origin}.` : t.endsWith('.') || t === '.' ? t : `${t}.${origin}.`);
    const host = `${owner}.`;
    const t = Math.min(Math.max(ttl, dnsTtlMin), dnsTtlMax);
    let value = f.join(' ');
    let prio: number | undefined;
    if (type === 'MX') {
      prio = Number(f[0]);
      value = rel(f[1] ?? '');
    } else if (type === 'SRV') {
      prio = Number(f[0]);
      value = `${f[1] ?? ''} ${f[2] ?? ''} ${f[3] === '.' ? '.' : rel(f[3] ?? '')}`;
    } else if (type === 'CNAME' || type === 'NS') value = rel(f[0] ?? '');
    else if (type === 'TXT') value = contentStrings(f.join(' ')).join('');
    if (f.length === 0) {
      problems.push({ line: lineNo, said: { key: 'dns.import.syntax' } });
      continue;
    }
    records.push({ host, type: type as DnsRecordType, value, ttl: t, prio });
  }
  return { records, problems };
}
