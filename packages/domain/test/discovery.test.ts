import { describe, expect, it } from 'vitest';
import { expandCidr, parseTargetLine } from '../src/discovery.ts';

describe('discovery target lines', () => {
  it.each([
    ['example.com', { ok: true, kind: 'host', value: 'example.com', port: null }],
    ['  Mail.Example.com:465 ', { ok: true, kind: 'host', value: 'mail.example.com', port: 465 }],
    ['https://shop.example/', { ok: true, kind: 'host', value: 'shop.example', port: null }],
    ['例子.中国', { ok: true, kind: 'host', value: 'xn--fsqu00a.xn--fiqs8s', port: null }],
    ['203.0.113.7:8443', { ok: true, kind: 'ip', value: '203.0.113.7', port: 8443 }],
    ['[2001:db8::1]:443', { ok: true, kind: 'ip', value: '2001:db8::1', port: 443 }],
    ['203.0.113.77/28', { ok: true, kind: 'cidr', value: '203.0.113.64/28', port: null }],
    ['203.0.113.0/24', { ok: true, kind: 'cidr', value: '203.0.113.0/24', port: null }],
    ['203.0.113.0/23', { ok: false, reason: 'cidr' }],
    ['203.0.113.0/33', { ok: false, reason: 'line' }],
    ['example.com:0', { ok: false, reason: 'line' }],
    ['example.com:70000', { ok: false, reason: 'line' }],
    ['not a host!', { ok: false, reason: 'line' }],
  ] as const)('%s', (line, expected) => {
    expect(parseTargetLine(line, 256)).toEqual(expected);
  });

  it('expands a range to every address in it', () => {
    expect(expandCidr('198.51.100.252/30')).toEqual(['198.51.100.252', '198.51.100.253', '198.51.100.254', '198.51.100.255']);
    expect(expandCidr('10.0.0.0/24')).toHaveLength(256);
    expect(expandCidr('192.0.2.9/32')).toEqual(['192.0.2.9']);
  });
});
