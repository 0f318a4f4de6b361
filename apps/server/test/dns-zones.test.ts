import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@cc/contracts/errors';
import type { DnsBatchAnswer, DnsChangeAnswer, DnsHistoryAnswer, DnsRecordsAnswer, DnsZone, DnsZonesAnswer } from '@cc/contracts/dns';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { hostZone } from '../src/services/dns/zones.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';

/**
 * DNS hosting calls: zones, records with precise refusals, the diff before applying, the history and its rollback,
 * import and export, batch DNS, another account's zone (concurrent edits: dns-race.test.ts, on PostgreSQL).
 */

let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;
let api: ReturnType<typeof client>;
let accountId = 0;

const records = async (zone: string) => (await api.get(`/dm-serv/v1/dns/zones/${zone}/records`)).body.data as DnsRecordsAnswer;
const serialOf = async (zone: string) => (await records(zone)).zone.serial;

beforeAll(async () => {
  // The delegation check asks public DNS for the parent's delegation: a world on loopback (dns-helpers.ts).
  world = await startDnsWorld();
  t = await startTestApp(world.env);
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  const a = await newAccount(t.app);
  accountId = a.id;
  api = client(t.app, a.token);
});

afterAll(async () => {
  await dns?.close();
  await t?.close();
  await world?.close();
});

describe('zones', () => {
  it('adds a domain registered elsewhere, names the nameservers to set, and says when the delegation is live', async () => {
    const r = await api.post('/dm-serv/v1/dns/zones', { zone: 'Elsewhere.Example.' });
    expect(r.body.code).toBe(200);
    const z = r.body.data as DnsZone;
    expect(z).toMatchObject({ name: 'elsewhere.example', status: 'pending', origin: 'external', nameservers: ['ns1.certhub.local', 'ns2.certhub.local'] });
    // The registrar now points the domain at our nameservers.
    world.delegate('elsewhere.example');
    const checked = (await api.post('/dm-serv/v1/dns/zones/elsewhere.example/check', {})).body.data as DnsZone;
    expect(checked.status).toBe('active');
    expect(checked.delegationSeen).toEqual(['ns1.certhub.local', 'ns2.certhub.local']);
    const list = (await api.get('/dm-serv/v1/dns/zones')).body.data as DnsZonesAnswer;
    expect(list.zones.map((x) => x.name)).toContain('elsewhere.example');
    const again = await api.post('/dm-serv/v1/dns/zones', { zone: 'elsewhere.example' }, { lang: 'en' });
    expect([again.body.code, again.body.msg]).toEqual([errorCodes.DNS_ZONE_TAKEN, 'You host elsewhere.example already']);
    expect((await api.post('/dm-serv/v1/dns/zones', { zone: 'not a domain' }, { lang: 'en' })).body.msg).toBe('not a domain is not a valid domain name');
  });

  it('hosts a domain registered here with default records (hostZone, called by the registration)', async () => {
    await t.app.db.tx((tx) => hostZone(tx, { accountId, name: 'registered.example' }));
    const r = await records('registered.example');
    expect(r.zone).toMatchObject({ status: 'active', origin: 'registered' });
    expect(r.records.filter((x) => x.system).map((x) => `${x.host} ${x.type} ${x.value}`)).toEqual(['@ NS ns1.certhub.local', '@ NS ns2.certhub.local']);
    expect(r.records.filter((x) => !x.system).map((x) => `${x.host} ${x.type} ${x.value}`).sort()).toEqual(['@ TXT v=spf1 -all', '_dmarc TXT v=DMARC1; p=reject']);
  });
});

describe('records', () => {
  const zone = 'records.example';
  beforeAll(async () => {
    expect((await api.post('/dm-serv/v1/dns/zones', { zone })).body.code).toBe(200);
  });

  it('refuses bad records of every type with a message naming the record and the fault, and writes nothing', async () => {
    const base = await serialOf(zone);
    const bad: [object, string][] = [
      [{ host: 'a', type: 'A', value: '300.1.1.1' }, '300.1.1.1 is not a valid IPv4 address'],
      [{ host: 'a', type: 'AAAA', value: '192.0.2.1' }, '192.0.2.1 is not a valid IPv6 address'],
      [{ host: '@', type: 'CNAME', value: 'x.example.net' }, 'The zone apex (@) cannot have a CNAME record'],
      [{ host: '@', type: 'MX', value: '192.0.2.1', prio: 10 }, 'not to the IP address 192.0.2.1'],
      [{ host: '@', type: 'MX', value: 'mx.example.net' }, 'Priority must be a whole number from 0 to 65535'],
      [{ host: 'sip', type: 'SRV', value: '5 5060 sip.example.net', prio: 1 }, 'An SRV host must have the form _service._protocol'],
      [{ host: '_sip._tcp', type: 'SRV', value: '5 99999 sip.example.net', prio: 1 }, 'SRV weight and port must be whole numbers'],
      [{ host: '@', type: 'CAA', value: '0 issuer "letsencrypt.org"' }, 'CAA tag issuer is not valid'],
      [{ host: '@', type: 'CAA', value: '0 issue "not a domain"' }, 'CAA value not a domain is not valid'],
      [{ host: '@', type: 'CAA', value: '0 iodef "ftp://x"' }, 'give a mailto: address or an http(s):// URL'],
      [{ host: 'bad host', type: 'A', value: '192.0.2.1' }, 'Host bad host is not valid'],
      [{ host: 'a', type: 'TXT', value: 'x'.repeat(4001) }, 'A TXT value may be at most 4000 bytes'],
    ];
    for (const [record, msg] of bad) {
      const r = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [record] }, { lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.body.code, JSON.stringify(record)).toBe(errorCodes.DNS_RECORD_INVALID);
      expect(r.body.msg).toContain(msg);
      expect(r.body.msg).toMatch(/^Record 1 \(/);
    }
    const ttl = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [{ host: 'a', type: 'A', value: '192.0.2.1', ttl: 5 }] }, { lang: 'en' });
    expect(ttl.body.code).toBe(errorCodes.INVALID_INPUT);
    expect(ttl.body.errors?.['records.0.ttl']).toBe('TTL must be a whole number of seconds from 60 to 86400');
    expect(await serialOf(zone)).toBe(base);
  });

  it('refuses a CNAME beside other records at the same name, and a duplicate, in Chinese by default', async () => {
    const base = await serialOf(zone);
    const r = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [{ host: 'w', type: 'A', value: '192.0.2.1' }, { host: 'w', type: 'CNAME', value: 'x.example.net' }] });
    expect(r.body.code).toBe(errorCodes.DNS_RECORD_INVALID);
    expect(r.body.msg).toContain('w 已有 A 记录，不能再添加 CNAME 记录');
    const d = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [{ host: 'w', type: 'A', value: '192.0.2.1' }, { host: 'w', type: 'A', value: '192.0.2.1' }] }, { lang: 'en' });
    expect(d.body.msg).toContain('w already has the same A record 192.0.2.1');
  });

  it('previews a change as a diff without applying it, then applies it against the serial it was based on', async () => {
    const base = await serialOf(zone);
    const body = { zone, baseSerial: base, records: [{ host: 'www', type: 'A', value: '192.0.2.10', ttl: 300 }, { host: '@', type: 'MX', value: 'mx.example.net', prio: 10 }] };
    const preview = (await api.post('/dm-serv/v1/domains/records', { ...body, preview: true })).body.data as DnsChangeAnswer;
    expect(preview.applied).toBe(false);
    expect(preview.diff.map((d) => [d.op, d.after?.host, d.after?.type, d.after?.value])).toEqual([['add', 'www', 'A', '192.0.2.10'], ['add', '@', 'MX', 'mx.example.net']]);
    expect(await serialOf(zone)).toBe(base);
    const applied = (await api.post('/dm-serv/v1/domains/records', body)).body.data as DnsChangeAnswer;
    expect(applied).toMatchObject({ applied: true, serial: base + 1 });
    const www = (await records(zone)).records.find((r) => r.host === 'www')!;
    // Edit and pause in one change; the diff shows before and after.
    const edit = (await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base + 1, records: [{ id: www.id, host: 'www', type: 'A', value: '192.0.2.11', ttl: 600, disabled: true }] })).body.data as DnsChangeAnswer;
    expect(edit.diff).toEqual([{ op: 'change', before: expect.objectContaining({ value: '192.0.2.10', ttl: 300, disabled: false }), after: expect.objectContaining({ value: '192.0.2.11', ttl: 600, disabled: true }) }]);
    const del = await api.post('/dm-serv/v1/domains/recordsDel', { zone, baseSerial: base + 2, ids: [www.id] });
    expect((del.body.data as DnsChangeAnswer).diff.map((d) => d.op)).toEqual(['remove']);
    const nothing = await api.post('/dm-serv/v1/domains/recordsDel', { zone, baseSerial: base + 3, ids: [www.id] }, { lang: 'en' });
    expect(nothing.body.code).toBe(errorCodes.DNS_RECORD_NOT_FOUND);
    const ns = (await records(zone)).records.find((r) => r.system)!;
    expect((await api.post('/dm-serv/v1/domains/recordsDel', { zone, baseSerial: base + 3, ids: [ns.id] })).body.code).toBe(errorCodes.DNS_SYSTEM_RECORD);
  });

  it('keeps a history with who, when and what, and rolls back to any earlier state as a new change', async () => {
    const h = (await api.get(`/dm-serv/v1/dns/zones/${zone}/history`, { lang: 'en' })).body.data as DnsHistoryAnswer;
    expect(h.changes.map((c) => c.kind)).toEqual(['delete', 'edit', 'edit', 'create']);
    expect(h.changes[0]!.actor).toMatch(/^T/);
    expect(h.changes[0]!.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const firstEdit = h.changes[2]!;
    const base = await serialOf(zone);
    const rb = (await api.post(`/dm-serv/v1/dns/zones/${zone}/rollback`, { changeId: firstEdit.id, baseSerial: base })).body.data as DnsChangeAnswer;
    expect(rb.diff.map((d) => [d.op, d.after?.host, d.after?.value])).toEqual([['add', 'www', '192.0.2.10']]);
    const after = (await api.get(`/dm-serv/v1/dns/zones/${zone}/history`, { lang: 'en' })).body.data as DnsHistoryAnswer;
    expect(after.changes[0]).toMatchObject({ kind: 'rollback', rollbackOf: firstEdit.id, title: `Rolled back to version ${firstEdit.serial}` });
    // Back to the very start (the zone as created): every record goes.
    const created = after.changes.at(-1)!;
    const toStart = (await api.post(`/dm-serv/v1/dns/zones/${zone}/rollback`, { changeId: created.id, baseSerial: rb.serial })).body.data as DnsChangeAnswer;
    expect(toStart.diff.every((d) => d.op === 'remove')).toBe(true);
    expect((await records(zone)).records.filter((r) => !r.system)).toEqual([]);
  });
});

describe('limits of one call', () => {
  const zone = 'limits.example';
  beforeAll(async () => {
    expect((await api.post('/dm-serv/v1/dns/zones', { zone })).body.code).toBe(200);
  });
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ host: `h${i}`, type: 'A', value: '192.0.2.1' }));

  it('says the limit when a call carries too many records, ids or zones, and still asks for them when it carries none', async () => {
    const base = await serialOf(zone);
    const cases: [string, object, string, string][] = [
      ['/dm-serv/v1/domains/records', { zone, baseSerial: base, records: many(10_000) }, 'At most 500 records can be added or edited in one change', '一次最多添加或修改 500 条记录'],
      ['/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [] }, 'Give the records', '请提供记录'],
      ['/dm-serv/v1/dns/batch', { zones: [zone], action: 'add', records: many(10_000) }, 'A batch carries at most 50 records', '批量解析每次最多 50 条记录'],
      ['/dm-serv/v1/dns/batch', { zones: [zone], action: 'add', records: [] }, 'Give the records', '请提供记录'],
      ['/dm-serv/v1/dns/batch', { zones: Array.from({ length: 101 }, (_, i) => `z${i}.example`), action: 'add', records: many(1) }, 'At most 100 domains per call', '每次最多 100 个域名'],
      ['/dm-serv/v1/dns/batch', { zones: [], action: 'add', records: many(1) }, 'Choose the domains', '请选择域名'],
      ['/dm-serv/v1/domains/recordsDel', { zone, baseSerial: base, ids: Array.from({ length: 2001 }, (_, i) => i + 1) }, 'At most 2000 records can be deleted at once', '一次最多删除 2000 条记录'],
      ['/dm-serv/v1/domains/recordsDel', { zone, baseSerial: base, ids: [] }, 'Choose the records to delete', '请选择要删除的记录'],
    ];
    for (const [url, body, en, zh] of cases) {
      const r = await api.post(url, body, { lang: 'en' });
      expect([url, r.body.code, r.body.msg]).toEqual([url, errorCodes.INVALID_INPUT, en]);
      expect((await api.post(url, body)).body.msg).toBe(zh);
    }
    expect(await serialOf(zone)).toBe(base);
  });
});

describe('zone files', () => {
  const zone = 'files.example';
  it('imports a zone file (RFC 1035: $ORIGIN, $TTL, relative names, parentheses, comments) and exports it back', async () => {
    await api.post('/dm-serv/v1/dns/zones', { zone });
    const text = [
      '$ORIGIN files.example.',
      '$TTL 3600',
      '@ IN SOA ns.other.net. admin.other.net. ( 1 7200 3600',
      '   1209600 300 ) ; the SOA is ours: skipped',
      '@ IN NS ns.other.net.',
      '@ 300 IN A 192.0.2.1',
      '  300 IN MX 10 mail ; relative target',
      'mail IN A 192.0.2.25',
      'www IN CNAME @',
      '_sip._tcp IN SRV 10 5 5060 sip.files.example.',
      '@ IN TXT "v=spf1 -all" ',
      '@ IN CAA 0 issue "ca.certhub.local"',
    ].join('\n');
    const preview = (await api.post(`/dm-serv/v1/dns/zones/${zone}/import`, { text, baseSerial: await serialOf(zone), preview: true })).body.data as DnsChangeAnswer;
    expect(preview.diff.length).toBe(7);
    const done = await api.post(`/dm-serv/v1/dns/zones/${zone}/import`, { text, baseSerial: await serialOf(zone) });
    expect(done.body.code).toBe(200);
    const r = await records(zone);
    expect(r.records.filter((x) => !x.system).map((x) => `${x.host} ${x.ttl} ${x.type} ${x.prio} ${x.value}`).sort()).toEqual([
      '@ 300 A 0 192.0.2.1',
      '@ 300 MX 10 mail.files.example',
      '@ 3600 CAA 0 0 issue "ca.certhub.local"',
      '@ 3600 TXT 0 v=spf1 -all',
      '_sip._tcp 3600 SRV 10 5 5060 sip.files.example',
      'mail 3600 A 0 192.0.2.25',
      'www 3600 CNAME 0 files.example',
    ].sort());
    const exported = (await api.get(`/dm-serv/v1/dns/zones/${zone}/export`)).body.data as { filename: string; text: string };
    expect(exported.filename).toBe('files.example.zone');
    expect(exported.text).toContain('files.example.\t300\tIN\tMX\t10 mail.files.example.');
    // The export imported again (replace) changes nothing.
    const again = await api.post(`/dm-serv/v1/dns/zones/${zone}/import`, { text: exported.text, mode: 'replace', baseSerial: await serialOf(zone) }, { lang: 'en' });
    expect(again.body.code).toBe(errorCodes.DNS_NOTHING_CHANGED);
  });

  it('refuses a zone file with errors, naming each line, and imports nothing', async () => {
    const base = await serialOf(zone);
    const r = await api.post(`/dm-serv/v1/dns/zones/${zone}/import`, { text: 'ok IN A 192.0.2.1\nbad IN HINFO "x" "y"\nother.net. IN A 192.0.2.1', baseSerial: base }, { lang: 'en' });
    expect(r.body.code).toBe(errorCodes.DNS_IMPORT_INVALID);
    expect((r.body.data as { problems: string[] }).problems).toEqual(['Line 2: Record type HINFO is not supported', 'Line 3: other.net is outside this zone']);
    expect(await serialOf(zone)).toBe(base);
  });
});

describe('batch DNS', () => {
  it('adds, replaces and removes one record set across many zones, with a diff and a result per zone', async () => {
    const zones = Array.from({ length: 12 }, (_, i) => `batch${i}.example`);
    for (const z of zones) await api.post('/dm-serv/v1/dns/zones', { zone: z });
    const txt = { host: '_verify', type: 'TXT', value: 'token-1' };
    const preview = (await api.post('/dm-serv/v1/dns/batch', { zones: [...zones, 'not-mine.example'], action: 'add', records: [txt], preview: true }, { lang: 'en' })).body.data as DnsBatchAnswer;
    expect(preview.results.filter((r) => r.ok).length).toBe(12);
    expect(preview.results.find((r) => r.zone === 'not-mine.example')).toMatchObject({ ok: false, msg: 'not-mine.example is not among your hosted DNS zones' });
    expect(await serialOf('batch0.example')).toBe(preview.results[0]!.serial);
    const add = (await api.post('/dm-serv/v1/dns/batch', { zones, action: 'add', records: [txt] })).body.data as DnsBatchAnswer;
    expect(add.results.every((r) => r.ok && r.diff.length === 1)).toBe(true);
    const replace = (await api.post('/dm-serv/v1/dns/batch', { zones, action: 'replace', records: [{ ...txt, value: 'token-2' }] })).body.data as DnsBatchAnswer;
    expect(replace.results[0]!.diff.map((d) => d.op).sort()).toEqual(['add', 'remove']);
    expect((await records('batch5.example')).records.filter((r) => r.host === '_verify').map((r) => r.value)).toEqual(['token-2']);
    const remove = (await api.post('/dm-serv/v1/dns/batch', { zones, action: 'remove', records: [{ ...txt, value: '' }] })).body.data as DnsBatchAnswer;
    expect(remove.results.every((r) => r.ok && r.diff[0]?.op === 'remove')).toBe(true);
    expect((await records('batch5.example')).records.filter((r) => r.host === '_verify')).toEqual([]);
  });
});

describe('another account', () => {
  it('cannot read, change, roll back, export or delete a zone it does not host', async () => {
    const other = client(t.app, (await newAccount(t.app)).token);
    const z = 'records.example';
    const base = await serialOf(z);
    const calls = [
      other.get(`/dm-serv/v1/dns/zones/${z}/records`),
      other.get(`/dm-serv/v1/dns/zones/${z}/history`),
      other.get(`/dm-serv/v1/dns/zones/${z}/export`),
      other.post('/dm-serv/v1/domains/records', { zone: z, baseSerial: base, records: [{ host: 'evil', type: 'A', value: '192.0.2.66' }] }),
      other.post('/dm-serv/v1/domains/recordsDel', { zone: z, baseSerial: base, ids: [1] }),
      other.post(`/dm-serv/v1/dns/zones/${z}/rollback`, { changeId: 1, baseSerial: base }),
      other.del(`/dm-serv/v1/dns/zones/${z}`),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.body.code).toBe(errorCodes.DNS_ZONE_NOT_FOUND);
      expect(r.body.data).toBeNull();
    }
    expect(((await other.get('/dm-serv/v1/dns/zones')).body.data as DnsZonesAnswer).zones).toEqual([]);
    expect(await serialOf(z)).toBe(base);
  });
});
