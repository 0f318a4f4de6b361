import { describe, expect, it } from 'vitest';
import { batchOrderErrors, boxRows, chooseDcv, isLongPaste, csrRequestFor, domainTypeOf, formErrors, type FormErrorsInput } from './order-form.ts';
import { planOrders, type Plan } from './plan-orders.ts';

describe('boxRows', () => {
  it.each([
    ['empty', '', 7],
    ['one line', 'a.example.com', 7],
    ['seven lines', 'a\nb\nc\nd\ne\nf\ng', 7],
    ['eight lines', 'a\nb\nc\nd\ne\nf\ng\nh', 8],
    ['a trailing newline starts a line', 'a\nb\nc\nd\ne\nf\ng\n', 8],
    ['500 lines stop at the most', Array.from({ length: 500 }, (_, i) => `n${i}.example.com`).join('\n'), 24],
  ])('%s: %i rows', (_, text, rows) => {
    expect(boxRows(text, 7, 24)).toBe(rows);
  });
});

describe('isLongPaste', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `n${i}.example.com`).join('\n');
  it('leaves a few lines to the browser (its undo can take them back) and takes fifty or more itself', () => {
    expect([isLongPaste(''), isLongPaste(lines(1)), isLongPaste(lines(49)), isLongPaste(lines(50)), isLongPaste(lines(500))]).toEqual([false, false, false, true, true]);
  });
});

describe('domainTypeOf', () => {
  it.each([
    ['code signing holds no domain', 'code', false, 0, 'none'],
    ['an IP product', 'ip_single', false, 0, 'ip'],
    ['a wildcard product', 'wild', false, 0, 'wildcard'],
    ['the wildcard switch on a flex product', 'flex', true, 0, 'wildcard'],
    ['OV with one name', 'ov', false, 0, 'single'],
    ['OV with other names', 'ov', false, 2, 'multi'],
    ['a multi-domain product', 'ssl', false, 0, 'multi'],
  ] as const)('%s: %s', (_, productType, wildOn, domains, want) => {
    expect(domainTypeOf(productType, wildOn, domains)).toBe(want);
  });
});

describe('chooseDcv', () => {
  const base = { hasProduct: true, brand: 'globalsign', productType: 'ssl', certType: 'DV', wildOn: false, orders: [], chosen: null, on: '2026-12-07' };

  it('no longer offers e-mail validation from the day the rules table ends it (2028-03-15), and falls back to the default', () => {
    expect(chooseDcv({ ...base, chosen: 'email', on: '2028-03-14' })).toMatchObject({ method: 'email' });
    const after = chooseDcv({ ...base, chosen: 'email', on: '2028-03-15' });
    expect(after.options).toEqual(['dns', 'dns_txt', 'file']);
    expect(after.method).toBe('dns');
  });
  it('no product: nothing offered, dns assumed', () => {
    expect(chooseDcv({ ...base, hasProduct: false })).toMatchObject({ options: [], method: 'dns' });
  });
  it('the method chosen stays while it is offered', () => {
    const c = chooseDcv({ ...base, chosen: 'file' });
    expect(c.options).toContain('file');
    expect(c.method).toBe('file');
  });
  it.each([
    ['the wildcard switch', { wildOn: true, orders: [] }],
    ['a wildcard common name typed', { orders: [{ commonName: '*.a.example.com', domainNames: [] }] }],
    ['a wildcard among the other names', { orders: [{ commonName: 'a.example.com', domainNames: ['*.b.example.com'] }] }],
  ])('%s takes the file method away, and a choice of it falls back', (_, over) => {
    const c = chooseDcv({ ...base, ...over, chosen: 'file' });
    expect(c.input.wildcard).toBe(true);
    expect(c.options).not.toContain('file');
    expect(c.method).not.toBe('file');
  });
  it('email_dns is never offered as a method of its own (the mailbox decides it)', () => {
    expect(chooseDcv(base).options).not.toContain('email_dns');
  });
});

const emptyPlan: Plan = { orders: [], commonNameError: null, extraDomainsError: null, csrError: null, tooMany: null };
const req = (messageKey: string) => ({ messageKey, params: {} });

describe('formErrors', () => {
  const base: FormErrorsInput = { mode: 'single', csrFrom: 'create', hasProduct: true, plan: emptyPlan, serverErrors: {}, emailFamily: false, mailbox: '', saveEmail: false, contactMissing: false, orgMissing: false };
  it.each([
    ['no product', { hasProduct: false }, 'product', req('purchase.product.required')],
    ['the plan\'s common name error in single mode', { plan: { ...emptyPlan, commonNameError: req('purchase.domain.format') } }, 'commonName', req('purchase.domain.format')],
    ['the server\'s error wins over the rule\'s', { serverErrors: { commonName: 'taken' }, plan: { ...emptyPlan, commonNameError: req('purchase.domain.format') } }, 'commonName', { text: 'taken' }],
    ['the server\'s domainNames error shows on the other names box', { serverErrors: { domainNames: 'bad' } }, 'extraDomains', { text: 'bad' }],
    ['batch: too many orders before the common name', { mode: 'batch', plan: { ...emptyPlan, tooMany: req('purchase.batch.tooMany'), commonNameError: req('purchase.domain.required') } }, 'batch', req('purchase.batch.tooMany')],
    ['batch: nothing typed', { mode: 'batch', plan: { ...emptyPlan, commonNameError: req('purchase.domain.required') } }, 'batch', req('purchase.domain.required')],
    ['batch from a zip: only too many counts', { mode: 'batch', csrFrom: 'zip', plan: { ...emptyPlan, commonNameError: req('purchase.domain.required') } }, 'batch', null],
    ['a request that cannot be read', { csrFrom: 'paste', plan: { ...emptyPlan, csrError: req('purchase.csr.invalid') } }, 'csr', req('purchase.csr.invalid')],
    ['the server\'s key error shows on the request', { serverErrors: { key: 'weak' } }, 'csr', { text: 'weak' }],
    ['an e-mail method with no mailbox', { emailFamily: true }, 'mailbox', { messageKey: expect.any(String), params: {} }],
    ['a contact needed', { contactMissing: true }, 'contact', req('purchase.contact.required')],
    ['a company needed', { orgMissing: true }, 'org', req('purchase.org.required')],
    ['the server refused the term', { serverErrors: { year: 'no' } }, 'term', { text: 'no' }],
  ] as const)('%s', (_, over, field, want) => {
    expect(formErrors({ ...base, ...over } as FormErrorsInput)[field]).toEqual(want);
  });
  it('a mailbox typed well has no error', () => {
    expect(formErrors({ ...base, emailFamily: true, mailbox: 'admin@example.com' }).mailbox).toBeNull();
  });
});

describe('batchOrderErrors', () => {
  it('lists the first error of each batch order that has one; none in single mode', () => {
    const plan = planOrders({ mode: 'batch', csrFrom: 'create', product: { productType: 'ssl', brand: 'globalsign', certType: 'DV' }, wildcard: false, commonName: '', extraDomains: '', batchText: 'a.example.com\n\nbad..x\n\na.example.com', csrs: [] });
    expect(batchOrderErrors('batch', plan.orders).map((e) => [e.label, e.error.messageKey])).toEqual([
      ['bad..x', 'purchase.domain.formatBatch'],
      ['a.example.com', 'purchase.domain.duplicate'],
    ]);
    expect(batchOrderErrors('single', plan.orders)).toEqual([]);
  });
});

describe('csrRequestFor', () => {
  const key = { encryption: 'RSA', keyLength: 3072, curve: 'P384', signature: 'SHA384' } as const;
  const o = { commonName: 'a.example.com', allNames: ['a.example.com', 'www.a.example.com'] };
  it('the order\'s names, the key chosen and the product\'s subject', () => {
    const r = csrRequestFor(o, { productType: 'ssl', certType: 'DV', withDomains: true, org: null, key });
    expect(r).toMatchObject({ signAlg: 'RSASSA-PKCS1-v1_5', hashAlg: 'SHA-384', keySize: 3072, curve: 'P-384', hostname: 'a.example.com', sans: ['www.a.example.com'] });
  });
  it('a company\'s subject (OV/EV), its country code first', () => {
    const org = { nationCode: 'CN', country: 'China', province: 'Beijing', city: '', locality: 'Haidian', orgName: 'Acme Ltd', name: 'Acme' };
    expect(csrRequestFor(o, { productType: 'ov', certType: 'OV', withDomains: true, org, key: { ...key, encryption: 'ECC' } })).toMatchObject({ signAlg: 'ECDSA', country: 'CN', province: 'Beijing', city: 'Haidian', org: 'Acme Ltd' });
  });
  it('no SANs for a product without domains', () => {
    expect(csrRequestFor(o, { productType: 'code', certType: 'OV', withDomains: false, org: null, key }).sans).toEqual([]);
  });
});
