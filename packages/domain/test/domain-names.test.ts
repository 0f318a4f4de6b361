import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDomain, isIPv4, isIPv6, isPrivateAddress, isPublicIp, isWildcard, nameKind, parseIPv6, splitDomainList, toAscii,
  validateDomains, type DomainCheckInput,
} from '../src/domain-names.ts';
import { purchaseMessages } from '../src/purchase-messages.ts';

describe('isDomain', () => {
  it.each([
    ['example.com', true], ['a.b.c.example.co.uk', true], ['xn--fiq228c.com', true], ['example.xn--fiqs8s', true],
    ['my-site.io', true], ['1password.com', true], ['EXAMPLE.COM', true],
    ['example.com.', false], ['localhost', false], ['example', false], ['-a.com', false], ['a-.com', false],
    ['a..com', false], ['a_b.com', false], ['1.2.3.4', false], ['example.c', false], ['exa mple.com', false],
    ['中文.com', false], ['*.example.com', false], ['', false], [`${'a'.repeat(64)}.com`, false],
    [`${'a'.repeat(63)}.com`, true], [`${Array(64).fill('abc').join('.')}.com`, false],
  ])('%s → %s', (d, ok) => expect(isDomain(d)).toBe(ok));
});

describe('isWildcard', () => {
  it.each([
    ['*.example.com', true], ['*.a.b.example.com', true], ['*.xn--fiq228c.com', true],
    ['example.com', false], ['*.com', false], ['*.', false], ['*.a.b', false], ['**.example.com', false],
    ['*.*.example.com', false], ['*example.com', false], ['a.*.example.com', false], ['*.example.com.', false],
  ])('%s → %s', (d, ok) => expect(isWildcard(d)).toBe(ok));
});

describe('isIPv4', () => {
  it.each([
    ['1.2.3.4', true], ['0.0.0.0', true], ['255.255.255.255', true], ['8.8.8.8', true],
    ['256.1.1.1', false], ['1.2.3', false], ['1.2.3.4.5', false], ['01.2.3.4', false], ['a.b.c.d', false],
    ['1.2.3.-4', false], ['1.2.3.4 ', false], ['', false], ['1..3.4', false],
  ])('%s → %s', (d, ok) => expect(isIPv4(d)).toBe(ok));
});

describe('isIPv6', () => {
  it.each([
    ['::1', true], ['::', true], ['2001:db8::1', true], ['2606:4700:4700::1111', true], ['fe80::1', true],
    ['1:2:3:4:5:6:7:8', true], ['1::', true], ['1:2:3:4:5:6:7::', true], ['::ffff:192.168.1.1', true],
    ['::1.2.3.4', true], ['64:ff9b::8.8.8.8', true], ['1:2:3:4:5:6:1.2.3.4', true],
    ['1:2:3:4:5:6:7:8:9', false], ['1::2::3', false], ['12345::', false], ['g::1', false], [':::', false],
    ['1.2.3.4', false], ['example.com', false], ['[::1]', false], ['1:2:3:4:5:6:7:1.2.3.4', false], ['::1.2.3', false],
    [':1:2:3:4:5:6:7', false], ['1:2:3:4:5:6:7:', false],
  ])('%s → %s', (d, ok) => expect(isIPv6(d)).toBe(ok));

  it('parses what it formats, full and compressed', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (g) => {
      expect(parseIPv6(g.map((x) => x.toString(16)).join(':'))).toEqual(g);
      const z = g.map((x, i) => (i >= 2 && i <= 4 ? 0 : x));
      const compressed = `${z.slice(0, 2).map((x) => x.toString(16)).join(':')}::${z.slice(5).map((x) => x.toString(16)).join(':')}`;
      expect(parseIPv6(compressed)).toEqual(z);
    }));
  });
});

describe('isPrivateAddress / isPublicIp', () => {
  it.each([
    ['localhost', true, false], ['foo.localhost', true, false], ['127.0.0.1', true, false], ['127.255.1.2', true, false],
    ['10.0.0.1', true, false], ['192.168.1.1', true, false], ['172.16.0.1', true, false], ['172.31.255.255', true, false],
    ['169.254.1.1', true, false], ['::1', true, false], ['fe80::1', true, false], ['fd00::1', true, false], ['fc00::5', true, false],
    ['::ffff:10.1.2.3', true, false], ['[::1]', true, false],
    ['172.15.0.1', false, true], ['172.32.0.1', false, true], ['8.8.8.8', false, true], ['1.1.1.1', false, true],
    ['11.0.0.1', false, true], ['192.169.0.1', false, true], ['2606:4700:4700::1111', false, true], ['::ffff:8.8.8.8', false, true],
    ['0.0.0.0', false, false], ['100.64.0.1', false, false], ['192.0.2.1', false, false], ['203.0.113.9', false, false],
    ['224.0.0.1', false, false], ['255.255.255.255', false, false], ['::', false, false], ['ff02::1', false, false], ['2001:db8::1', false, false],
    ['example.com', false, false],
  ])('%s → private %s, public IP %s', (a, priv, pub) => {
    expect(isPrivateAddress(a)).toBe(priv);
    expect(isPublicIp(a)).toBe(pub);
  });
});

describe('toAscii', () => {
  it.each([
    ['中文.com', 'xn--fiq228c.com'], ['*.中文.com', '*.xn--fiq228c.com'], ['例子.中国', 'xn--fsqu00a.xn--fiqs8s'],
    ['bücher.de', 'xn--bcher-kva.de'], ['  Example.COM ', 'example.com'], ['*.Example.com', '*.example.com'],
    ['ＥＸＡＭＰＬＥ.com', 'example.com'], ['中文。com', 'xn--fiq228c.com'], ['0x7f.1', '0x7f.1'],
    ['中 文.com', '中 文.com'], ['中文.com/path', '中文.com/path'],
  ])('%s → %s', (d, want) => expect(toAscii(d)).toBe(want));

  it('is idempotent on any input', () => {
    fc.assert(fc.property(fc.string(), (s) => { expect(toAscii(toAscii(s))).toBe(toAscii(s)); }));
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('中', '文', 'ü', 'a', 'B', '.', '-', '*') }), (s) => { expect(toAscii(toAscii(s))).toBe(toAscii(s)); }));
  });

  it('only lower-cases ASCII domains', () => {
    fc.assert(fc.property(fc.domain(), (d) => { expect(toAscii(d)).toBe(d.toLowerCase()); }));
  });
});

describe('splitDomainList', () => {
  it.each([
    ['a.com,b.com', ['a.com', 'b.com']], ['a.com; b.com ;c.com', ['a.com', 'b.com', 'c.com']], ['a.com\nb.com\r\n\n c.com ', ['a.com', 'b.com', 'c.com']],
    ['a.com，b.com；c.com', ['a.com', 'b.com', 'c.com']], ['  ', []], ['', []], [',,a.com,,', ['a.com']], ['a.com b.com\tc.com', ['a.com', 'b.com', 'c.com']],
  ])('%j → %j', (text, want) => expect(splitDomainList(text)).toEqual(want));

  it('takes another separator', () => {
    expect(splitDomainList('a.com|b.com', '|')).toEqual(['a.com', 'b.com']);
  });
});

describe('nameKind', () => {
  it.each([['a.com', 'domain'], ['*.a.com', 'wildcard'], ['1.2.3.4', 'ipv4'], ['::1', 'ipv6'], ['nope', null]])('%s → %s', (e, k) => expect(nameKind(e)).toBe(k));
});

type Case = [label: string, input: Partial<DomainCheckInput>, domains: string[], errorKeys: string[]];
const base: DomainCheckInput = { productType: 'ssl', brand: 'sectigo', commonName: '' };

describe('validateDomains', () => {
  const cases: Case[] = [
    ['empty → please fill in domains', { commonName: ' ', extraDomains: ' \n ' }, [], ['purchase.domain.required']],
    ['ssl single domain', { commonName: 'Example.com' }, ['example.com'], []],
    ['ssl with extra domains', { commonName: 'example.com', extraDomains: 'a.example.com\nb.example.com' }, ['example.com', 'a.example.com', 'b.example.com'], []],
    ['extra domains as a list', { commonName: 'example.com', extraDomains: [' a.example.com '] }, ['example.com', 'a.example.com'], []],
    ['IDN converted', { commonName: '中文.com' }, ['xn--fiq228c.com'], []],
    ['duplicate extra', { commonName: 'example.com', extraDomains: 'a.com\nEXAMPLE.com\na.com' }, ['example.com', 'a.com'], ['purchase.domain.duplicate', 'purchase.domain.duplicate']],
    ['duplicate after IDN conversion', { commonName: '中文.com', extraDomains: 'xn--fiq228c.com' }, ['xn--fiq228c.com'], ['purchase.domain.duplicate']],
    ['bad format', { commonName: 'exa mple', extraDomains: 'example.com.' }, [], ['purchase.domain.format', 'purchase.domain.format']],
    ['bad format in batch wording', { commonName: 'bad_name.com', batch: true }, [], ['purchase.domain.formatBatch']],
    ['localhost refused', { commonName: 'localhost' }, [], ['purchase.domain.private']],
    ['ssl refuses IP', { commonName: '8.8.8.8' }, [], ['purchase.domain.ipUnsupported']],
    ['ssl refuses wildcard', { commonName: '*.example.com' }, [], ['purchase.domain.wildcardUnsupported']],
    ['ov refuses wildcard switch', { productType: 'ov', commonName: 'example.com', wildcard: true }, [], ['purchase.domain.wildcardUnsupported']],
    ['dv_one_ssl one domain', { productType: 'dv_one_ssl', commonName: 'example.com' }, ['example.com'], []],
    ['dv_one_ssl several → not multiple', { productType: 'dv_one_ssl', commonName: 'example.com', extraDomains: 'b.com' }, ['example.com', 'b.com'], ['purchase.domain.multipleDomains']],
    ['wild needs wildcard', { productType: 'wild', commonName: 'example.com' }, [], ['purchase.domain.notWildcard']],
    ['wild with switch', { productType: 'wild', commonName: 'example.com', wildcard: true }, ['*.example.com'], []],
    ['switch does not double the prefix', { productType: 'wild', commonName: '*.example.com', wildcard: true }, ['*.example.com'], []],
    ['wild IDN keeps prefix', { productType: 'wild', commonName: '*.中文.com' }, ['*.xn--fiq228c.com'], []],
    ['wild several → not multiple', { productType: 'wild', commonName: '*.a.com', extraDomains: '*.b.com' }, ['*.a.com', '*.b.com'], ['purchase.domain.multipleDomains']],
    ['ev refuses wildcard', { productType: 'ev', commonName: 'example.com', wildcard: true }, [], ['purchase.domain.evNoWildcard']],
    ['flex EV refuses wildcard', { productType: 'flex', certType: 'EV', brand: 'certum', commonName: 'a.com', extraDomains: '*.b.com' }, ['a.com'], ['purchase.domain.evNoWildcard']],
    ['ev accepts domains', { productType: 'ev', commonName: 'example.com', extraDomains: 'shop.example.com' }, ['example.com', 'shop.example.com'], []],
    ['vmc refuses wildcard and IP', { productType: 'vmc', commonName: 'example.com', extraDomains: '*.example.org\n8.8.8.8' }, ['example.com'], ['purchase.domain.vmcUnsupported', 'purchase.domain.vmcUnsupported']],
    ['ip_ssl public IPs', { productType: 'ip_ssl', commonName: '8.8.8.8', extraDomains: '2606:4700:4700::1111' }, ['8.8.8.8', '2606:4700:4700::1111'], []],
    ['ip_ssl refuses private IP', { productType: 'ip_ssl', commonName: '192.168.1.1' }, [], ['purchase.domain.private']],
    ['ip_ssl refuses reserved IP', { productType: 'ip_ssl', commonName: '0.0.0.0' }, [], ['purchase.domain.publicIpRequired']],
    ['ip_ssl refuses a domain', { productType: 'ip_ssl', commonName: 'example.com' }, [], ['purchase.domain.publicIpRequired']],
    ['ip_single one IP', { productType: 'ip_single', commonName: '1.1.1.1' }, ['1.1.1.1'], []],
    ['ip_single several → 此产品不支持多IP', { productType: 'ip_single', commonName: '1.1.1.1', extraDomains: '8.8.8.8' }, ['1.1.1.1', '8.8.8.8'], ['purchase.domain.multipleIp']],
    ['flex adds www', { productType: 'flex', brand: 'sectigo', commonName: 'example.com', extraDomains: 'shop.example.org' }, ['example.com', 'www.example.com', 'shop.example.org', 'www.shop.example.org'], []],
    ['flex no www for certum', { productType: 'flex', brand: 'certum', commonName: 'example.com' }, ['example.com'], []],
    ['flex mixes wildcard and IP, no www under a wildcard', { productType: 'flex', brand: 'bitcert', commonName: 'example.com', extraDomains: '*.example.com\nwww.b.com\n8.8.8.8' }, ['example.com', '*.example.com', 'www.b.com', '8.8.8.8'], []],
    ['flex www already typed', { productType: 'flex', brand: 'bitcert', commonName: 'example.com', extraDomains: 'www.example.com' }, ['example.com', 'www.example.com'], []],
    ['flex refuses private IP', { productType: 'flex', brand: 'bitcert', commonName: 'example.com', extraDomains: '10.0.0.1' }, ['example.com', 'www.example.com'], ['purchase.domain.private']],
    ['flex refuses reserved IP', { productType: 'flex', brand: 'certum', commonName: '100.64.0.1' }, [], ['purchase.domain.publicIpRequired']],
    ['too many names', { commonName: 'a.com', extraDomains: 'b.com c.com', maxDomains: 2 }, ['a.com', 'b.com', 'c.com'], ['purchase.domain.tooMany']],
    ['code products have no domains', { productType: 'code', commonName: 'Acme Ltd' }, [], []],
    ['email products have no domains', { productType: 'email', commonName: '' }, [], []],
  ];

  it.each(cases)('%s', (_label, input, domains, errorKeys) => {
    const r = validateDomains({ ...base, ...input });
    expect(r.domains).toEqual(domains);
    expect(r.errors.map((e) => e.messageKey)).toEqual(errorKeys);
    for (const e of r.errors) expect(purchaseMessages.zh[e.messageKey]).toBeTruthy();
  });

  it('reports the entry as typed in the params', () => {
    const r = validateDomains({ ...base, commonName: 'example.com', extraDomains: 'Example.com\nbad..com' });
    expect(r.errors).toEqual([
      { entry: 'Example.com', messageKey: 'purchase.domain.duplicate', params: { domain: 'Example.com' } },
      { entry: 'bad..com', messageKey: 'purchase.domain.format', params: { entry: 'bad..com' } },
    ]);
  });

  it('lists the www variants it added', () => {
    const r = validateDomains({ ...base, productType: 'flex', commonName: 'a.com', extraDomains: 'b.com' });
    expect(r.autoAdded).toEqual(['www.a.com', 'www.b.com']);
  });

  it('never returns a duplicate or an invalid name', () => {
    const entry = fc.oneof(fc.domain(), fc.ipV4(), fc.constantFrom('*.a.com', 'a.com', 'localhost', '中文.com', 'x', '10.0.0.1'));
    const types = fc.constantFrom('dv_one_ssl', 'ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'ov', 'ev', 'vmc');
    fc.assert(fc.property(types, entry, fc.array(entry, { maxLength: 6 }), fc.boolean(), (productType, cn, extras, wildcard) => {
      const r = validateDomains({ productType, brand: 'sectigo', commonName: cn, extraDomains: extras, wildcard });
      expect(new Set(r.domains).size).toBe(r.domains.length);
      for (const d of r.domains) expect(nameKind(d)).not.toBeNull();
      if (productType === 'wild') for (const d of r.domains) expect(isWildcard(d)).toBe(true);
    }));
  });
});
