import { describe, expect, it } from 'vitest';
import { expandCidr, parseTargetLine, starttlsFor } from '../src/discovery.ts';

describe('discovery target lines', () => {
  it.each([
    ['example.com', { ok: true, kind: 'host', value: 'example.com', port: null, starttls: '' }],
    ['  Mail.Example.com:465 ', { ok: true, kind: 'host', value: 'mail.example.com', port: 465, starttls: '' }],
    ['https://shop.example/', { ok: true, kind: 'host', value: 'shop.example', port: null, starttls: '' }],
    ['例子.中国', { ok: true, kind: 'host', value: 'xn--fsqu00a.xn--fiqs8s', port: null, starttls: '' }],
    ['203.0.113.7:8443', { ok: true, kind: 'ip', value: '203.0.113.7', port: 8443, starttls: '' }],
    ['[2001:db8::1]:443', { ok: true, kind: 'ip', value: '2001:db8::1', port: 443, starttls: '' }],
    ['203.0.113.77/28', { ok: true, kind: 'cidr', value: '203.0.113.64/28', port: null, starttls: '' }],
    ['203.0.113.0/24', { ok: true, kind: 'cidr', value: '203.0.113.0/24', port: null, starttls: '' }],
    ['203.0.113.0/23', { ok: false, reason: 'cidr' }],
    ['203.0.113.0/33', { ok: false, reason: 'line' }],
    ['smtp://mail.example.com', { ok: true, kind: 'host', value: 'mail.example.com', port: 25, starttls: 'smtp' }],
    ['imap://mail.example.com:1143', { ok: true, kind: 'host', value: 'mail.example.com', port: 1143, starttls: 'imap' }],
    ['pop3://[2001:DB8::7]', { ok: true, kind: 'ip', value: '2001:db8::7', port: 110, starttls: 'pop3' }],
    ['2001:db8:0:0:0:0:0:1', { ok: true, kind: 'ip', value: '2001:db8::1', port: null, starttls: '' }],
    ['2001:db8::1234/120', { ok: true, kind: 'cidr', value: '2001:db8::1200/120', port: null, starttls: '' }],
    ['[2001:db8::/126]:8443', { ok: true, kind: 'cidr', value: '2001:db8::/126', port: 8443, starttls: '' }],
    ['2001:db8::/119', { ok: false, reason: 'cidr' }],
    ['2001:db8::/64', { ok: false, reason: 'cidr' }],
    ['2001:db8::/129', { ok: false, reason: 'line' }],
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
    expect(expandCidr('2001:db8::fffe/127')).toEqual(['2001:db8::fffe', '2001:db8::ffff']);
    expect(expandCidr('2001:db8::/120')).toHaveLength(256);
    expect(expandCidr('::/127')).toEqual(['::', '::1']);
  });

  it('speaks STARTTLS on the mail ports unless the target says otherwise', () => {
    expect([25, 587, 143, 110, 443].map((p) => starttlsFor(p, ''))).toEqual(['smtp', 'smtp', 'imap', 'pop3', '']);
    expect(starttlsFor(2525, 'smtp')).toBe('smtp');
  });
});
