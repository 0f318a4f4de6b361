/**
 * Property tests (issue 3): random input never throws from the shared rules the console and the server both
 * call, and the rules agree with themselves wherever two of them describe the same thing. The server side of
 * the agreement (its create call refuses exactly what validateDomains refuses) lives in
 * apps/server/test/purchase-agreement.test.ts: a shared package must not import the server.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBatchOrders, parseBatchOrders } from '../src/batch-input.ts';
import { approverBase, dcvMethodsFor, defaultDcvMethod, emailDcvMode, forcedDcvMethod, provenDomain, reuseCovers, saveEmailApplies, validateDcvEmail, validatesWildcard } from '../src/dcv.ts';
import { isIp, isPrivateAddress, isWildcardName, nameKind, toAscii, validateDomains, withWildcardPrefix } from '../src/domain-names.ts';
import { keyOptionsFor, normalizeCurve, subjectDefaultsFor, validateKeyParams } from '../src/key-options.ts';
import { priceFor, pricePlaceholder, sumPrices } from '../src/pricing.ts';
import { hasDomains, needsContact, needsOrganization, productTypes, showsDcvMethod } from '../src/product-types.ts';
import { purchaseMessages } from '../src/purchase-messages.ts';
import { formatValidity, isValidTerm, needsValidityNote, termChoices, termDays } from '../src/terms.ts';

const runs = { numRuns: 300 };
/** A key both languages word. */
const isPurchaseMessageKey = (k: string) => k in purchaseMessages.zh && k in purchaseMessages.en;

/** Text that looks like what people paste: names, IPs, IDNs, wildcards, junk, separators. */
const nameish = fc.oneof(
  fc.string(),
  fc.domain(),
  fc.ipV4(),
  fc.ipV6(),
  fc.domain().map((d) => `*.${d}`),
  fc.domain().map((d) => `www.${d}`),
  fc.constantFrom('测试.com', 'bücher.de', '*.例子.中国', 'localhost', '127.0.0.1', '::1', '10.0.0.1', 'a..b', '-a.com', '*.*.a.com', ' ', ''),
  fc.string({ unit: 'grapheme' }),
);
const productType = fc.oneof(fc.constantFrom(...productTypes), fc.string());
const brand = fc.oneof(fc.constantFrom('globalsign', 'sectigo', 'certum', 'digicert', 'bitcert', 'cfca', 'alphassl', 'geotrust'), fc.string());
const certType = fc.oneof(fc.constantFrom('DV', 'OV', 'EV', 'CODE', 'DOC', 'SMIME', 'VMC'), fc.string());
const anyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, -0, 90, 1, 2, 3));

describe('random input never throws', () => {
  it('validateDomains: every error carries a known message key; valid names are ASCII, without duplicates', () => {
    fc.assert(
      fc.property(productType, brand, certType, fc.boolean(), nameish, fc.oneof(fc.array(nameish, { maxLength: 8 }), fc.string()), fc.boolean(), (pt, b, ct, wildcard, cn, extra, batch) => {
        const r = validateDomains({ productType: pt, brand: b, certType: ct, wildcard, commonName: cn, extraDomains: extra, batch });
        for (const e of r.errors) expect(isPurchaseMessageKey(e.messageKey)).toBe(true);
        if (r.errors.length === 0) {
          expect(new Set(r.domains).size).toBe(r.domains.length);
          for (const d of r.domains) expect(d).toMatch(/^[\x21-\x7e]+$/);
          for (const a of r.autoAdded) expect(r.domains).toContain(a);
        }
        if (!hasDomains(pt)) expect(r).toEqual({ domains: [], autoAdded: [], errors: [] });
      }),
      runs,
    );
  });

  it('toAscii, nameKind, isIp, isPrivateAddress take anything', () => {
    fc.assert(
      fc.property(nameish, (s) => {
        const a = toAscii(s);
        expect(typeof a).toBe('string');
        nameKind(s);
        expect(typeof isIp(s)).toBe('boolean');
        expect(typeof isPrivateAddress(s)).toBe('boolean');
      }),
      runs,
    );
  });

  it('parseBatchOrders: groups have a common name and no blank lines; formatting and parsing again gives the same groups', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.oneof(nameish, fc.constantFrom('', '\n', '\r\n', '   ')), { maxLength: 40 }).map((xs) => xs.join('\n'))), (text) => {
        const r = parseBatchOrders(text);
        for (const g of r.groups) {
          expect(g.commonName.trim()).toBe(g.commonName);
          expect(g.commonName).not.toBe('');
          for (const d of g.domainNames) expect(d.trim()).not.toBe('');
        }
        expect(r.error === null).toBe(r.groups.length <= 500);
        expect(parseBatchOrders(formatBatchOrders(r.groups)).groups).toEqual(r.groups);
      }),
      runs,
    );
  });

  it('termChoices and friends: choices are 1..3 or [90], every choice valid, formatting total', () => {
    fc.assert(
      fc.property(anyNumber, fc.boolean(), anyNumber, productType, (maxYear, free, term, pt) => {
        const choices = termChoices(maxYear, free);
        if (free) expect(choices).toEqual([90]);
        else for (const c of choices) expect(c >= 1 && c <= 3 && Number.isInteger(c)).toBe(true);
        for (const c of choices) expect(isValidTerm(c, maxYear, free)).toBe(true);
        expect(isValidTerm(term, maxYear, free)).toBe(choices.includes(term));
        formatValidity(term);
        termDays(term);
        expect(typeof needsValidityNote(pt, term, '2026-12-07')).toBe('boolean');
      }),
      runs,
    );
  });

  // A count of names is a count: NaN or Infinity would give NaN cents (priceFor does not guard it; callers count arrays).
  it('priceFor: any term offered, any whole count of names, any discount in 0..100: integer cents, discounted never above raw', () => {
    const product = fc.record({ pricePerYear: fc.nat({ max: 10_000_000 }), extraDomainPrice: fc.nat({ max: 1_000_000 }), free: fc.boolean() });
    fc.assert(
      fc.property(product, fc.integer({ min: 0, max: 5 }), fc.integer({ min: -5, max: 1000 }), fc.integer({ min: 0, max: 100 }), (p, maxYear, count, discount) => {
        for (const term of termChoices(maxYear, p.free)) {
          const r = priceFor(p, { term, domainCount: count, discountPercent: discount });
          expect(Number.isInteger(r.allRawPrice) && Number.isInteger(r.allNowPrice)).toBe(true);
          expect(r.allNowPrice).toBeLessThanOrEqual(r.allRawPrice);
          expect(r.allNowPrice).toBeGreaterThanOrEqual(0);
          expect(sumPrices([r, r]).allNowPrice).toBe(2 * r.allNowPrice);
        }
      }),
      runs,
    );
  });

  it('priceFor refuses impossible input with a RangeError, never anything else', () => {
    fc.assert(
      fc.property(fc.record({ pricePerYear: anyNumber, extraDomainPrice: anyNumber, free: fc.boolean() }), anyNumber, anyNumber, anyNumber, (p, term, count, discount) => {
        try {
          priceFor(p, { term, domainCount: count, discountPercent: discount });
        } catch (e) {
          expect(e).toBeInstanceOf(RangeError);
        }
      }),
      runs,
    );
  });

  it('pricePlaceholder: an IP for IP products, a name otherwise, both accepted by the domain rule', () => {
    fc.assert(
      fc.property(fc.constantFrom('ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'dv_one_ssl'), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (pt, x) => {
        const name = pricePlaceholder(pt, () => x);
        const r = validateDomains({ productType: pt, brand: 'sectigo', certType: 'DV', commonName: name });
        expect(r.errors).toEqual([]);
      }),
      runs,
    );
  });

  it('defaultDcvMethod is always one of the methods offered, and the forced method is the only one', () => {
    fc.assert(
      fc.property(brand, fc.constantFrom('ssl', 'wild', 'flex', 'ov', 'ev', 'dv_one_ssl', 'ip_ssl', 'ip_single'), fc.constantFrom('DV', 'OV', 'EV'), fc.boolean(), (b, pt, ct, wildcard) => {
        const p = { brand: b, productType: pt, certType: ct, wildcard };
        const offered = dcvMethodsFor({ ...p, on: '2026-12-07' });
        expect(offered).toContain(defaultDcvMethod(p));
        const forced = forcedDcvMethod(p);
        if (forced && !['ip_ssl', 'ip_single'].includes(pt)) expect(offered).toEqual([forced]);
        expect(typeof showsDcvMethod(pt)).toBe('boolean');
        expect(typeof needsContact(p)).toBe('boolean');
        expect(typeof needsOrganization(p)).toBe('boolean');
      }),
      runs,
    );
  });

  it('file validation: never offered for names holding a wildcard (IP products aside), and a wildcard switch makes a wildcard', () => {
    fc.assert(
      fc.property(brand, fc.constantFrom('ssl', 'wild', 'flex', 'ov', 'ev', 'dv_one_ssl'), fc.constantFrom('DV', 'OV', 'EV'), fc.array(nameish, { maxLength: 5 }), fc.boolean(), (b, pt, ct, names, sw) => {
        const wildcard = validatesWildcard({ names, wildcardSwitch: sw, productType: pt });
        expect(wildcard).toBe(sw || pt === 'wild' || names.some(isWildcardName));
        if (wildcard) expect(dcvMethodsFor({ brand: b, productType: pt, certType: ct, wildcard, on: '2026-12-07' })).not.toContain('file');
        for (const n of names) expect(isWildcardName(withWildcardPrefix(n.trim())) || n.trim() === '').toBe(true);
      }),
      runs,
    );
  });

  it('a validation kept for reuse covers the name it proved, unless a file proved a wildcard', () => {
    fc.assert(
      fc.property(fc.constantFrom('dns', 'dns_txt', 'file', 'email', 'email_dns'), nameish, (method, name) => {
        expect(reuseCovers({ method, domain: provenDomain(method, name) }, name)).toBe(!(method === 'file' && isWildcardName(name)));
      }),
      runs,
    );
  });

  it('the validation e-mail rules: save-email applies exactly to email_dns with an address typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.constantFrom('admin', 'Webmaster', ' postmaster ', 'admin@example.com')), fc.option(nameish, { nil: undefined }), fc.boolean(), (mailbox, domain, save) => {
        const mode = emailDcvMode(mailbox, domain);
        expect(saveEmailApplies(mailbox, domain)).toBe(mailbox.trim() !== '' && mode === 'email_dns');
        const k = validateDcvEmail({ email: mailbox, saveEmail: save });
        if (k) expect(isPurchaseMessageKey(k)).toBe(true);
        if (domain !== undefined) approverBase(domain);
      }),
      runs,
    );
  });

  it('key options: defaults are allowed, random parameters give known message keys', () => {
    fc.assert(
      fc.property(brand, productType, fc.option(certType, { nil: undefined }), fc.string(), fc.oneof(fc.integer(), fc.constantFrom(2048, 3072, 4096)), fc.string(), fc.string(), (b, pt, ct, enc, len, curve, sig) => {
        const o = keyOptionsFor({ brand: b, productType: pt });
        const d = o.defaults;
        expect(validateKeyParams(o, { encryption: d.encryption, keyLength: d.keyLength, curve: d.curve, signature: d.signature })).toEqual([]);
        for (const e of validateKeyParams(o, { encryption: enc, keyLength: len, curve, signature: sig })) expect(isPurchaseMessageKey(e.messageKey)).toBe(true);
        normalizeCurve(curve);
        subjectDefaultsFor(pt, ct);
      }),
      runs,
    );
  });
});
