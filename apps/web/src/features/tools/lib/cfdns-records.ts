/**
 * The records of the batch-cfdns tool, read from pasted text. One record a line, either CSV
 * (`type,name,content,ttl,proxied[,priority]`) or a list separated by spaces or tabs in the same order; in both,
 * a field holding the separator is written in double quotes ("" for a quote inside). Blank lines and lines
 * starting with # are skipped, and so is a CSV header line. Each bad line gets its own message.
 */

export const cfRecordTypes = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS'] as const;
export type CfRecordType = (typeof cfRecordTypes)[number];
export type RecordsFormat = 'csv' | 'list';

export interface DnsRecordInput {
  /** 1-based line of the pasted text. */
  line: number;
  type: CfRecordType;
  /** As written: "@", a relative name, or a full name. */
  name: string;
  content: string;
  /** 1 means automatic (Cloudflare's spelling). */
  ttl: number;
  proxied: boolean;
  priority?: number;
}

/** A problem of one line: a message key of the tools' `cfdns.problem` table with its values. */
export interface LineProblem {
  line: number;
  key: 'quote' | 'columns' | 'type' | 'name' | 'ipv4' | 'ipv6' | 'host' | 'txt' | 'ttl' | 'proxied' | 'notProxiable' | 'priority' | 'priorityRequired' | 'duplicate';
  params: Record<string, string | number>;
}

export interface ParsedRecords {
  records: DnsRecordInput[];
  problems: LineProblem[];
}

const LABEL = '[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?';
const HOSTNAME = new RegExp(`^${LABEL}(\\.${LABEL})*\\.?$`, 'i');
const RECORD_NAME = new RegExp(`^(@|(\\*\\.)?${LABEL}(\\.${LABEL})*\\.?|\\*)$`, 'i');
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(s: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(s) || !s.includes(':')) return false;
  try {
    // The URL parser knows every IPv6 spelling (compressed, embedded IPv4) and refuses the rest.
    new URL(`http://[${s}]/`);
    return true;
  } catch {
    return false;
  }
}

/** Splits one line into fields; null when a quote is left open. */
export function splitFields(line: string, format: RecordsFormat): string[] | null {
  const fields: string[] = [];
  let cur = '';
  let quoted = false;
  let inQuotes = false;
  const isSep = (c: string) => (format === 'csv' ? c === ',' : c === ' ' || c === '\t');
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inQuotes) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      inQuotes = true;
      quoted = true;
      cur = '';
    } else if (isSep(c)) {
      // Runs of spaces separate once in a list.
      if (format === 'list' && cur === '' && !quoted) continue;
      fields.push(quoted ? cur : cur.trim());
      cur = '';
      quoted = false;
    } else if (!(quoted && /\s/.test(c))) cur += c;
  }
  if (inQuotes) return null;
  if (format === 'csv' || cur !== '' || quoted) fields.push(quoted ? cur : cur.trim());
  return fields;
}

const yes = new Set(['true', 'yes', 'y', '1', 'on', 'proxied']);
const no = new Set(['', 'false', 'no', 'n', '0', 'off', 'dns', 'dns-only']);

export function parseRecords(text: string, format: RecordsFormat): ParsedRecords {
  const records: DnsRecordInput[] = [];
  const problems: LineProblem[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const problem = (key: LineProblem['key'], params: Record<string, string | number> = {}) => problems.push({ line, key, params });
    const f = splitFields(trimmed, format);
    if (!f) return problem('quote');
    if (/^type$/i.test(f[0] ?? '') && /^name$/i.test(f[1] ?? '')) return;
    if (f.length < 3 || f.length > 6) return problem('columns', { count: f.length });
    const [typeRaw = '', name = '', content = '', ttlRaw = '', proxiedRaw = '', priorityRaw = ''] = f;
    const type = typeRaw.toUpperCase();
    if (!(cfRecordTypes as readonly string[]).includes(type)) return problem('type', { type: typeRaw, types: cfRecordTypes.join(', ') });
    const t = type as CfRecordType;
    if (!RECORD_NAME.test(name)) return problem('name', { name });
    if (t === 'A' && !IPV4.test(content)) return problem('ipv4', { content });
    if (t === 'AAAA' && !isIpv6(content)) return problem('ipv6', { content });
    if ((t === 'CNAME' || t === 'MX' || t === 'NS') && !HOSTNAME.test(content)) return problem('host', { content, type: t });
    if (t === 'TXT' && (content === '' || content.length > 2048)) return problem('txt');
    const ttlText = ttlRaw.trim().toLowerCase();
    const ttl = ttlText === '' || ttlText === 'auto' || ttlText === '1' ? 1 : /^\d+$/.test(ttlText) ? Number(ttlText) : NaN;
    if (!(ttl === 1 || (ttl >= 60 && ttl <= 86_400))) return problem('ttl', { ttl: ttlRaw });
    const p = proxiedRaw.trim().toLowerCase();
    if (!yes.has(p) && !no.has(p)) return problem('proxied', { value: proxiedRaw });
    const proxied = yes.has(p);
    if (proxied && t !== 'A' && t !== 'AAAA' && t !== 'CNAME') return problem('notProxiable', { type: t });
    let priority: number | undefined;
    if (priorityRaw.trim() !== '') {
      if (!/^\d+$/.test(priorityRaw.trim()) || Number(priorityRaw) > 65_535) return problem('priority', { value: priorityRaw });
      priority = Number(priorityRaw);
    }
    if (t === 'MX' && priority === undefined) return problem('priorityRequired');
    const rec: DnsRecordInput = { line, type: t, name, content, ttl, proxied, ...(t === 'MX' ? { priority } : {}) };
    const twin = records.find((r) => r.type === rec.type && r.name.toLowerCase() === rec.name.toLowerCase() && r.content === rec.content);
    if (twin) return problem('duplicate', { other: twin.line });
    records.push(rec);
  });
  return { records, problems };
}

/** The full name Cloudflare will show: "@" is the zone itself, a relative name gets the zone appended. */
export function fullName(name: string, zone: string): string {
  const n = name.toLowerCase().replace(/\.$/, '');
  const z = zone.toLowerCase().replace(/\.$/, '');
  if (n === '@' || n === '' || n === z) return z;
  return n.endsWith(`.${z}`) ? n : `${n}.${z}`;
}
