import { describe, expect, it } from 'vitest';
import { keyDefaults, keyOptionsFor, namedCurves, normalizeCurve, subjectDefaultsFor, validateKeyParams } from '../src/key-options.ts';

describe('keyOptionsFor', () => {
  it('forces RSA 4096 with PKCS#1 v1.5 for code and doc', () => {
    for (const productType of ['code', 'doc']) {
      const o = keyOptionsFor({ brand: 'digicert', productType });
      expect(o).toMatchObject({ encryptions: ['RSA'], keyLengths: [4096], curves: [], rsaPadding: 'pkcs1v15', fixed: true });
      expect(o.defaults.keyLength).toBe(4096);
    }
  });

  it('forces RSA 2048 SHA256 for cfca', () => {
    expect(keyOptionsFor({ brand: 'cfca', productType: 'ov' })).toMatchObject({ encryptions: ['RSA'], keyLengths: [2048], signatures: ['SHA256'], fixed: true });
  });

  it('offers everything otherwise', () => {
    const o = keyOptionsFor({ brand: 'sectigo', productType: 'ssl' });
    expect(o).toMatchObject({
      encryptions: ['RSA', 'ECC'], keyLengths: [2048, 3072, 4096], curves: ['P256', 'P384', 'P521'], signatures: ['SHA256', 'SHA384', 'SHA512'], fixed: false,
      defaults: { encryption: 'RSA', keyLength: 2048, curve: 'P256', signature: 'SHA256' },
    });
  });

  it('has the documented defaults', () => {
    expect(keyDefaults).toMatchObject({ from: 'create', encryption: 'RSA', keyLength: 2048, country: 'SG', province: 'Beijing', locality: 'Beijing', orgUnit: 'SSL' });
  });
});

describe('curves', () => {
  it.each([['P256', 'P256'], ['p384', 'P384'], ['P521', 'P521'], ['P512', 'P521'], ['P-521', 'P521'], ['P-256', 'P256'], ['P192', null], ['', null]])(
    'normalizeCurve(%s) → %s', (c, want) => expect(normalizeCurve(c)).toBe(want),
  );
  it('maps to WebCrypto names', () => expect(namedCurves.P521).toBe('P-521'));
});

describe('validateKeyParams', () => {
  const any = keyOptionsFor({ brand: 'sectigo', productType: 'ssl' });
  const code = keyOptionsFor({ brand: 'sectigo', productType: 'code' });
  const cfca = keyOptionsFor({ brand: 'cfca', productType: 'ssl' });
  it.each([
    ['RSA 2048', any, { encryption: 'RSA', keyLength: 2048, signature: 'SHA256' }, []],
    ['ECC P512 alias', any, { encryption: 'ECC', curve: 'P512', signature: 'SHA384' }, []],
    ['RSA 1024', any, { encryption: 'RSA', keyLength: 1024, signature: 'SHA256' }, ['keyLength']],
    ['unknown curve', any, { encryption: 'ECC', curve: 'P192', signature: 'SHA256' }, ['curve']],
    ['SHA1', any, { encryption: 'RSA', keyLength: 2048, signature: 'SHA1' }, ['signature']],
    ['DSA', any, { encryption: 'DSA', signature: 'SHA256' }, ['encryption']],
    ['code with 2048', code, { encryption: 'RSA', keyLength: 2048, signature: 'SHA256' }, ['keyLength']],
    ['code with ECC', code, { encryption: 'ECC', curve: 'P256', signature: 'SHA256' }, ['encryption']],
    ['code with 4096', code, { encryption: 'RSA', keyLength: 4096, signature: 'SHA512' }, []],
    ['cfca with SHA384', cfca, { encryption: 'RSA', keyLength: 2048, signature: 'SHA384' }, ['signature']],
  ])('%s', (_l, options, params, fields) => expect(validateKeyParams(options, params).map((e) => e.field)).toEqual(fields));
});

describe('subjectDefaultsFor', () => {
  it.each([
    ['ssl', undefined, ''], ['dv_one_ssl', 'DV', ''], ['flex', 'DV', ''], ['ip_ssl', 'DV', ''],
    ['ov', undefined, 'Beijing'], ['ev', undefined, 'Beijing'], ['code', undefined, 'Beijing'], ['doc', undefined, 'Beijing'], ['wild', 'OV', 'Beijing'],
  ])('%s %s → locality %j', (type, certType, locality) => {
    expect(subjectDefaultsFor(type, certType)).toEqual({ country: 'SG', province: 'Beijing', locality, organization: '', orgUnit: 'SSL' });
  });
});
