import type { Db, Queryable } from '@cc/db/client';
import type { DnsBatchAnswer, DnsChangeAnswer, DnsDiff, DnsDiffSide, DnsHistoryAnswer, DnsRecord, DnsRecordsAnswer, DnsZone, DnsZonesAnswer } from '@cc/contracts/dns';
import { translate, type Locale } from '@cc/contracts/messages';
import {
  absoluteName,
  checkRecord,
  checkRecordSet,
  diffRecords,
  normalizeZoneName,
  parseZoneFile,
  relativeHost,
  toZoneFile,
  txtContent,
  valueOf,
  type DnsDiffEntry,
  type DnsRecordData,
  type DnsRecordInput,
  type DnsSaid,
} from '@cc/domain/dns-records';
import { activeOverlap, claimLockKey, judgeClaim, verificationHost, verificationValue, zoneRelation, type RivalZone } from '@cc/domain/dns-claims';
import { AppError, type Said } from '../../lib/app-error.ts';
import { ancestry, answeringZone } from '../../adapters/dns/authoritative.ts';
import { notifyAccount } from '../messages/notify.ts';
import { formatTime } from '../session/accounts.ts';
import { accountIdOf, deptFilterSql, type Who } from '../team/scope.ts';
import { auditAs, type AuditBy } from '../team/audit.ts';

/**
 * DNS hosting: the zones of an account and every change of their records. A change (add, edit, pause, delete,
 * import, rollback, batch, a DCV record) goes through one path, changeZone: the zone row is locked, the serial the
 * user saw is compared (a zone changed in between is a conflict that carries the diff since), the whole record set
 * after the change is checked, and the diff, the new serial and a history entry with the whole set are written in
 * the same transaction. The authoritative server reads the tables directly, so the commit is what it answers next.
 *
 * Who may host a name (packages/domain dns-claims.ts): a zone added here is a claim, pending and answered by nobody,
 * until a check sees proof of control through public DNS (the parent's delegation to our nameservers, or the claim's
 * own TXT token); a domain registered here is proven by the registry. Several accounts may claim one name (a first
 * comer cannot block the holder); the one that proves it wins and the others' claims are released with a message.
 * A zone inside or enclosing another account's live zone is refused. Every claim decision holds one advisory lock
 * per tree of names (claimLockKey), so two overlapping claims are never decided at once.
 */

export interface DnsSettings {
  nameservers: string[];
  hostmaster: string;
}

/** Who is changing, for the history. */
export interface DnsCaller {
  accountId: number;
  actor: string;
  /** The departments the caller sees (services/team/scope.ts); absent: the whole account (jobs, validation). */
  who?: Who;
  /** Who, for the team audit log (written in the change's own transaction); absent: a change no person made. */
  by?: AuditBy;
}

/** Who brought a zone here (a member and its department, like orders); absent: the owner. */
export interface ZoneAuthor {
  memberId: number | null;
  deptId: number | null;
}

const whoOf = (c: DnsCaller): Who => c.who ?? c.accountId;

type ZoneRow = {
  id: number;
  account_id: number;
  name: string;
  serial: string | number;
  status: 'pending' | 'active';
  origin: 'registered' | 'external';
  mname: string;
  rname: string;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
  soa_ttl: number;
  delegation_checked_at: Date | string | null;
  delegation_seen: string;
  verify_token: string;
  check_note: string;
  updated_at: Date | string;
  record_count?: number;
};

type RecordRow = { id: string | number; name: string; type: DnsRecordData['type']; content: string; ttl: number; prio: number; disabled: boolean; system: boolean };

const zoneColumns =
  'id, account_id, name, serial, status, origin, mname, rname, refresh, retry, expire, minimum, soa_ttl, delegation_checked_at, delegation_seen, verify_token, check_note, updated_at';

const dataOf = (r: RecordRow): DnsRecordData => ({ id: Number(r.id), name: r.name, type: r.type, content: r.content, ttl: r.ttl, prio: r.prio, disabled: r.disabled });

const recordOf = (r: RecordRow, zone: string): DnsRecord => ({
  id: Number(r.id),
  host: relativeHost(r.name, zone),
  name: r.name,
  type: r.type,
  value: valueOf(r),
  content: r.content,
  ttl: r.ttl,
  prio: r.prio,
  disabled: r.disabled,
  system: r.system,
});

const sideOf = (r: DnsRecordData | undefined, zone: string): DnsDiffSide | null =>
  r ? { id: r.id ?? null, host: relativeHost(r.name, zone), type: r.type, value: valueOf(r), ttl: r.ttl, prio: r.prio, disabled: r.disabled } : null;

export const diffView = (d: DnsDiffEntry[], zone: string): DnsDiff[] => d.map((e) => ({ op: e.op, before: sideOf(e.before, zone), after: sideOf(e.after, zone) }));

const noteText = (locale: Locale, note: string): string => {
  if (!note) return '';
  const n = JSON.parse(note) as Said;
  return translate(locale, n.key, n.params);
};

const zoneOf = (z: ZoneRow, s: DnsSettings, locale: Locale): DnsZone => ({
  name: z.name,
  status: z.status,
  origin: z.origin,
  serial: Number(z.serial),
  recordCount: z.record_count ?? 0,
  nameservers: s.nameservers,
  delegationSeen: z.delegation_seen ? z.delegation_seen.split(',') : [],
  delegationCheckedAt: formatTime(z.delegation_checked_at),
  verification: { host: verificationHost(z.name), type: 'TXT', value: verificationValue(z.verify_token) },
  checkNote: z.status === 'pending' ? noteText(locale, z.check_note) : '',
  updatedAt: formatTime(z.updated_at),
});

const rnameOf = (hostmaster: string) => {
  const [local = 'hostmaster', domain = ''] = hostmaster.split('@');
  return `${local.replace(/\./g, '\\.')}.${domain}`;
};

/** The first serial of a zone: the date as YYYYMMDD00 (RFC 1912 §2.2), then one more on every change. */
export const firstSerial = (now: Date) => Number(`${now.toISOString().slice(0, 10).replace(/-/g, '')}00`);

const zoneNotFound = (zone: string) => new AppError('DNS_ZONE_NOT_FOUND', { zone });

async function zoneFor(q: Queryable, who: Who, zone: string, lock = false): Promise<ZoneRow> {
  const name = normalizeZoneName(zone) ?? zone.toLowerCase();
  const params: unknown[] = [name, accountIdOf(who)];
  const scope = deptFilterSql(who, 'z', params);
  const [z] = await q.query<ZoneRow>(`SELECT ${zoneColumns} FROM dns_zones z WHERE name = $1 AND account_id = $2${scope}${lock ? ' FOR UPDATE' : ''}`, params);
  if (!z) throw zoneNotFound(zone);
  return z;
}

async function userRecords(q: Queryable, zoneId: number): Promise<DnsRecordData[]> {
  const rows = await q.query<RecordRow>(`SELECT id, name, type, content, ttl, prio, disabled, system FROM dns_records WHERE zone_id = $1 AND NOT system ORDER BY id`, [zoneId]);
  return rows.map(dataOf);
}

/** The whole record set after a change; ids kept, so that a rollback of an edit shows as that record changed back. */
const snapshotOf = (records: DnsRecordData[]) => records.map(({ id, name, type, content, ttl, prio, disabled }) => ({ id, name, type, content, ttl, prio, disabled }));

/** Holds the decision on every claim in the tree of names `zone` belongs to, until the transaction ends. */
async function lockClaims(tx: Queryable, zone: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [claimLockKey(zone)]);
}

type Rival = { id: number; account_id: number; name: string; status: RivalZone['status'] };

/** Other accounts' zones with the same name as `zone`, enclosing it, or inside it. */
async function rivalsOf(q: Queryable, accountId: number, zone: string): Promise<Rival[]> {
  return q.query<Rival>(
    `SELECT id, account_id, name, status FROM dns_zones WHERE account_id <> $1 AND (name = ANY($2) OR right(name, length($3) + 1) = '.' || $3) ORDER BY id`,
    [accountId, ancestry(zone), zone],
  );
}

const overlapError = (zone: string, o: { other: string; how: 'inside' | 'encloses' }) => {
  const said: Said = { key: o.how === 'inside' ? 'dns.zoneInside' : 'dns.zoneEncloses', params: { zone, other: o.other } };
  return new AppError('DNS_ZONE_OVERLAP', said.params, { zone: said }, said);
};

/**
 * Releases other accounts' claims that a proven one overrides: each is deleted with its records (the server stops
 * answering them if they were live) and its account is told why, in the same transaction.
 */
async function releaseClaims(tx: Queryable, rivals: Rival[], by: string): Promise<void> {
  for (const r of rivals) {
    await tx.query(`DELETE FROM dns_zones WHERE id = $1`, [r.id]);
    await notifyAccount(tx, r.account_id, 'dnsZoneReleased', { zone: r.name, by });
  }
}

/**
 * Creates a zone with its SOA (from the zone row), the apex NS (ours) and, for a domain registered here, default
 * records; recorded as the first entry of the zone's history. Called inside the caller's transaction, which holds
 * the claims' lock (lockClaims) and has settled the other accounts' claims: a zone added here is a pending claim,
 * one registered here is active at once.
 */
export async function createZone(
  tx: Queryable,
  o: { accountId: number; name: string; origin: 'registered' | 'external'; settings: DnsSettings; actor?: string; now?: Date; author?: ZoneAuthor },
): Promise<{ id: number; name: string }> {
  const name = normalizeZoneName(o.name);
  if (!name) throw new AppError('INVALID_INPUT', undefined, { zone: { key: 'dns.v.zone', params: { zone: o.name } } }, { key: 'dns.v.zone', params: { zone: o.name } });
  const serial = firstSerial(o.now ?? new Date());
  const [z] = await tx.query<{ id: number }>(
    `INSERT INTO dns_zones (account_id, name, serial, status, origin, mname, rname, member_id, dept_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (account_id, name) DO NOTHING RETURNING id`,
    [o.accountId, name, serial, o.origin === 'registered' ? 'active' : 'pending', o.origin, o.settings.nameservers[0], rnameOf(o.settings.hostmaster), o.author?.memberId ?? null, o.author?.deptId ?? null],
  );
  if (!z) throw new AppError('DNS_ZONE_TAKEN', { zone: name });
  for (const ns of o.settings.nameservers) {
    await tx.query(`INSERT INTO dns_records (zone_id, name, type, content, ttl, system) VALUES ($1, $2, 'NS', $3, 86400, true)`, [z.id, name, ns]);
  }
  // A new domain sends no mail yet: say so, so nobody can send mail in its name (M3AAWG parked-domain practice).
  const defaults: DnsRecordData[] =
    o.origin === 'registered'
      ? [
          { name, type: 'TXT', content: txtContent('v=spf1 -all'), ttl: 3600, prio: 0, disabled: false },
          { name: `_dmarc.${name}`, type: 'TXT', content: txtContent('v=DMARC1; p=reject'), ttl: 3600, prio: 0, disabled: false },
        ]
      : [];
  for (const r of defaults) await tx.query(`INSERT INTO dns_records (zone_id, name, type, content, ttl, prio) VALUES ($1, $2, $3, $4, $5, $6)`, [z.id, r.name, r.type, r.content, r.ttl, r.prio]);
  await tx.query(`INSERT INTO dns_zone_changes (zone_id, account_id, actor, kind, serial, diff, snapshot) VALUES ($1, $2, $3, 'create', $4, $5, $6)`, [
    z.id,
    o.accountId,
    o.actor ?? '',
    serial,
    JSON.stringify(diffRecords([], defaults)),
    JSON.stringify(snapshotOf(defaults)),
  ]);
  return { id: z.id, name };
}

/** Nameservers and hostmaster when no configuration is at hand (the registration's default). */
export const defaultDnsSettings: DnsSettings = { nameservers: ['ns1.certhub.local', 'ns2.certhub.local'], hostmaster: 'hostmaster@certhub.local' };

/**
 * What a domain registration calls, inside its transaction, for a domain registered here: the zone is hosted, live,
 * with the default records at once (a zone the account claimed already is kept as it is, and turns live). The
 * registry says whose the name is, which is the strongest proof of control: every other account's claim of the name
 * or of a name inside it is released (its account told), and so are pending claims of names enclosing it; a live
 * zone enclosing it stays, and answers only for names outside this one (the longest live zone answers).
 */
export async function hostZone(tx: Queryable, o: { accountId: number; name: string; settings?: DnsSettings; author?: ZoneAuthor }): Promise<{ id: number; name: string }> {
  const name = normalizeZoneName(o.name) ?? o.name;
  await lockClaims(tx, name);
  const rivals = await rivalsOf(tx, o.accountId, name);
  await releaseClaims(tx, rivals.filter((r) => zoneRelation(name, r.name) !== 'inside' || r.status === 'pending'), name);
  await tx.query(`DELETE FROM dns_zones_left WHERE name = $1`, [name]);
  const [have] = await tx.query<{ id: number }>(`SELECT id FROM dns_zones WHERE name = $1 AND account_id = $2`, [name, o.accountId]);
  if (have) {
    await tx.query(`UPDATE dns_zones SET origin = 'registered', status = 'active', check_note = '' WHERE id = $1`, [have.id]);
    return { id: have.id, name };
  }
  return createZone(tx, { accountId: o.accountId, name, origin: 'registered', settings: o.settings ?? defaultDnsSettings, ...(o.author ? { author: o.author } : {}) });
}

export async function listZones(db: Queryable, who: Who, s: DnsSettings, locale: Locale, search = ''): Promise<DnsZonesAnswer> {
  const params: unknown[] = [accountIdOf(who), search];
  const scope = deptFilterSql(who, 'z', params);
  const rows = await db.query<ZoneRow>(
    `SELECT ${zoneColumns.split(', ').map((c) => `z.${c}`).join(', ')}, (SELECT count(*)::int FROM dns_records r WHERE r.zone_id = z.id AND NOT r.system) AS record_count
     FROM dns_zones z WHERE z.account_id = $1 AND ($2 = '' OR strpos(z.name, lower($2)) > 0)${scope} ORDER BY z.name LIMIT 5000`,
    params,
  );
  return { nameservers: s.nameservers, zones: rows.map((z) => zoneOf(z, s, locale)) };
}

/** What public DNS is asked for a proof of control: the parent's delegation, and TXT records. */
export interface ZoneProofs {
  /** The nameservers the parent delegates the zone to (adapters/dns/resolver.ts createDelegationLookup). */
  delegation(zone: string): Promise<string[]>;
  txt(host: string): Promise<string[]>;
}

/**
 * Adds a domain registered elsewhere as a pending claim, then checks it at once (a domain already delegated to our
 * nameservers, a move between accounts say, is live at once when nobody else claims it). Refused when it lies inside
 * or encloses another account's live zone; another account's claim of the same name is no refusal (see the top).
 */
export async function addZone(db: Db, c: DnsCaller, zone: string, s: DnsSettings, locale: Locale, proofs: ZoneProofs, author?: ZoneAuthor): Promise<DnsZone> {
  const name = normalizeZoneName(zone);
  if (!name) throw new AppError('INVALID_INPUT', undefined, { zone: { key: 'dns.v.zone', params: { zone } } }, { key: 'dns.v.zone', params: { zone } });
  const made = await db.tx(async (tx) => {
    await lockClaims(tx, name);
    const overlap = activeOverlap(name, await rivalsOf(tx, c.accountId, name));
    if (overlap) throw overlapError(name, overlap);
    const z = await createZone(tx, { accountId: c.accountId, name, origin: 'external', settings: s, actor: c.actor, ...(author ? { author } : {}) });
    if (c.by) await auditAs(tx, c.accountId, c.by, { kind: 'account', action: 'team.dns.zoneAdd', params: { zone: z.name }, objectType: 'dns', objectId: z.name });
    return z;
  });
  return checkZone(db, c.accountId, made.name, s, proofs, locale);
}

export async function deleteZone(db: Db, c: DnsCaller, zone: string): Promise<void> {
  await db.tx(async (tx) => {
    const z = await zoneFor(tx, whoOf(c), zone, true);
    await tx.query(`DELETE FROM dns_zones WHERE id = $1`, [z.id]);
    // A live zone may leave its delegation to our nameservers behind: for anyone else that is no proof of control.
    if (z.status === 'active') {
      await tx.query(`INSERT INTO dns_zones_left (name, account_id) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET account_id = $2, left_at = now()`, [z.name, z.account_id]);
    }
    if (c.by) await auditAs(tx, c.accountId, c.by, { kind: 'account', action: 'team.dns.zoneDelete', params: { zone: z.name }, objectType: 'dns', objectId: z.name });
  });
}

/**
 * The check (POST .../check, and right after an add): asks public DNS for the parent's delegation and the claim's TXT
 * token, then, holding the claims' lock, decides (judgeClaim): a proven claim turns live and releases the claims it
 * overrides; one left pending says why (checkNote). What the delegation showed is kept and shown either way.
 */
export async function checkZone(db: Db, who: Who, zone: string, s: DnsSettings, proofs: ZoneProofs, locale: Locale): Promise<DnsZone> {
  const z = await zoneFor(db, who, zone);
  const none = (): string[] => [];
  const [delegation, txt] = await Promise.all([proofs.delegation(z.name).catch(none), proofs.txt(verificationHost(z.name)).catch(none)]);
  const seen = [...new Set(delegation.map((n) => n.toLowerCase().replace(/\.$/, '')))].sort();
  const delegated = seen.length > 0 && seen.every((n) => s.nameservers.includes(n));
  const row = await db.tx(async (tx) => {
    await lockClaims(tx, z.name);
    // Decided again under the lock: the claim may have been released, or another proven, since it was read.
    const [me] = await tx.query<ZoneRow>(`SELECT ${zoneColumns} FROM dns_zones WHERE id = $1 FOR UPDATE`, [z.id]);
    if (!me) throw zoneNotFound(zone);
    const seenText = seen.join(',');
    if (me.status === 'active') {
      const [r] = await tx.query<ZoneRow>(`UPDATE dns_zones SET delegation_checked_at = now(), delegation_seen = $2, check_note = '' WHERE id = $1 RETURNING ${zoneColumns}`, [me.id, seenText]);
      return r!;
    }
    const rivals = await rivalsOf(tx, me.account_id, me.name);
    const [left] = await tx.query<{ account_id: number }>(`SELECT account_id FROM dns_zones_left WHERE name = $1`, [me.name]);
    const verdict = judgeClaim({
      zone: me.name,
      delegated,
      tokenSeen: txt.includes(verificationValue(me.verify_token)),
      rivals,
      leftBy: left === undefined ? null : left.account_id === me.account_id ? 'me' : 'other',
    });
    if (verdict.active) {
      await releaseClaims(tx, rivals.filter((r) => verdict.release.some((x) => x.name === r.name)), me.name);
      await tx.query(`DELETE FROM dns_zones_left WHERE name = $1`, [me.name]);
    }
    const note: Said | null = verdict.active
      ? null
      : verdict.reason === 'overlap'
        ? { key: verdict.how === 'inside' ? 'dns.zoneInside' : 'dns.zoneEncloses', params: { zone: me.name, other: verdict.other } }
        : verdict.reason === 'contested'
          ? { key: 'dns.check.contested', params: { zone: me.name } }
          : seen.length
            ? { key: 'dns.check.notProven', params: { zone: me.name, seen: seen.join(', ') } }
            : { key: 'dns.check.notDelegated', params: { zone: me.name } };
    const [r] = await tx.query<ZoneRow>(
      `UPDATE dns_zones SET delegation_checked_at = now(), delegation_seen = $2, status = CASE WHEN $3 THEN 'active' ELSE status END, check_note = $4
        WHERE id = $1 RETURNING ${zoneColumns}`,
      [me.id, seenText, verdict.active, note ? JSON.stringify(note) : ''],
    );
    return r!;
  });
  return zoneOf(row, s, locale);
}

export async function getRecords(db: Queryable, who: Who, zone: string, s: DnsSettings, locale: Locale): Promise<DnsRecordsAnswer> {
  const z = await zoneFor(db, who, zone);
  const rows = await db.query<RecordRow>(`SELECT id, name, type, content, ttl, prio, disabled, system FROM dns_records WHERE zone_id = $1 ORDER BY system DESC, name, type, id`, [z.id]);
  return { zone: zoneOf({ ...z, record_count: rows.filter((r) => !r.system).length }, s, locale), records: rows.map((r) => recordOf(r, z.name)) };
}

const said = (locale: Locale, s: DnsSaid) => translate(locale, s.key, s.params);

/** A change: what the record set becomes from what it is (throws an AppError when the request cannot apply). */
type Build = (current: DnsRecordData[], zone: ZoneRow) => DnsRecordData[];

export interface ChangeOptions {
  kind: 'edit' | 'delete' | 'import' | 'rollback' | 'batch' | 'dcv';
  baseSerial?: number | undefined;
  preview: boolean;
  rollbackOf?: number;
  locale: Locale;
  /** Nothing to change is an answer (batch, DCV), not an error. */
  allowEmpty?: boolean;
}

/** The diff between the state at `serial` (from the history) and now: what the second editor did not see. */
async function diffSince(q: Queryable, z: ZoneRow, serial: number, now: DnsRecordData[]): Promise<DnsDiff[]> {
  const [then] = await q.query<{ snapshot: DnsRecordData[] | string }>(`SELECT snapshot FROM dns_zone_changes WHERE zone_id = $1 AND serial = $2 ORDER BY id DESC LIMIT 1`, [z.id, serial]);
  if (!then) return [];
  const before = typeof then.snapshot === 'string' ? (JSON.parse(then.snapshot) as DnsRecordData[]) : then.snapshot;
  return diffView(diffRecords(before, now), z.name);
}

/** The one path every change of records takes (see the top of this file). */
export async function changeZone(tx: Queryable, c: DnsCaller, zone: string, build: Build, o: ChangeOptions): Promise<DnsChangeAnswer> {
  const z = await zoneFor(tx, whoOf(c), zone, true);
  const current = await userRecords(tx, z.id);
  const serial = Number(z.serial);
  if (o.baseSerial !== undefined && o.baseSerial !== serial) {
    const e = new AppError('DNS_CONFLICT', { serial });
    e.data = { serial, diff: await diffSince(tx, z, o.baseSerial, current) };
    throw e;
  }
  const next = build(current, z);
  const problems = checkRecordSet(next, z.name);
  if (problems.length) {
    const msg = problems.map((p) => said(o.locale, p)).join('；');
    throw new AppError('DNS_RECORD_INVALID', { msg }, { records: { key: 'dns.setInvalid', params: { msg } } }, { key: 'dns.setInvalid', params: { msg } });
  }
  const diff = diffRecords(current, next);
  if (!diff.length && !o.allowEmpty) throw new AppError('DNS_NOTHING_CHANGED');
  if (o.preview || !diff.length) return { applied: false, serial, diff: diffView(diff, z.name), changeId: null };
  for (const d of diff) {
    if (d.op === 'remove') await tx.query(`DELETE FROM dns_records WHERE id = $1 AND zone_id = $2`, [d.before!.id, z.id]);
    else if (d.op === 'change') {
      const a = d.after!;
      await tx.query(`UPDATE dns_records SET name = $3, type = $4, content = $5, ttl = $6, prio = $7, disabled = $8 WHERE id = $1 AND zone_id = $2`, [
        d.before!.id,
        z.id,
        a.name,
        a.type,
        a.content,
        a.ttl,
        a.prio,
        a.disabled,
      ]);
    } else {
      const a = d.after!;
      const [row] = await tx.query<{ id: string }>(`INSERT INTO dns_records (zone_id, name, type, content, ttl, prio, disabled) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, [
        z.id,
        a.name,
        a.type,
        a.content,
        a.ttl,
        a.prio,
        a.disabled,
      ]);
      a.id = Number(row!.id);
    }
  }
  const nextSerial = serial + 1;
  await tx.query(`UPDATE dns_zones SET serial = $2, updated_at = now() WHERE id = $1`, [z.id, nextSerial]);
  const after = await userRecords(tx, z.id);
  const [ch] = await tx.query<{ id: string }>(
    `INSERT INTO dns_zone_changes (zone_id, account_id, actor, kind, serial, diff, snapshot, rollback_of) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [z.id, c.accountId, c.actor, o.kind, nextSerial, JSON.stringify(diff), JSON.stringify(snapshotOf(after)), o.rollbackOf ?? null],
  );
  if (c.by) {
    await auditAs(tx, c.accountId, c.by, { kind: 'account', action: 'team.dns.change', params: { zone: z.name, serial: nextSerial, changes: diff.length, how: o.kind }, objectType: 'dns', objectId: z.name });
  }
  return { applied: true, serial: nextSerial, diff: diffView(diff, z.name), changeId: Number(ch!.id) };
}

/** Checks each input record; a failure names the record (its position and host) and the field's message. */
function checkInputs(inputs: DnsRecordInput[], zone: string, locale: Locale): DnsRecordData[] {
  const out: DnsRecordData[] = [];
  const fields: Record<string, { key: 'dns.recordInvalid'; params: Record<string, string | number> }> = {};
  inputs.forEach((input, i) => {
    const r = checkRecord(input, zone);
    if (r.ok) out.push(r.record);
    else for (const [f, s] of Object.entries(r.errors)) fields[`records.${i}.${f}`] = { key: 'dns.recordInvalid', params: { n: `${i + 1} (${input.host || '@'} ${input.type})`, msg: said(locale, s) } };
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('DNS_RECORD_INVALID', undefined, fields, first);
  return out;
}

/** Adds (no id) and edits (id) records in one change: POST /dm-serv/v1/domains/records. */
export async function saveRecords(db: Db, c: DnsCaller, body: { zone: string; baseSerial: number; records: DnsRecordInput[]; preview: boolean }, locale: Locale): Promise<DnsChangeAnswer> {
  return db.tx((tx) =>
    changeZone(
      tx,
      c,
      body.zone,
      (current, z) => {
        const given = checkInputs(body.records, z.name, locale);
        const next = current.map((r) => ({ ...r }));
        for (const r of given) {
          if (r.id === undefined) {
            next.push(r);
            continue;
          }
          const i = next.findIndex((x) => x.id === r.id);
          if (i < 0) throw new AppError('DNS_RECORD_NOT_FOUND', { id: r.id });
          next[i] = r;
        }
        return next;
      },
      { kind: 'edit', baseSerial: body.baseSerial, preview: body.preview, locale },
    ),
  );
}

/** POST /dm-serv/v1/domains/recordsDel. */
export async function deleteRecords(db: Db, c: DnsCaller, body: { zone: string; baseSerial: number; ids: number[]; preview: boolean }, locale: Locale): Promise<DnsChangeAnswer> {
  return db.tx(async (tx) => {
    const z = await zoneFor(tx, whoOf(c), body.zone);
    const [sys] = await tx.query(`SELECT id FROM dns_records WHERE zone_id = $1 AND system AND id = ANY($2::bigint[]) LIMIT 1`, [z.id, body.ids]);
    if (sys) throw new AppError('DNS_SYSTEM_RECORD');
    return changeZone(
      tx,
      c,
      body.zone,
      (current) => {
        const missing = body.ids.find((id) => !current.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError('DNS_RECORD_NOT_FOUND', { id: missing });
        return current.filter((r) => !body.ids.includes(r.id!));
      },
      { kind: 'delete', baseSerial: body.baseSerial, preview: body.preview, locale },
    );
  });
}

/** Goes back to the state after an earlier change; the rollback is a change of its own. */
export async function rollbackZone(db: Db, c: DnsCaller, zone: string, body: { changeId: number; baseSerial: number; preview: boolean }, locale: Locale): Promise<DnsChangeAnswer> {
  return db.tx(async (tx) => {
    const z = await zoneFor(tx, whoOf(c), zone);
    const [ch] = await tx.query<{ snapshot: DnsRecordData[] | string; serial: string }>(`SELECT snapshot, serial FROM dns_zone_changes WHERE id = $1 AND zone_id = $2`, [body.changeId, z.id]);
    if (!ch) throw new AppError('DNS_CHANGE_NOT_FOUND');
    const target = typeof ch.snapshot === 'string' ? (JSON.parse(ch.snapshot) as DnsRecordData[]) : ch.snapshot;
    return changeZone(tx, c, zone, () => target.map((r) => ({ ...r })), { kind: 'rollback', baseSerial: body.baseSerial, preview: body.preview, rollbackOf: body.changeId, locale });
  });
}

export async function importZone(db: Db, c: DnsCaller, zone: string, body: { text: string; mode: 'merge' | 'replace'; baseSerial: number; preview: boolean }, locale: Locale): Promise<DnsChangeAnswer> {
  return db.tx(async (tx) => {
    const z = await zoneFor(tx, whoOf(c), zone);
    const parsed = parseZoneFile(body.text, z.name);
    const problems = parsed.problems.map((p) => translate(locale, 'dns.import.line', { line: p.line, msg: said(locale, p.said) }));
    const checked = parsed.records.map((r) => checkRecord(r, z.name));
    checked.forEach((r, i) => {
      if (!r.ok) problems.push(translate(locale, 'dns.import.line', { line: i + 1, msg: Object.values(r.errors).map((e) => said(locale, e)).join('；') }));
    });
    if (problems.length) {
      const e = new AppError('DNS_IMPORT_INVALID', { n: problems.length, first: problems[0]! });
      e.data = { problems };
      throw e;
    }
    const given = checked.flatMap((r) => (r.ok ? [r.record] : []));
    return changeZone(
      tx,
      c,
      zone,
      (current) => {
        if (body.mode === 'replace') return given;
        const key = (r: DnsRecordData) => `${r.name}|${r.type}|${r.content}|${r.prio}`;
        const have = new Set(current.map(key));
        return [...current, ...given.filter((r) => !have.has(key(r)))];
      },
      { kind: 'import', baseSerial: body.baseSerial, preview: body.preview, locale },
    );
  });
}

export async function exportZone(db: Queryable, who: Who, zone: string): Promise<{ filename: string; text: string }> {
  const z = await zoneFor(db, who, zone);
  const rows = await db.query<RecordRow>(`SELECT id, name, type, content, ttl, prio, disabled, system FROM dns_records WHERE zone_id = $1 ORDER BY id`, [z.id]);
  const soa = { mname: z.mname, rname: z.rname, serial: Number(z.serial), refresh: z.refresh, retry: z.retry, expire: z.expire, minimum: z.minimum, ttl: z.soa_ttl };
  return { filename: `${z.name}.zone`, text: toZoneFile(z.name, soa, rows.map(dataOf)) };
}

export async function zoneHistory(db: Queryable, who: Who, zone: string, locale: Locale): Promise<DnsHistoryAnswer> {
  const z = await zoneFor(db, who, zone);
  const rows = await db.query<{ id: string; serial: string; kind: string; actor: string; created_at: Date | string; diff: DnsDiffEntry[] | string; rollback_of: string | null }>(
    `SELECT c.id, c.serial, c.kind, c.actor, c.created_at, c.diff, c.rollback_of, r.serial AS rollback_serial FROM dns_zone_changes c LEFT JOIN dns_zone_changes r ON r.id = c.rollback_of
     WHERE c.zone_id = $1 ORDER BY c.id DESC LIMIT 200`,
    [z.id],
  );
  return {
    changes: rows.map((r) => {
      const diff = typeof r.diff === 'string' ? (JSON.parse(r.diff) as DnsDiffEntry[]) : r.diff;
      const rollbackSerial = (r as unknown as { rollback_serial: string | null }).rollback_serial;
      return {
        id: Number(r.id),
        serial: Number(r.serial),
        kind: r.kind,
        title: translate(locale, `dns.kind.${r.kind}`, { serial: rollbackSerial ?? '' }),
        actor: r.actor,
        at: formatTime(r.created_at),
        diff: diffView(diff, z.name),
        rollbackOf: r.rollback_of === null ? null : Number(r.rollback_of),
      };
    }),
  };
}

/**
 * One record set across many zones. Each zone is its own transaction (one bad zone does not hold the others back),
 * and each answers its own result. add: records not there yet are added; replace: the records of each given host
 * and type are replaced by the given ones; remove: records matching host, type and value (any value when empty).
 */
export async function batchRecords(
  db: Db,
  c: DnsCaller,
  body: { zones: string[]; action: 'add' | 'replace' | 'remove'; records: DnsRecordInput[]; preview: boolean },
  locale: Locale,
): Promise<DnsBatchAnswer> {
  const results: DnsBatchAnswer['results'] = [];
  for (const zoneInput of [...new Set(body.zones.map((z) => normalizeZoneName(z) ?? z.toLowerCase()))]) {
    try {
      const r = await db.tx((tx) =>
        changeZone(
          tx,
          c,
          zoneInput,
          (current, z) => {
            const sameHostType = (r: DnsRecordData, g: { host: string; type: string }) => r.name === absoluteName(g.host, z.name) && r.type === g.type;
            if (body.action === 'remove') {
              return current.filter(
                (r) => !body.records.some((g) => sameHostType(r, g) && (!g.value.trim() || (() => {
                  const chk = checkRecord(g, z.name);
                  return chk.ok && chk.record.content === r.content;
                })())),
              );
            }
            const given = checkInputs(body.records.map((r) => ({ ...r, id: undefined })), z.name, locale);
            if (body.action === 'replace') return [...current.filter((r) => !body.records.some((g) => sameHostType(r, g))), ...given];
            const key = (r: DnsRecordData) => `${r.name}|${r.type}|${r.content}|${r.prio}`;
            const have = new Set(current.map(key));
            return [...current, ...given.filter((r) => !have.has(key(r)))];
          },
          { kind: 'batch', preview: body.preview, locale, allowEmpty: true },
        ),
      );
      results.push({ zone: zoneInput, ok: true, serial: r.serial, diff: r.diff, msg: '' });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const fieldMsg = e.fields ? Object.values(e.fields).map((f) => (typeof f === 'string' ? translate(locale, f) : translate(locale, f.key, f.params)))[0] : undefined;
      results.push({ zone: zoneInput, ok: false, serial: null, diff: [], msg: fieldMsg ?? translate(locale, e.key, e.params) });
    }
  }
  return { results };
}

/**
 * The zone of this account the DCV autopilot may publish a record at `name` in, or null: the zone our DNS servers
 * answer the name from (answeringZone: the longest live zone, whoever's), when it is this account's and holds the
 * name itself, not below a delegation cut in it (a record there is never answered: RFC 1034 §4.2.1). A pending claim,
 * or a zone of another account, is never written into for an order. The order screen's hints ask the same.
 */
export async function zoneHolding(q: Queryable, accountId: number, name: string): Promise<{ id: number; name: string } | null> {
  const host = name.toLowerCase().replace(/\.$/, '');
  const z = await answeringZone(q, host);
  if (!z || z.account_id !== accountId) return null;
  const chain = ancestry(host);
  const below = chain.slice(0, chain.indexOf(z.name));
  if (below.length) {
    const [cut] = await q.query(`SELECT 1 FROM dns_records WHERE zone_id = $1 AND type = 'NS' AND NOT disabled AND name = ANY($2) LIMIT 1`, [z.id, below]);
    if (cut) return null;
  }
  return { id: z.id, name: z.name };
}
