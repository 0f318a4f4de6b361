import { describe, expect, it } from 'vitest';
import { fullName, parseRecords, splitFields } from './cfdns-records.ts';

describe('splitFields', () => {
  it.each([
    ['A,www,192.0.2.1,1,true', 'csv', ['A', 'www', '192.0.2.1', '1', 'true']],
    ['TXT,@,"v=spf1 include:_spf.example.com, ~all",auto,', 'csv', ['TXT', '@', 'v=spf1 include:_spf.example.com, ~all', 'auto', '']],
    ['TXT,x,"say ""hi""",,', 'csv', ['TXT', 'x', 'say "hi"', '', '']],
    ['A   www\t192.0.2.1', 'list', ['A', 'www', '192.0.2.1']],
    ['TXT @ "v=spf1 -all" 300', 'list', ['TXT', '@', 'v=spf1 -all', '300']],
    ['TXT @ "open', 'list', null],
  ] as const)('%s (%s)', (line, format, fields) => {
    expect(splitFields(line, format)).toEqual(fields);
  });
});

describe('parseRecords', () => {
  it('reads CSV with a header, comments, quotes, auto TTL, proxied flags and MX priority', () => {
    const text = [
      'type,name,content,ttl,proxied,priority',
      '# comment',
      'A,www,192.0.2.1,1,true',
      '',
      'AAAA,www,2001:db8::1,300,false',
      'CNAME,shop,shops.example.net,auto,yes',
      'MX,@,mail.example.com,3600,,10',
      'TXT,@,"v=spf1 include:_spf.example.com, ~all",,',
      'NS,sub,ns1.example.net,,',
    ].join('\n');
    const r = parseRecords(text, 'csv');
    expect(r.problems).toEqual([]);
    expect(r.records).toEqual([
      { line: 3, type: 'A', name: 'www', content: '192.0.2.1', ttl: 1, proxied: true },
      { line: 5, type: 'AAAA', name: 'www', content: '2001:db8::1', ttl: 300, proxied: false },
      { line: 6, type: 'CNAME', name: 'shop', content: 'shops.example.net', ttl: 1, proxied: true },
      { line: 7, type: 'MX', name: '@', content: 'mail.example.com', ttl: 3600, proxied: false, priority: 10 },
      { line: 8, type: 'TXT', name: '@', content: 'v=spf1 include:_spf.example.com, ~all', ttl: 1, proxied: false },
      { line: 9, type: 'NS', name: 'sub', content: 'ns1.example.net', ttl: 1, proxied: false },
    ]);
  });

  it('reads a space-separated list', () => {
    const r = parseRecords('a api 192.0.2.7\ntxt _acme "token value" 120', 'list');
    expect(r.problems).toEqual([]);
    expect(r.records.map((x) => [x.type, x.name, x.content, x.ttl])).toEqual([
      ['A', 'api', '192.0.2.7', 1],
      ['TXT', '_acme', 'token value', 120],
    ]);
  });

  it('names the problem of every bad line and keeps the good ones', () => {
    const text = [
      'A,www,192.0.2.1',
      'A,bad,300.1.1.1',
      'SRV,x,y',
      'AAAA,v6,1.2.3.4',
      'CNAME,c,not a host',
      'A,t,192.0.2.2,30',
      'A,p,192.0.2.3,,maybe',
      'TXT,x,hello,,true',
      'MX,@,mail.example.com',
      'MX,@,mail.example.com,,,70000',
      'A,www,192.0.2.1',
      'A,only-two',
      'TXT,x,"open',
      'A,bad name!,192.0.2.1',
    ].join('\n');
    const r = parseRecords(text, 'csv');
    expect(r.records.map((x) => x.line)).toEqual([1]);
    expect(r.problems.map((p) => [p.line, p.key])).toEqual([
      [2, 'ipv4'],
      [3, 'type'],
      [4, 'ipv6'],
      [5, 'host'],
      [6, 'ttl'],
      [7, 'proxied'],
      [8, 'notProxiable'],
      [9, 'priorityRequired'],
      [10, 'priority'],
      [11, 'duplicate'],
      [12, 'columns'],
      [13, 'quote'],
      [14, 'name'],
    ]);
    expect(r.problems[9]!.params).toEqual({ other: 1 });
  });
});

describe('fullName', () => {
  it.each([
    ['@', 'example.com', 'example.com'],
    ['www', 'example.com', 'www.example.com'],
    ['WWW.Example.com.', 'example.com', 'www.example.com'],
    ['*.dev', 'example.com', '*.dev.example.com'],
  ])('%s in %s', (name, zone, full) => expect(fullName(name, zone)).toBe(full));
});
