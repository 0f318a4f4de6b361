import { describe, expect, it } from 'vitest';
import {
  approverEmails, dcvMethodsFor, defaultDcvMethod, emailDcvMode, emailDcvOffered, emailDnsTxtHost, forcedDcvMethod, isDcvMethod,
  saveEmailApplies, validateDcvEmail,
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
  ])('%j → %j', (p, want) => expect(dcvMethodsFor(p)).toEqual(want));
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

  it('knows the five methods', () => {
    expect(['dns', 'dns_txt', 'file', 'email', 'email_dns'].every(isDcvMethod)).toBe(true);
    expect(isDcvMethod('http')).toBe(false);
  });
});
