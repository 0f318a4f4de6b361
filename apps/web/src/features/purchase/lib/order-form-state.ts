/**
 * What the user has put into the order screen (document 01 §2): each choice as made, the boxes' text, which fields
 * were touched, the server's errors. One reducer instead of thirty state hooks, so that each rule of the form's
 * bookkeeping is written once and tested: a change marks its field touched and takes away the server's error for
 * it; a renewal link or a buy link fills the form once. What follows from these choices (the product tree's
 * fallbacks, the plan, the errors) is derived in the screen from the pure functions beside this file.
 */
import { keyDefaults, type CsrSource } from '@cc/domain/key-options';
import type { DcvMethod } from '@cc/domain/dcv';
import type { ParsedCsr } from '../../../lib/pki-worker/client.ts';
import type { Contact } from '../components/contact-dialog.tsx';
import type { Organization } from '../components/org-dialog.tsx';
import type { Mode } from './order-form.ts';
import type { ChoosableProduct, KeyChoices, ProductChoices } from './product-choice.ts';
import type { RenewalPrefill } from './renewal-ticket.ts';

/** A product as the links name it: enough to choose it in the product tree. */
export type LinkedProduct = Pick<ChoosableProduct, 'productNo' | 'subBrand' | 'certType'>;

/** The product tree's choices (ProductChoices) and the rest: null where none was made (the screen falls back to the site's or the product's default). */
export interface OrderFormState extends ProductChoices {
  mode: Mode | null;
  dcv: DcvMethod | null;
  csrFrom: CsrSource;
  /** The wildcard switch as the user set it for one product; other products start from isWildcardProduct. */
  wildcard: { productNo: string; on: boolean } | null;
  key: KeyChoices;
  commonName: string;
  extraDomains: string;
  batchText: string;
  pasteText: string;
  zip: { csrs: ParsedCsr[]; name: string };
  mailbox: string;
  saveEmail: boolean;
  /** The DCV autopilot for names hosted here: offered on, switched off per order. */
  autopilot: boolean;
  contact: Contact | null;
  org: Organization | null;
  /** Fields whose errors show (server names: 'commonName', 'dcvEmail.email', ...); all of them once submitted. */
  touched: Record<string, boolean>;
  submitted: boolean;
  /** The server's refusal of one order, per field; of a batch, one line per order. */
  serverErrors: Record<string, string>;
  batchServerErrors: string[];
  /** The link (renewal ticket or query string) the form was last filled from: each fills it once. */
  prefilledFrom: string;
  /** The order "renew as it was" made from the current ticket. */
  renewedNo: string;
}

export const initialOrderForm: OrderFormState = {
  mode: null,
  brand: null,
  certType: null,
  productNo: null,
  term: null,
  dcv: null,
  csrFrom: keyDefaults.from,
  wildcard: null,
  key: { encryption: keyDefaults.encryption, keyLength: keyDefaults.keyLength, curve: keyDefaults.curve, signature: keyDefaults.signature },
  commonName: '',
  extraDomains: '',
  batchText: '',
  pasteText: '',
  zip: { csrs: [], name: '' },
  mailbox: '',
  saveEmail: false,
  autopilot: true,
  contact: null,
  org: null,
  touched: {},
  submitted: false,
  serverErrors: {},
  batchServerErrors: [],
  prefilledFrom: '',
  renewedNo: '',
};

export type OrderFormAction =
  | { type: 'mode'; mode: Mode }
  | { type: 'brand'; brand: string }
  | { type: 'certType'; certType: string }
  | { type: 'product'; productNo: string }
  | { type: 'term'; term: number }
  | { type: 'dcv'; dcv: DcvMethod }
  | { type: 'mailbox'; mailbox: string }
  | { type: 'saveEmail'; on: boolean }
  | { type: 'autopilot'; on: boolean }
  | { type: 'csrFrom'; csrFrom: CsrSource }
  | { type: 'key'; change: Partial<KeyChoices> }
  | { type: 'paste'; text: string }
  | { type: 'zip'; csrs: ParsedCsr[]; name: string }
  | { type: 'zipRemove' }
  | { type: 'wildcard'; productNo: string | undefined; on: boolean }
  | { type: 'commonName'; value: string }
  | { type: 'extraDomains'; value: string }
  | { type: 'batchText'; value: string }
  | { type: 'contact'; contact: Contact | null }
  | { type: 'org'; org: Organization | null }
  /** A field left (blur): its errors show from now on. */
  | { type: 'touch'; field: string }
  /** Create pressed: every field's errors show; the last batch's refusals go. */
  | { type: 'submit' }
  | { type: 'serverErrors'; mode: Mode; fields: Record<string, string> }
  | { type: 'renewal'; ticket: string; fill: RenewalPrefill & { product: LinkedProduct | null } }
  | { type: 'renewed'; orderNo: string }
  | { type: 'buyLink'; link: string; product: LinkedProduct | null; year: number };

function touch(s: OrderFormState, field: string): OrderFormState {
  return s.touched[field] ? s : { ...s, touched: { ...s.touched, [field]: true } };
}

/** A field the user changed: its errors show, and the server's error about its old value is gone. */
function changed(s: OrderFormState, field: string): OrderFormState {
  const t = touch(s, field);
  if (!(field in t.serverErrors)) return t;
  const { [field]: _gone, ...rest } = t.serverErrors;
  return { ...t, serverErrors: rest };
}

/** The product a link names, chosen in the tree (brand and type with it, so the fallbacks keep it). */
function chooseLinked(s: OrderFormState, p: LinkedProduct): OrderFormState {
  return { ...s, brand: p.subBrand, certType: p.certType, productNo: p.productNo };
}

export function orderFormReducer(s: OrderFormState, a: OrderFormAction): OrderFormState {
  switch (a.type) {
    case 'mode':
      return { ...s, mode: a.mode };
    case 'brand':
      return { ...s, brand: a.brand };
    case 'certType':
      return { ...s, certType: a.certType };
    case 'product':
      return { ...s, productNo: a.productNo };
    case 'term':
      return changed({ ...s, term: a.term }, 'year');
    case 'dcv':
      return changed({ ...s, dcv: a.dcv }, 'dcvMethod');
    case 'mailbox':
      return changed({ ...s, mailbox: a.mailbox }, 'dcvEmail.email');
    case 'saveEmail':
      return { ...s, saveEmail: a.on };
    case 'autopilot':
      return { ...s, autopilot: a.on };
    case 'csrFrom':
      return changed({ ...s, csrFrom: a.csrFrom }, 'csr');
    case 'key':
      return { ...s, key: { ...s.key, ...a.change } };
    case 'paste':
      return changed({ ...s, pasteText: a.text }, 'csr');
    case 'zip':
      return changed({ ...s, zip: { csrs: a.csrs, name: a.name } }, 'csr');
    case 'zipRemove':
      return { ...s, zip: { csrs: [], name: '' } };
    case 'wildcard':
      return changed({ ...s, wildcard: a.productNo ? { productNo: a.productNo, on: a.on } : null }, 'commonName');
    case 'commonName':
      return changed({ ...s, commonName: a.value }, 'commonName');
    case 'extraDomains':
      // The server names the field domainNames; the box's own errors show under extraDomains.
      return touch(changed({ ...s, extraDomains: a.value }, 'domainNames'), 'extraDomains');
    case 'batchText':
      return touch({ ...s, batchText: a.value, batchServerErrors: s.batchServerErrors.length ? [] : s.batchServerErrors }, 'batch');
    case 'contact':
      return changed({ ...s, contact: a.contact }, 'contactID');
    case 'org':
      return changed({ ...s, org: a.org }, 'orgID');
    case 'touch':
      return touch(s, a.field);
    case 'submit':
      return { ...s, submitted: true, batchServerErrors: [] };
    case 'serverErrors':
      return a.mode === 'single'
        ? { ...s, serverErrors: a.fields }
        : { ...s, batchServerErrors: Object.entries(a.fields).map(([cn, v]) => `${cn}: ${v}`) };
    case 'renewal': {
      // The renewed order's product, names and a new key: one order, as the renewal is.
      const { fill } = a;
      const p = fill.product;
      const chosen = p ? { ...chooseLinked(s, p), wildcard: { productNo: p.productNo, on: fill.wildcard } } : s;
      return { ...chosen, prefilledFrom: a.ticket, renewedNo: '', mode: 'single', csrFrom: 'create', commonName: fill.commonName, extraDomains: fill.extraDomains };
    }
    case 'renewed':
      return { ...s, renewedNo: a.orderNo };
    case 'buyLink': {
      const linked = { ...s, prefilledFrom: a.link };
      if (!a.product) return linked;
      const chosen = chooseLinked(linked, a.product);
      // A year that is not a whole number of years (or none) leaves the product's first term.
      return Number.isInteger(a.year) && a.year > 0 ? { ...chosen, term: a.year } : chosen;
    }
  }
}
