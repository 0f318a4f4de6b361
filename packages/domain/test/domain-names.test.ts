import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addsWww, billedNames, holdsOneName, isWildcardProduct, isDomain, isIPv4, isIPv6, isPrivateAddress, isPublicIp, isWildcard, isWildcardName, nameKey, nameKind, parseIPv6, splitDomainList, toAscii, withWildcardPrefix,
  validateDomains, validateOrders, type DomainCheckInput,
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

describe('the wildcard switch and wildcard names', () => {
  it.each([
    ['a.com', '*.a.com'],
    ['*.a.com', '*.a.com'],
    ['', ''],
  ])('withWildcardPrefix(%j) → %j', (name, want) => expect(withWildcardPrefix(name)).toBe(want));
  it.each([
    ['*.a.com', true],
    [' *.a.com', true],
    ['a.com', false],
    ['a.*.com', false],
    ['*a.com', false],
  ])('isWildcardName(%j) → %s', (name, want) => expect(isWildcardName(name)).toBe(want));
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
      { entry: 'Example.com', field: 'domainNames', messageKey: 'purchase.domain.duplicate', params: { domain: 'Example.com' } },
      { entry: 'bad..com', field: 'domainNames', messageKey: 'purchase.domain.format', params: { entry: 'bad..com' } },
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

describe('nameKey: what counts as the same name', () => {
  it.each([
    ['case', 'Example.COM', 'example.com', true],
    ['spaces around', '  example.com ', 'example.com', true],
    ['IDN and its xn-- form', '例子.com', toAscii('例子.com'), true],
    ['IDN with a full-width dot', '例子。com', '例子.com', true],
    ['IPv6 written two ways', '2001:DB8:0:0::1', '2001:db8::1', true],
    ['IPv6 with an embedded IPv4', '::ffff:8.8.8.8', '::FFFF:808:808', true],
    ['wildcard and its base', '*.example.com', 'example.com', false],
    ['wildcard case', '*.Example.com', '*.example.com', true],
    ['trailing dot (a format error, not a duplicate)', 'example.com.', 'example.com', false],
    ['www is another name', 'www.example.com', 'example.com', false],
  ])('%s: %s vs %s', (_label, a, b, same) => expect(nameKey(a) === nameKey(b)).toBe(same));
});

describe('duplicates inside one order ("{domain} duplicate", document 01 §5)', () => {
  type Dup = [label: string, input: Partial<DomainCheckInput>, duplicate: string | null, field?: 'commonName' | 'domainNames'];
  const cases: Dup[] = [
    ['an extra name twice', { commonName: 'a.com', extraDomains: 'b.com\nb.com' }, 'b.com', 'domainNames'],
    ['the common name among the other names', { commonName: 'a.com', extraDomains: 'b.com\na.com' }, 'a.com', 'domainNames'],
    ['the common name in another case', { commonName: 'a.com', extraDomains: 'A.COM' }, 'A.COM', 'domainNames'],
    ['the common name as xn-- after its IDN', { commonName: '例子.com', extraDomains: toAscii('例子.com') }, toAscii('例子.com'), 'domainNames'],
    ['the same IPv6 written twice', { productType: 'ip_ssl', commonName: '2606:4700:4700::1111', extraDomains: '2606:4700:4700:0:0:0:0:1111' }, '2606:4700:4700:0:0:0:0:1111', 'domainNames'],
    ['the wildcard switch makes the common name *.a.com: *.a.com typed again', { productType: 'flex', wildcard: true, commonName: 'a.com', extraDomains: '*.a.com' }, '*.a.com', 'domainNames'],
    ['a wildcard and its base are two names', { productType: 'flex', commonName: '*.a.com', extraDomains: 'a.com' }, null],
    ['the www name a flex product adds, typed too, is kept once', { productType: 'flex', brand: 'sectigo', commonName: 'a.com', extraDomains: 'www.a.com' }, null],
    ['typed twice it is a duplicate all the same', { productType: 'flex', brand: 'sectigo', commonName: 'a.com', extraDomains: 'www.a.com\nwww.a.com' }, 'www.a.com', 'domainNames'],
    ['a trailing dot is a format error', { commonName: 'a.com', extraDomains: 'a.com.' }, null],
  ];
  it.each(cases)('%s', (_label, input, duplicate, field) => {
    const r = validateDomains({ ...base, ...input });
    const dups = r.errors.filter((e) => e.messageKey === 'purchase.domain.duplicate');
    if (duplicate === null) expect(dups).toEqual([]);
    else expect(dups).toEqual([{ entry: duplicate, field, messageKey: 'purchase.domain.duplicate', params: { domain: duplicate } }]);
  });

  it('words the message as document 01 §5 does, in both languages, naming the domain', () => {
    const [e] = validateDomains({ ...base, commonName: 'a.com', extraDomains: 'a.com' }).errors;
    const fill = (t: string) => t.replace('{{domain}}', String(e!.params.domain));
    expect(fill(purchaseMessages.zh[e!.messageKey])).toBe('a.com 重复');
    expect(fill(purchaseMessages.en[e!.messageKey])).toBe('a.com duplicate');
  });
});

describe('validateOrders: duplicates across the orders of one batch', () => {
  const order = (commonName: string, extraDomains: string[] = [], more: Partial<DomainCheckInput> = {}): DomainCheckInput => ({ ...base, commonName, extraDomains, batch: true, ...more });
  type Cross = [label: string, orders: DomainCheckInput[], errors: (string | null)[]];
  const dup = (d: string) => `duplicate:${d}`;
  const cases: Cross[] = [
    ['distinct orders pass', [order('a.com'), order('b.com')], [null, null]],
    ['the same common name twice', [order('a.com'), order('a.com')], [null, dup('a.com')]],
    ['the same name in another case and as IDN', [order('例子.com'), order(toAscii('例子.com').toUpperCase())], [null, dup(toAscii('例子.com').toUpperCase())]],
    ['a name of one order as another order\'s extra name', [order('a.com', ['b.com']), order('c.com', ['b.com'])], [null, dup('b.com')]],
    ['a repeat inside a group and across groups', [order('a.com', ['x.com', 'x.com']), order('x.com')], [dup('x.com'), dup('x.com')]],
    ['www names a flex product adds are not compared', [order('a.com', [], { productType: 'flex' }), order('www.a.com', [], { productType: 'flex' })], [null, null]],
    ['a refused name claims nothing', [order('bad..com'), order('bad..com')], ['purchase.domain.formatBatch', 'purchase.domain.formatBatch']],
  ];
  it.each(cases)('%s', (_label, orders, want) => {
    const rs = validateOrders(orders);
    expect(rs.map((r) => {
      const e = r.errors[r.errors.length - 1];
      if (!e) return null;
      return e.messageKey === 'purchase.domain.duplicate' ? dup(String(e.params.domain)) : e.messageKey;
    })).toEqual(want);
  });

  it('marks the field at fault: the common name of a later order, or its other names', () => {
    const [, second] = validateOrders([order('a.com', ['b.com']), order('a.com', ['c.com']), order('d.com', ['b.com'])]);
    expect(second!.errors).toEqual([{ entry: 'a.com', field: 'commonName', messageKey: 'purchase.domain.duplicate', params: { domain: 'a.com' } }]);
    expect(validateOrders([order('a.com', ['b.com']), order('d.com', ['b.com'])])[1]!.errors[0]!.field).toBe('domainNames');
  });

  it('one order gives what validateDomains gives', () => {
    const input = order('a.com', ['b.com', 'b.com', 'bad..x']);
    expect(validateOrders([input])).toEqual([validateDomains(input)]);
  });
});

describe('billedNames: the names a certificate is billed for', () => {
  const flex = { productType: 'flex', brand: 'sectigo' };
  it.each([
    ['each name once', { productType: 'ssl', brand: 'sectigo' }, ['a.com', 'b.com', 'A.com'], ['a.com', 'b.com']],
    ['flex: the www name of a name there is free', flex, ['a.com', 'www.a.com', 'b.com', 'www.b.com'], ['a.com', 'b.com']],
    ['flex: a www name alone is billed', flex, ['www.a.com'], ['www.a.com']],
    ['flex: www2 is another name', flex, ['a.com', 'www.a.com', 'www2.a.com', 'www.www2.a.com'], ['a.com', 'www2.a.com']],
    ['flex: a wildcard and an IP are billed', flex, ['a.com', '*.a.com', '8.8.8.8'], ['a.com', '*.a.com', '8.8.8.8']],
    ['flex of the brand that adds no www: every name billed', { productType: 'flex', brand: 'certum' }, ['a.com', 'www.a.com'], ['a.com', 'www.a.com']],
    ['ssl: www is billed like any name', { productType: 'ssl', brand: 'sectigo' }, ['a.com', 'www.a.com'], ['a.com', 'www.a.com']],
  ])('%s', (_label, p, names, want) => expect(billedNames(names, p)).toEqual(want));

  it('counts the same whether the www names were typed or added', () => {
    fc.assert(fc.property(fc.array(fc.domain(), { minLength: 1, maxLength: 5 }), (typed) => {
      const [cn, ...extras] = typed;
      const bare = validateDomains({ productType: 'flex', brand: 'sectigo', commonName: cn!, extraDomains: extras });
      if (bare.errors.length) return;
      const withWww = validateDomains({ productType: 'flex', brand: 'sectigo', commonName: cn!, extraDomains: bare.domains.slice(1) });
      expect(withWww.errors).toEqual([]);
      expect(billedNames(withWww.domains, flex).length).toBe(billedNames(bare.domains, flex).length);
    }));
  });

  it('addsWww: flex products except certum', () => {
    expect([addsWww(flex), addsWww({ productType: 'flex', brand: 'certum' }), addsWww({ productType: 'ssl', brand: 'sectigo' })]).toEqual([true, false, false]);
  });
});

describe('holdsOneName / isWildcardProduct (the order form: other-names box, wildcard switch)', () => {
  it.each([
    ['dv_one_ssl', true, false],
    ['wild', true, true],
    ['ip_single', true, false],
    ['flex', false, false],
    ['ssl', false, false],
    ['ip_ssl', false, false],
    ['ov', false, false],
  ])('%s: one name %s, wildcard %s', (productType, one, wild) => {
    expect(holdsOneName(productType)).toBe(one);
    expect(isWildcardProduct(productType)).toBe(wild);
  });

  it('a wildcard product refuses the bare domain, which is what the switch prefixes', () => {
    expect(validateDomains({ productType: 'wild', brand: 'x', commonName: 'example.com' }).errors[0]?.messageKey).toBe('purchase.domain.notWildcard');
    expect(validateDomains({ productType: 'wild', brand: 'x', wildcard: true, commonName: 'example.com' }).errors).toEqual([]);
  });
});
