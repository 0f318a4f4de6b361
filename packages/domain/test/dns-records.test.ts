import { describe, expect, it } from 'vitest';
import { absoluteName, caaIssuer, checkRecord, checkRecordSet, contentStrings, diffRecords, parseZoneFile, relativeHost, toZoneFile, txtContent, valueOf, type DnsRecordData } from '../src/dns-records.ts';

const zone = 'example.com';
const rec = (p: Partial<DnsRecordData>): DnsRecordData => ({ name: zone, type: 'A', content: '192.0.2.1', ttl: 600, prio: 0, disabled: false, ...p });

describe('names', () => {
  it.each([
    ['@', 'example.com'],
    ['', 'example.com'],
    ['WWW', 'www.example.com'],
    ['www.example.com', 'www.example.com'],
    ['www.example.com.', 'www.example.com'],
    ['*.dev', '*.dev.example.com'],
    ['_sip._tcp', '_sip._tcp.example.com'],
    ['a.*.b', null],
    ['other.net.', null],
    ['bad host', null],
    ['-x', null],
  ])('absoluteName(%j) is %j', (host, want) => expect(absoluteName(host, zone)).toBe(want));

  it('shows hosts relative to the zone', () => {
    expect(relativeHost('example.com', zone)).toBe('@');
    expect(relativeHost('a.b.example.com', zone)).toBe('a.b');
  });
});

describe('TXT', () => {
  it('splits text into quoted strings of at most 255 bytes, never inside a UTF-8 character, and reads them back', () => {
    const text = `${'a'.repeat(254)}中${'b'.repeat(300)}"\\`;
    const content = txtContent(text);
    const strings = contentStrings(content);
    expect(strings.every((s) => new TextEncoder().encode(s).length <= 255)).toBe(true);
    expect(strings.join('')).toBe(text);
    expect(valueOf({ type: 'TXT', content })).toBe(text);
  });
});

describe('checkRecord', () => {
  it.each([
    [{ host: 'a', type: 'A', value: '192.0.2.1', ttl: 600 }, '192.0.2.1'],
    [{ host: 'a', type: 'AAAA', value: '2001:DB8::1', ttl: 600 }, '2001:db8::1'],
    [{ host: 'a', type: 'CNAME', value: 'Target.Example.NET.', ttl: 600 }, 'target.example.net'],
    [{ host: '@', type: 'MX', value: 'mx.example.net', prio: 5, ttl: 600 }, 'mx.example.net'],
    [{ host: '_sip._tcp', type: 'SRV', value: '1 5060 sip.example.net.', prio: 5, ttl: 600 }, '1 5060 sip.example.net'],
    [{ host: '@', type: 'CAA', value: '0 issue letsencrypt.org', ttl: 600 }, '0 issue "letsencrypt.org"'],
    [{ host: '@', type: 'CAA', value: '128 issuewild ";"', ttl: 600 }, '128 issuewild ";"'],
    [{ host: '@', type: 'CAA', value: '0 iodef "mailto:sec@example.com"', ttl: 600 }, '0 iodef "mailto:sec@example.com"'],
    [{ host: '@', type: 'TXT', value: '"quoted" "parts"', ttl: 600 }, '"quotedparts"'],
    [{ host: 'sub', type: 'NS', value: 'ns1.example.net', ttl: 600 }, 'ns1.example.net'],
  ] as const)('accepts %j as %j', (input, content) => {
    const r = checkRecord({ ...input }, zone);
    expect(r.ok && r.record.content).toBe(content);
  });

  it.each([
    [{ host: 'a', type: 'A', value: '01.2.3.4', ttl: 600 }, 'value', 'dns.v.ipv4'],
    [{ host: 'a', type: 'CNAME', value: '192.0.2.1', ttl: 600 }, 'value', 'dns.v.targetIsIp'],
    [{ host: '@', type: 'NS', value: 'ns.example.net', ttl: 600 }, 'host', 'dns.v.nsApex'],
    [{ host: '@', type: 'CAA', value: '1 issue "x.com"', ttl: 600 }, 'value', 'dns.v.caaFlags'],
    [{ host: '@', type: 'CAA', value: 'issue "x.com"', ttl: 600 }, 'value', 'dns.v.caaFormat'],
    [{ host: '_s._tcp', type: 'SRV', value: '1 2', prio: 1, ttl: 600 }, 'value', 'dns.v.srvFormat'],
    [{ host: 'a', type: 'TXT', value: 'line\nbreak', ttl: 600 }, 'value', 'dns.v.txtControl'],
    [{ host: 'a', type: 'A', value: '192.0.2.1', ttl: 59 }, 'ttl', 'dns.v.ttl'],
  ] as const)('refuses %j on %s with %s', (input, field, key) => {
    const r = checkRecord({ ...input }, zone);
    expect(r.ok ? null : (r.errors as Record<string, { key: string }>)[field]?.key).toBe(key);
  });

  it('reads the CA of a CAA record', () => {
    expect(caaIssuer('128 issue "CA.Example; account=1"')).toEqual({ tag: 'issue', issuer: 'ca.example', critical: true });
  });
});

describe('record sets', () => {
  it('refuses a CNAME beside anything, duplicates, split TTLs and records under a delegation', () => {
    const keys = (rs: DnsRecordData[]) => checkRecordSet(rs, zone).map((p) => p.key);
    expect(keys([rec({ name: 'w.example.com' }), rec({ name: 'w.example.com', type: 'CNAME', content: 'x.net' })])).toEqual(['dns.v.cnameBeside']);
    expect(keys([rec({}), rec({})])).toEqual(['dns.v.duplicate']);
    expect(keys([rec({}), rec({ content: '192.0.2.2', ttl: 60 })])).toEqual(['dns.v.ttlMismatch']);
    expect(keys([rec({ name: 'sub.example.com', type: 'NS', content: 'ns.sub.example.com' }), rec({ name: 'ns.sub.example.com' }), rec({ name: 'x.sub.example.com', type: 'TXT', content: '"x"' })])).toEqual([
      'dns.v.belowDelegation',
    ]);
  });

  it('diffs by id, then by content, so a rollback of a deleted record is an add and a TTL edit a change', () => {
    const before = [rec({ id: 1 }), rec({ id: 2, name: 'b.example.com' })];
    const after = [rec({ id: 1, ttl: 60 }), rec({ name: 'c.example.com' })];
    expect(diffRecords(before, after).map((d) => [d.op, d.before?.id ?? null, d.after?.name ?? null])).toEqual([
      ['change', 1, 'example.com'],
      ['add', null, 'c.example.com'],
      ['remove', 2, null],
    ]);
  });
});

describe('zone files', () => {
  it('writes and reads back the same records', () => {
    const records = [
      rec({}),
      rec({ name: 'www.example.com', type: 'CNAME', content: 'example.com' }),
      rec({ type: 'MX', content: 'mx.example.net', prio: 10 }),
      rec({ name: '_sip._tcp.example.com', type: 'SRV', content: '5 5060 sip.example.com', prio: 1 }),
      rec({ type: 'TXT', content: txtContent('x'.repeat(300)) }),
      rec({ type: 'CAA', content: '0 issue "ca.example"' }),
    ];
    const text = toZoneFile(zone, { mname: 'ns1.x.net', rname: 'h.x.net', serial: 1, refresh: 1, retry: 1, expire: 1, minimum: 1, ttl: 1 }, records);
    const parsed = parseZoneFile(text, zone);
    expect(parsed.problems).toEqual([]);
    const back = parsed.records.map((r) => checkRecord(r, zone)).map((r) => (r.ok ? r.record : null));
    expect(back.map((r) => r && `${r.name} ${r.type} ${r.prio} ${r.content}`).sort()).toEqual(records.map((r) => `${r.name} ${r.type} ${r.prio} ${r.content}`).sort());
  });
});
