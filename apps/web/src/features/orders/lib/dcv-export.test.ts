import { describe, expect, it } from 'vitest';
import { flattenHashValues, hashValuesCsv, type HashValueRow } from './dcv-export.ts';

const rows: HashValueRow[] = [
  { orderNo: 'A1', domain: 'a.example', status: 'pending', instructions: { method: 'dns_txt', recordType: 'TXT', host: '_dnsauth.a.example', value: 'v1' } },
  { orderNo: 'A1', domain: 'b.example', status: 'validated', instructions: { method: 'dns', recordType: 'CNAME', host: '_x.b.example', value: 'y.dcv.example' } },
  { orderNo: 'B2', domain: 'c.example', status: 'pending', instructions: { method: 'file', url: 'http://c.example/.well-known/pki-validation/f.txt', path: '/.well-known/pki-validation/f.txt', fileName: 'f.txt', content: 'line1\nline2, "q"' } },
  { orderNo: 'B2', domain: 'd.example', status: 'pending', instructions: { method: 'email', email: 'admin@d.example' } },
  { orderNo: 'C3', domain: 'e.example', status: 'pending', instructions: { method: 'dns_txt', recordType: 'TXT', host: '_dnsauth.e.example', value: '=cmd' } },
];

describe('DCV values export', () => {
  it('flattens every method to type, host and value', () => {
    const flat = flattenHashValues(rows);
    expect(flat.map((r) => [r.type, r.host, r.value])).toEqual([
      ['TXT', '_dnsauth.a.example', 'v1'],
      ['CNAME', '_x.b.example', 'y.dcv.example'],
      ['FILE', 'http://c.example/.well-known/pki-validation/f.txt', 'line1\nline2, "q"'],
      ['EMAIL', 'admin@d.example', ''],
      ['TXT', '_dnsauth.e.example', '=cmd'],
    ]);
  });

  it('writes CSV with a BOM, quoting and formula guard', () => {
    const csv = hashValuesCsv(flattenHashValues(rows));
    expect(csv.startsWith('\ufefforderNo,domain,status,method,type,host,value\r\n')).toBe(true);
    expect(csv).toContain('A1,a.example,pending,dns_txt,TXT,_dnsauth.a.example,v1\r\n');
    expect(csv).toContain('"line1\nline2, ""q"""');
    expect(csv).toContain(",'=cmd\r\n");
    expect(csv.trimEnd().split('\r\n')).toHaveLength(6);
  });
});
