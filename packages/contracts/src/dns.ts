import { z } from 'zod';
import { dnsBatchRecordLimit, dnsBatchZoneLimit, dnsDeletesPerChange, dnsRecordsPerChange, dnsRecordTypes, dnsTtlDefault, dnsTtlMax, dnsTtlMin } from '@cc/domain/dns-records';
import { boundedList, id, int, text, textList } from './input.ts';

/**
 * DNS hosting (document 02 §2 /domain/dns, /domain/dns/{domain}, /domain/batch/dns; §7 POST domains/records and
 * domains/recordsDel under /dm-serv/v1). Every change is previewed as a diff (preview: true) and applied against the
 * serial it was based on (baseSerial): a zone changed in between answers 14302 with the current serial and the diff
 * since. Messages are keys of packages/domain dns-messages.ts.
 */

const zone = text(260, 'dns.v.zone').trim().min(1, { message: 'dns.v.zone' }).describe('the zone apex, e.g. example.com');
const baseSerial = int(0, Number.MAX_SAFE_INTEGER).describe('the zone serial the change was based on (from the records call)');
const preview = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .optional()
  .default(false)
  .describe('true: answer the diff only, change nothing');

export const dnsRecordInput = z.object({
  id: id('dns.recordNotFound').optional().describe('an existing record to edit; absent to add one'),
  host: text(260, 'dns.v.host').describe('relative to the zone: @ for the apex, www, *.dev, _sip._tcp'),
  type: z.enum(dnsRecordTypes, { message: 'dns.v.type' }),
  value: text(5000, 'dns.v.valueRequired').describe('A/AAAA: address; CNAME/NS/MX: host; TXT: the text; SRV: "weight port target"; CAA: flags tag "value"'),
  ttl: int(dnsTtlMin, dnsTtlMax, { type: 'dns.v.ttl', range: 'dns.v.ttl' }).optional().default(dnsTtlDefault),
  prio: int(0, 65535, { type: 'dns.v.prio', range: 'dns.v.prio' }).optional().describe('MX and SRV priority'),
  disabled: z.boolean().optional().default(false).describe('true: paused, kept but not served'),
});
export type DnsRecordInputBody = z.input<typeof dnsRecordInput>;

export const dnsRecord = z.object({
  id: z.number().int(),
  host: z.string(),
  name: z.string().describe('absolute name'),
  type: z.enum(dnsRecordTypes),
  value: z.string(),
  content: z.string().describe('presentation form (TXT as quoted strings of ≤255 bytes)'),
  ttl: z.number().int(),
  prio: z.number().int(),
  disabled: z.boolean(),
  system: z.boolean().describe('managed by the product (the apex NS): not editable'),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

const diffSide = z.object({ id: z.number().int().nullable(), host: z.string(), type: z.string(), value: z.string(), ttl: z.number().int(), prio: z.number().int(), disabled: z.boolean() });
export type DnsDiffSide = z.infer<typeof diffSide>;
export const dnsDiffEntry = z.object({ op: z.enum(['add', 'remove', 'change']), before: diffSide.nullable(), after: diffSide.nullable() });
export type DnsDiff = z.infer<typeof dnsDiffEntry>;

export const dnsZone = z.object({
  name: z.string(),
  status: z
    .enum(['pending', 'active'])
    .describe('pending: a claim not answered by our DNS servers until control is proven (the delegation or the TXT verification record, then the check); active: answered'),
  origin: z.enum(['registered', 'external']),
  serial: z.number().int(),
  recordCount: z.number().int(),
  nameservers: z.array(z.string()).describe('the nameservers to set at the registrar'),
  delegationSeen: z.array(z.string()).describe('nameservers the last check saw'),
  delegationCheckedAt: z.string(),
  verification: z
    .object({ host: z.string(), type: z.literal('TXT'), value: z.string() })
    .describe('the TXT record that proves control of the zone (published where the domain is served now), then the check'),
  checkNote: z.string().describe('why the last check left the zone pending, in the caller\'s language; empty when none'),
  updatedAt: z.string(),
});
export type DnsZone = z.infer<typeof dnsZone>;

export const dnsZonesQuery = z.object({ search: text(260).trim().optional().default('') });
export const dnsZonesAnswer = z.object({ nameservers: z.array(z.string()), zones: z.array(dnsZone) });
export type DnsZonesAnswer = z.infer<typeof dnsZonesAnswer>;

export const dnsZoneBody = z.object({ zone });
export const dnsZoneParams = z.object({ zone });

export const dnsRecordsAnswer = z.object({ zone: dnsZone, records: z.array(dnsRecord) });
export type DnsRecordsAnswer = z.infer<typeof dnsRecordsAnswer>;

export const dnsChangeAnswer = z.object({
  applied: z.boolean(),
  serial: z.number().int().describe('the serial after the change (or now, for a preview)'),
  diff: z.array(dnsDiffEntry),
  changeId: z.number().int().nullable(),
});
export type DnsChangeAnswer = z.infer<typeof dnsChangeAnswer>;

/** What a conflict (14302) carries in data: the serial now and what changed since the base serial. */
export const dnsConflictData = z.object({ serial: z.number().int(), diff: z.array(dnsDiffEntry) });
export type DnsConflictData = z.infer<typeof dnsConflictData>;

/** POST /dm-serv/v1/domains/records: adds (no id) and edits (id) records of one zone in one change. */
export const dnsRecordsBody = z.object({
  zone,
  baseSerial,
  records: boundedList(dnsRecordInput, dnsRecordsPerChange, { empty: 'dns.v.records', tooMany: 'dns.v.recordsTooMany' }),
  preview,
});
export type DnsRecordsBody = z.input<typeof dnsRecordsBody>;

/** POST /dm-serv/v1/domains/recordsDel: deletes records of one zone in one change. */
export const dnsRecordsDelBody = z.object({
  zone,
  baseSerial,
  ids: boundedList(id('dns.recordNotFound'), dnsDeletesPerChange, { empty: 'dns.v.ids', tooMany: 'dns.v.idsTooMany' }),
  preview,
});
export type DnsRecordsDelBody = z.input<typeof dnsRecordsDelBody>;

export const dnsHistoryEntry = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  kind: z.string(),
  title: z.string().describe('what the change was, translated'),
  actor: z.string(),
  at: z.string(),
  diff: z.array(dnsDiffEntry),
  rollbackOf: z.number().int().nullable(),
});
export type DnsHistoryEntry = z.infer<typeof dnsHistoryEntry>;
export const dnsHistoryAnswer = z.object({ changes: z.array(dnsHistoryEntry) });
export type DnsHistoryAnswer = z.infer<typeof dnsHistoryAnswer>;

export const dnsRollbackBody = z.object({ changeId: id('dns.changeNotFound').describe('the version to go back to (its state after that change)'), baseSerial, preview });
export type DnsRollbackBody = z.input<typeof dnsRollbackBody>;

export const dnsImportBody = z.object({
  text: text(1_000_000, 'dns.v.importText').min(1, { message: 'dns.v.importText' }),
  mode: z.enum(['merge', 'replace']).optional().default('merge').describe('merge: add what is new; replace: the file becomes the whole record set'),
  baseSerial,
  preview,
});
export type DnsImportBody = z.input<typeof dnsImportBody>;

export const dnsExportAnswer = z.object({ filename: z.string(), text: z.string() });

export const dnsBatchActions = ['add', 'replace', 'remove'] as const;
/** POST /dm-serv/v1/dns/batch: one record set added, replaced (same host and type) or removed across many zones. */
export const dnsBatchBody = z.object({
  zones: textList(dnsBatchZoneLimit, 260, 'dns.v.zonesTooMany').refine((v) => v.length > 0, { message: 'dns.v.zones' }),
  action: z.enum(dnsBatchActions),
  records: boundedList(dnsRecordInput, dnsBatchRecordLimit, { empty: 'dns.v.records', tooMany: 'dns.v.batchRecordsTooMany' }),
  preview,
});
export type DnsBatchBody = z.input<typeof dnsBatchBody>;
export const dnsBatchResult = z.object({
  zone: z.string(),
  ok: z.boolean(),
  serial: z.number().int().nullable(),
  diff: z.array(dnsDiffEntry),
  msg: z.string().describe('why this zone was not changed; empty when it was'),
});
export const dnsBatchAnswer = z.object({ results: z.array(dnsBatchResult) });
export type DnsBatchAnswer = z.infer<typeof dnsBatchAnswer>;
