import { describe, expect, it } from 'vitest';
import {
  approverEmails, dcvMethodEndsOn, dcvMethodsFor, defaultDcvMethod, emailDcvMode, emailDcvOffered, emailDnsTxtHost, forcedDcvMethod, isDcvMethod,
  saveEmailApplies, validateDcvEmail, isConstructedApprover, mayApproveByEmail, isDcvMailbox, provenDomain, reuseCovers, validatesWildcard,
} from '../src/dcv.ts';

describe('defaultDcvMethod', () => {
  it.each([
    [{ brand: 'certum', productType: 'ssl' }, 'dns_txt'],
    [{ brand: 'sectigo', productType: 'ssl' }, 'dns'],
    [{ brand: 'positivessl', productType: 'dv_one_ssl' }, 'dns'],
    [{ brand: 'bitcert', productType: 'flex' }, 'dns'],
    [{ brand: 'globalsign', productType: 'ov' }, 'dns'],
    [{ brand: 'digicert', productType: 'code' }, 'file'],
    [{ brand: 'globalsign', productType: 'doc' }, 'file'],
    [{ brand: 'certum', productType: 'code' }, 'file'],
    [{ brand: 'bitcert', productType: 'ip_ssl' }, 'file'],
    [{ brand: 'sectigo', productType: 'ip_single' }, 'file'],
    [{ brand: 'certum', productType: 'wild', wildcard: true }, 'dns_txt'],
    [{ brand: 'sectigo', productType: 'wild', wildcard: true }, 'dns'],
    [{ brand: 'geotrust', productType: 'wild', wildcard: true }, 'dns'],
  ])('%j → %s', (p, want) => expect(defaultDcvMethod(p)).toBe(want));
});

describe('forcedDcvMethod', () => {
  it.each([
    [{ brand: 'certum', wildcard: true }, 'dns_txt'], [{ brand: 'sectigo', wildcard: true }, 'dns'],
    [{ brand: 'certum', wildcard: false }, null], [{ brand: 'digicert', wildcard: true }, null],
  ])('%j → %s', (p, want) => expect(forcedDcvMethod(p)).toBe(want));
});

describe('emailDcvOffered', () => {
  it.each([
    ['globalsign', 'DV', true], ['globalsign', 'OV', true], ['digicert', 'EV', true], ['sectigo', 'DV', true],
    ['certum', 'DV', false], ['positivessl', 'DV', false], ['bitcert', 'OV', false], ['digicert', 'CODE', false], ['sectigo', 'SMIME', false],
  ])('%s %s → %s', (brand, certType, want) => expect(emailDcvOffered({ brand, certType })).toBe(want));
});

describe('dcvMethodsFor', () => {
  it.each([
    [{ brand: 'digicert', productType: 'ov', certType: 'OV' }, ['dns', 'dns_txt', 'file', 'email', 'email_dns']],
    [{ brand: 'digicert', productType: 'wild', certType: 'OV', wildcard: true }, ['dns', 'dns_txt', 'email', 'email_dns']],
    [{ brand: 'certum', productType: 'ssl', certType: 'DV' }, ['dns', 'dns_txt', 'file']],
    [{ brand: 'certum', productType: 'wild', certType: 'DV', wildcard: true }, ['dns_txt']],
    [{ brand: 'sectigo', productType: 'wild', certType: 'DV', wildcard: true }, ['dns']],
    [{ brand: 'bitcert', productType: 'ip_ssl', certType: 'DV' }, ['file']],
  ])('%j → %j', (p, want) => expect(dcvMethodsFor({ ...p, on: '2026-12-07' })).toEqual(want));

  // SC-090: the e-mail methods stop validating names on 2028-03-15, by the rules table.
  it.each([
    ['2028-03-14', ['dns', 'dns_txt', 'file', 'email', 'email_dns']],
    ['2028-03-15', ['dns', 'dns_txt', 'file']],
    ['2029-03-15', ['dns', 'dns_txt', 'file']],
  ])('on %s a digicert OV offers %j', (on, want) => expect(dcvMethodsFor({ brand: 'digicert', productType: 'ov', certType: 'OV', on })).toEqual(want));
});

describe('dcvMethodEndsOn', () => {
  it.each([['email', '2028-03-15'], ['email_dns', '2028-03-15'], ['dns', null], ['dns_txt', null], ['file', null], ['nonsense', null]])('%s → %s', (m, want) => expect(dcvMethodEndsOn(m)).toBe(want));
});

describe('email validation', () => {
  it.each([
    ['admin', undefined, 'email'], ['Webmaster', undefined, 'email'], ['hostmaster', undefined, 'email'], ['postmaster', undefined, 'email'],
    ['administrator', undefined, 'email'], ['admin@example.com', 'example.com', 'email'], ['admin@example.com', '*.example.com', 'email'],
    ['admin@other.com', 'example.com', 'email_dns'], ['admin@example.com', undefined, 'email_dns'], ['me@example.com', 'example.com', 'email_dns'],
    ['root', undefined, 'email_dns'],
  ])('emailDcvMode(%s, %s) → %s', (mailbox, domain, want) => expect(emailDcvMode(mailbox, domain)).toBe(want));

  it('lists the approver addresses of the base domain', () => {
    expect(approverEmails('*.Example.com')).toEqual([
      'admin@example.com', 'administrator@example.com', 'webmaster@example.com', 'hostmaster@example.com', 'postmaster@example.com',
    ]);
  });

  it('puts the email_dns record under _validation-contactemail', () => {
    expect(emailDnsTxtHost('*.example.com')).toBe('_validation-contactemail.example.com');
  });

  it.each([
    ['me@corp.com', true], ['admin', false], ['', false], ['admin@example.com', false],
  ])('saveEmailApplies(%s) → %s', (mailbox, want) => expect(saveEmailApplies(mailbox, 'example.com')).toBe(want));

  it.each([
    [{ email: '' }, 'purchase.dcvEmail.required'],
    [{ email: '  ', saveEmail: true }, 'purchase.dcvEmail.enter'],
    [{ email: 'not-an-email' }, 'purchase.dcvEmail.format'],
    [{ email: 'a@b' }, 'purchase.dcvEmail.format'],
    [{ email: 'me@corp.com' }, null],
    [{ email: 'admin' }, null],
    [{ email: 'me@corp.com', saveEmail: true }, null],
  ])('validateDcvEmail(%j) → %s', (p, want) => expect(validateDcvEmail(p)).toBe(want));

  it.each([
    ['admin@example.com', 'example.com', true], ['Postmaster@Example.com', '*.example.com', true], ['admin@www.example.com', 'www.example.com', true],
    ['admin@example.com', 'www.example.com', false], ['root@example.com', 'example.com', false], ['admin@example.com.evil.example', 'example.com', false],
    ['admin', 'example.com', false],
  ])('isConstructedApprover(%s, %s) → %s', (mailbox, domain, want) => expect(isConstructedApprover(mailbox, domain)).toBe(want));

  it.each([
    ['webmaster@example.com', 'example.com', true], ['attacker@elsewhere.example', 'example.com', false], ['me@example.com', 'example.com', false],
    // A mailbox name (S/MIME) is approved by that mailbox only.
    ['alice@example.com', 'Alice@example.com', true], ['admin@example.com', 'alice@example.com', false],
  ])('mayApproveByEmail(%s, %s) → %s', (mailbox, name, want) => expect(mayApproveByEmail(mailbox, name)).toBe(want));

  it.each([
    ['admin', true], [' Hostmaster ', true], ['me@corp.example', true], [`${'a'.repeat(241)}@corp.example`, true],
    [`${'a'.repeat(242)}@corp.example`, false], ['', false], ['root', false], ['a@b\r\nBcc: x@y.example', false], ['me@corp.example\nx', false],
    ['<b>x</b>@corp.example', false], ['"a b"@corp.example', false], ['a@corp.example, b@corp.example', false],
  ])('isDcvMailbox(%j) → %s', (v, want) => expect(isDcvMailbox(v)).toBe(want));

  it('knows the five methods', () => {
    expect(['dns', 'dns_txt', 'file', 'email', 'email_dns'].every(isDcvMethod)).toBe(true);
    expect(isDcvMethod('http')).toBe(false);
  });
});

describe('validatesWildcard: one wildcard among the names rules out file validation', () => {
  it.each([
    [{ names: ['a.com'] }, false],
    [{ names: ['a.com', 'www.a.com'] }, false],
    [{ names: ['*.a.com'] }, true],
    [{ names: ['a.com', '*.a.com'] }, true],
    [{ names: [' *.a.com '] }, true],
    [{ names: ['a.*.com'] }, false],
    [{ names: [] }, false],
    // Before a name is typed, the switch and a wild product say what the names will be.
    [{ names: [], wildcardSwitch: true }, true],
    [{ names: [], productType: 'wild' }, true],
    [{ names: ['a.com'], productType: 'ssl', wildcardSwitch: false }, false],
  ])('%j → %s', (p, want) => {
    expect(validatesWildcard(p)).toBe(want);
    const methods = dcvMethodsFor({ brand: 'digicert', productType: 'ssl', certType: 'DV', wildcard: validatesWildcard(p), on: '2026-12-07' });
    expect(methods.includes('file')).toBe(!want);
  });
});

describe('validations kept for reuse', () => {
  it.each([
    ['file', 'A.com', 'a.com'],
    ['file', 'www.a.com', 'www.a.com'],
    ['dns', '*.a.com', 'a.com'],
    ['dns_txt', 'shop.a.com', 'shop.a.com'],
    ['email', '*.Shop.a.com', 'shop.a.com'],
  ])('%s of %s proves %s', (method, name, proven) => expect(provenDomain(method, name)).toBe(proven));

  it.each([
    [{ method: 'file', domain: 'a.com' }, 'a.com', true],
    [{ method: 'file', domain: 'a.com' }, 'A.COM', true],
    [{ method: 'file', domain: 'a.com' }, 'www.a.com', false],
    [{ method: 'file', domain: 'a.com' }, '*.a.com', false],
    [{ method: 'dns', domain: 'a.com' }, '*.a.com', true],
    [{ method: 'dns', domain: 'a.com' }, 'x.y.a.com', true],
    [{ method: 'dns', domain: 'a.com' }, 'ba.com', false],
    [{ method: 'email', domain: 'shop.a.com' }, 'a.com', false],
    [{ method: 'dns_txt', domain: 'a.com' }, 'a.com', true],
  ])('%j covers %s: %s', (proof, name, want) => expect(reuseCovers(proof, name)).toBe(want));

  it('a name a validation proves is covered by it, except a wildcard proved by file (which no order may use)', () => {
    for (const method of ['file', 'dns', 'dns_txt', 'email', 'email_dns']) {
      for (const name of ['a.com', 'www.a.com', '*.a.com']) {
        expect(reuseCovers({ method, domain: provenDomain(method, name) }, name)).toBe(!(method === 'file' && name.startsWith('*.')));
      }
    }
  });
});
