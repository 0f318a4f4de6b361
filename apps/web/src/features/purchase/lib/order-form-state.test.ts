import { describe, expect, it } from 'vitest';
import { initialOrderForm, orderFormReducer, type OrderFormAction, type OrderFormState } from './order-form-state.ts';

const run = (...actions: OrderFormAction[]) => actions.reduce(orderFormReducer, initialOrderForm);
const refused = (s: OrderFormState, fields: Record<string, string>) => orderFormReducer(s, { type: 'serverErrors', mode: 'single', fields });
const alpha = { productNo: 'P-ALPHA', subBrand: 'alphassl', certType: 'DV' };

describe('orderFormReducer', () => {
  it('starts with no choice made, the key defaults, the autopilot on and nothing touched', () => {
    expect(initialOrderForm).toMatchObject({ mode: null, productNo: null, term: null, csrFrom: 'create', autopilot: true, touched: {}, submitted: false });
  });

  it.each([
    ['the common name', { type: 'commonName', value: 'example.com' }, 'commonName'],
    ['the term', { type: 'term', term: 2 }, 'year'],
    ['the validation method', { type: 'dcv', dcv: 'file' }, 'dcvMethod'],
    ['the mailbox', { type: 'mailbox', mailbox: 'admin@example.com' }, 'dcvEmail.email'],
    ['where the CSR comes from', { type: 'csrFrom', csrFrom: 'paste' }, 'csr'],
    ['the pasted CSR', { type: 'paste', text: '-----BEGIN' }, 'csr'],
    ['the other names', { type: 'extraDomains', value: 'www.example.com' }, 'domainNames'],
    ['the contact', { type: 'contact', contact: null }, 'contactID'],
    ['the company', { type: 'org', org: null }, 'orgID'],
    ['the wildcard switch', { type: 'wildcard', productNo: 'P-1', on: false }, 'commonName'],
  ] as const)('a change of %s takes away the server’s error about it, and only that one, and shows its own', (_, action, field) => {
    const before = refused(initialOrderForm, { [field]: 'refused', other: 'kept' });
    const after = orderFormReducer(before, action);
    expect(after.serverErrors).toEqual({ other: 'kept' });
    expect(after.touched[field]).toBe(true);
  });

  it('the other names box shows its own errors as it is typed in', () => {
    expect(run({ type: 'extraDomains', value: 'a.example.com' }).touched).toEqual({ domainNames: true, extraDomains: true });
  });

  it('typing in the batch box takes away the refusals of the last batch', () => {
    const s = run({ type: 'serverErrors', mode: 'batch', fields: { 'a.example.com': 'taken' } });
    expect(s.batchServerErrors).toEqual(['a.example.com: taken']);
    const typed = orderFormReducer(s, { type: 'batchText', value: 'b.example.com' });
    expect(typed).toMatchObject({ batchText: 'b.example.com', batchServerErrors: [], touched: { batch: true } });
  });

  it('a batch refusal is one line per order, a single refusal stays per field', () => {
    const single = run({ type: 'serverErrors', mode: 'single', fields: { commonName: 'bad' } });
    expect(single).toMatchObject({ serverErrors: { commonName: 'bad' }, batchServerErrors: [] });
    const batch = run({ type: 'serverErrors', mode: 'batch', fields: { 'a.example.com': 'bad', 'b.example.com': 'worse' } });
    expect(batch).toMatchObject({ serverErrors: {}, batchServerErrors: ['a.example.com: bad', 'b.example.com: worse'] });
  });

  it('leaving a field shows its errors without changing anything else; touching twice keeps the same state', () => {
    const once = run({ type: 'touch', field: 'csr' });
    expect(once.touched).toEqual({ csr: true });
    expect(orderFormReducer(once, { type: 'touch', field: 'csr' })).toBe(once);
  });

  it('Create shows every error and forgets the last batch’s refusals', () => {
    const s = run({ type: 'serverErrors', mode: 'batch', fields: { 'a.example.com': 'bad' } }, { type: 'submit' });
    expect(s).toMatchObject({ submitted: true, batchServerErrors: [] });
  });

  it('a key choice changes only that part of the key', () => {
    const s = run({ type: 'key', change: { encryption: 'ECC' } }, { type: 'key', change: { curve: 'P384' } });
    expect(s.key).toEqual({ ...initialOrderForm.key, encryption: 'ECC', curve: 'P384' });
  });

  it('a zip of requests is kept with its name, and removed whole', () => {
    const s = run({ type: 'zip', csrs: [], name: 'csrs.zip' });
    expect(s.zip.name).toBe('csrs.zip');
    expect(s.touched.csr).toBe(true);
    expect(orderFormReducer(s, { type: 'zipRemove' }).zip).toEqual({ csrs: [], name: '' });
  });

  it('the wildcard switch belongs to the product it was set for; with no product there is no choice', () => {
    expect(run({ type: 'wildcard', productNo: 'P-1', on: true }).wildcard).toEqual({ productNo: 'P-1', on: true });
    expect(run({ type: 'wildcard', productNo: undefined, on: true }).wildcard).toBeNull();
  });

  it('a renewal ticket fills one order with a new key from the renewed product and names, once', () => {
    const before = run({ type: 'mode', mode: 'batch' }, { type: 'csrFrom', csrFrom: 'paste' }, { type: 'renewed', orderNo: 'OLD' });
    const s = orderFormReducer(before, { type: 'renewal', ticket: 'T1', fill: { product: alpha, commonName: 'example.com', wildcard: true, extraDomains: 'www.example.com' } });
    expect(s).toMatchObject({
      prefilledFrom: 'T1',
      renewedNo: '',
      mode: 'single',
      csrFrom: 'create',
      brand: 'alphassl',
      certType: 'DV',
      productNo: 'P-ALPHA',
      wildcard: { productNo: 'P-ALPHA', on: true },
      commonName: 'example.com',
      extraDomains: 'www.example.com',
    });
  });

  it('a renewal ticket whose product is not sold any more still fills the names', () => {
    const s = run({ type: 'renewal', ticket: 'T2', fill: { product: null, commonName: 'example.org', wildcard: false, extraDomains: '' } });
    expect(s).toMatchObject({ productNo: null, brand: null, commonName: 'example.org', mode: 'single' });
  });

  it('a buy link chooses its product and a whole number of years; any other year leaves the product’s first term', () => {
    expect(run({ type: 'buyLink', link: '?productNo=P-ALPHA&year=2', product: alpha, year: 2 })).toMatchObject({ productNo: 'P-ALPHA', brand: 'alphassl', term: 2, prefilledFrom: '?productNo=P-ALPHA&year=2' });
    for (const year of [0, -1, 1.5, Number.NaN]) expect(run({ type: 'buyLink', link: 'x', product: alpha, year }).term).toBeNull();
  });

  it('a buy link to an unknown product is remembered (not tried again) and chooses nothing', () => {
    const s = run({ type: 'buyLink', link: '?productNo=GONE', product: null, year: 1 });
    expect(s).toMatchObject({ prefilledFrom: '?productNo=GONE', productNo: null, term: null });
  });
});
