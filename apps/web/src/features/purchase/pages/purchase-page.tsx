import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import type { CsrRequest } from '@cc/pki/csr';
import { dcvMethodsFor, defaultDcvMethod, emailDcvMode, emailDnsTxtHost, saveEmailApplies, standardMailboxes, validateDcvEmail, type DcvMethod } from '@cc/domain/dcv';
import { keyDefaults, keyOptionsFor, namedCurves, subjectDefaultsFor, type Curve, type CsrSource, type Encryption, type RsaKeyLength, type Signature } from '@cc/domain/key-options';
import { holdsOneName, isWildcardProduct } from '@cc/domain/domain-names';
import { pickDefaultBrand } from '@cc/domain/pricing';
import { hasDomains, isIpProduct, needsContact, needsOrganization, showsDcvMethod } from '@cc/domain/product-types';
import { defaultTerm, emailOptionDebounceMs, formatValidity, needs398Note, priceDebounceMs, sequentialCreateThreshold, termChoices } from '@cc/domain/terms';
import { ApiError, fieldErrors, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useFrontConf } from '../../../lib/api/get-front-conf.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { useProducts, type ProductsAnswer } from '../api/get-products.ts';
import { useDcvEmails } from '../api/get-dcv-emails.ts';
import { getPrice } from '../api/get-price.ts';
import { createOrder, createOrderPartial, type CreateOrderInput } from '../api/create-order.ts';
import { createRenewal, payAmountOf } from '../api/create-renewal.ts';
import { saveCsrs } from '../api/save-csrs.ts';
import { BatchProgressDialog, type BatchProgress, type ProgressItem } from '../components/batch-progress-dialog.tsx';
import { ContactSelect } from '../components/contact-select.tsx';
import type { Contact } from '../components/contact-dialog.tsx';
import { OrgSelect } from '../components/org-select.tsx';
import type { Organization } from '../components/org-dialog.tsx';
import { PreviewCard } from '../components/preview-card.tsx';
import { downloadKeys, type KeyFile } from '../lib/download.ts';
import { saveText, stamp } from '../../../lib/download.ts';
import { createInChunks, sequentialChunkSize } from '../lib/create-in-chunks.ts';
import { billedCounts, planOrders, type PlannedOrder, type RuleMessage } from '../lib/plan-orders.ts';
import { readCsrZip } from '../lib/read-csr-zip.ts';
import { decodeRenewalTicket } from '../lib/renewal-ticket.ts';
import { generateCsrs, parseCsrPems, type ParsedCsr } from '../../../lib/pki-worker/client.ts';
import { splitCsrPems } from '../lib/csr-text.ts';
import { usePurchaseT } from '../i18n.ts';
import { productNameFor } from '@cc/domain/product-name';

type Product = ProductsAnswer['data'][number];
type Mode = 'single' | 'batch';

export interface PurchasePageProps {
  /**
   * Called once orders exist and cost something: the payment dialog plugs in here (the route table passes it).
   * Without it the console goes to the order: /ssl/certificate/{orderNo} for one, /orders/list for several.
   * totalCents is null when the price call failed: the orders' own amounts then say what is due.
   */
  onOrdersCreated?: (orderNos: string[], totalCents: number | null) => void;
}

/** Doc 01 §3 "Local values kept": the numbers of the orders created last. */
const createdOrdersKey = 'createdOrderNos';
/** Text boxes have a minimum of 7 rows (§2). */
const minRows = 7;

/** The value once it has not changed for `ms`; flush() takes the current value at once. */
function useDebounced<T>(value: T, ms: number): [T, () => void] {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return [v, () => setV(value)];
}

const uniq = <T,>(xs: readonly T[]) => [...new Set(xs)];

interface Quote {
  raw: number;
  now: number;
  /** Cents of one order by its number of billed names. */
  byCount: Map<number, number>;
}

/**
 * Prices orders with the documented call, once per distinct number of billed names (orders with as many names
 * cost the same). `counts` empty prices one order with the server's placeholder name, or nothing for an empty batch.
 */
async function quoteOrders(productNo: string, term: number, counts: ReturnType<typeof billedCounts>, emptyCount: number, withDomains: boolean, signal?: AbortSignal): Promise<Quote> {
  const groups = counts.size ? [...counts.entries()] : [[1, { count: emptyCount, sample: null }] as const];
  const rs = await Promise.all(
    groups.map(async ([n, g]) => {
      const names = g.sample ? [g.sample.commonName, ...g.sample.domainNames] : undefined;
      const p = await getPrice(productNo, { year: term, sslDomains: withDomains ? names : undefined }, signal);
      return { n, count: g.count, p };
    }),
  );
  return {
    raw: rs.reduce((s, r) => s + r.count * r.p.allRawPrice, 0),
    now: rs.reduce((s, r) => s + r.count * r.p.allNowPrice, 0),
    byCount: new Map(rs.map((r) => [r.n, r.p.allNowPrice] as const)),
  };
}

/** /ssl/certificates: the order-creation screen of document 01 §2. */
export default function PurchasePage({ onOrdersCreated }: PurchasePageProps) {
  const { t, msg, lang } = usePurchaseT();
  const router = useRouter();
  const money = useMoney();
  const site = useSiteConfig();
  const front = useFrontConf();
  const products = useProducts();

  // ---- choices
  const [modeChoice, setMode] = useState<Mode | null>(null);
  const siteMode = front.defaultOrderMode === 'batch' || front.defaultOrderMode === 'single' ? front.defaultOrderMode : site.defaultOrderMode;
  const mode: Mode = modeChoice ?? siteMode;
  const [brandChoice, setBrand] = useState<string | null>(null);
  const [certTypeChoice, setCertType] = useState<string | null>(null);
  const [productChoice, setProduct] = useState<string | null>(null);
  const [termChoice, setTerm] = useState<number | null>(null);
  const [dcvChoice, setDcv] = useState<DcvMethod | null>(null);
  const [csrFromChoice, setCsrFrom] = useState<CsrSource>(keyDefaults.from);
  /** The wildcard switch as the user set it for one product; other products start from isWildcardProduct. */
  const [wildcardChoice, setWildcardChoice] = useState<{ productNo: string; on: boolean } | null>(null);
  const [commonName, setCommonName] = useState('');
  const [extraDomains, setExtraDomains] = useState('');
  const [batchText, setBatchText] = useState('');
  const [pasteText, setPasteText] = useState('');
  /** The requests read from the paste box, with the text they were read from. */
  const [pasteRead, setPasteRead] = useState<{ text: string; items: ParsedCsr[] }>({ text: '', items: [] });
  const pasted = pasteRead.items;
  /** Create was pressed before the paste box had been read: it runs once it has. */
  const [submitQueued, setSubmitQueued] = useState(false);
  const [zipCsrs, setZipCsrs] = useState<ParsedCsr[]>([]);
  const [zipName, setZipName] = useState('');
  const [enc, setEnc] = useState<Encryption>(keyDefaults.encryption);
  const [keyLength, setKeyLength] = useState<RsaKeyLength>(keyDefaults.keyLength);
  const [curve, setCurve] = useState<Curve>(keyDefaults.curve);
  const [signature, setSignature] = useState<Signature>(keyDefaults.signature);
  const [mailbox, setMailbox] = useState('');
  const [saveEmail, setSaveEmail] = useState(false);
  const [contact, setContact] = useState<Contact | null>(null);
  const [org, setOrg] = useState<Organization | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [batchServerErrors, setBatchServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<null | { kind: 'keys'; done: number; total: number } | { kind: 'create' }>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  /** The last preview, with the priceKey it answers for. */
  const [price, setPrice] = useState<(Quote & { key: string }) | null>(null);
  const [pricing, setPricing] = useState(false);
  const zipInput = useRef<HTMLInputElement>(null);
  /** The orders the progress dialog created, priced when its pay button is pressed. */
  const progressOrders = useRef<PlannedOrder[]>([]);

  // ---- a renewal link: /ssl/certificates?productNo=…&ticket=… (document 01 §4). A ticket that cannot be read is
  // only logged (解析JSON 串失败) and the screen stays an ordinary, empty order form.
  const searchStr = useRouterState({ select: (st) => st.location.searchStr });
  const linkParams = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const ticketParam = linkParams.get('ticket') ?? '';
  const renewal = useMemo(() => (ticketParam ? decodeRenewalTicket(ticketParam) : null), [ticketParam]);
  const [prefilledFrom, setPrefilledFrom] = useState('');
  const [renewing, setRenewing] = useState(false);
  const [renewedNo, setRenewedNo] = useState('');
  if (renewal && products.data && prefilledFrom !== ticketParam) {
    // Filled in once per ticket, while rendering (not in an effect), so the first painted form is already the renewal.
    setPrefilledFrom(ticketParam);
    setRenewedNo('');
    const p = products.data.data.find((x) => x.productNo === (renewal.productNo ?? linkParams.get('productNo')));
    if (p) {
      setBrand(p.subBrand);
      setCertType(p.certType);
      setProduct(p.productNo);
    }
    setMode('single');
    setCsrFrom('create');
    const [cn = '', ...rest] = renewal.domains;
    // A wildcard common name is the switch on and its base typed, as a buyer would enter it.
    const wild = cn.startsWith('*.');
    setCommonName(wild ? cn.slice(2) : cn);
    if (p) setWildcardChoice({ productNo: p.productNo, on: wild });
    setExtraDomains(rest.join('\n'));
  }

  const touch = (f: string) => setTouched((s) => (s[f] ? s : { ...s, [f]: true }));
  const changed = (f: string) => {
    touch(f);
    setServerErrors((s) => {
      if (!(f in s)) return s;
      const { [f]: _gone, ...rest } = s;
      return rest;
    });
  };
  const show = (f: string) => submitted || touched[f];

  // ---- product tree: brand → certificate type → product → term (fallbacks keep every choice valid)
  const all = products.data?.data ?? [];
  const brands = products.data?.brands ?? [];
  const brand = brands.some((b) => b.value === brandChoice) ? brandChoice : pickDefaultBrand(brands);
  const brandProducts = all.filter((p) => p.subBrand === brand);
  const certTypes = uniq(brandProducts.map((p) => p.certType));
  const certType = certTypeChoice && certTypes.includes(certTypeChoice) ? certTypeChoice : (certTypes[0] ?? null);
  const typeProducts = brandProducts.filter((p) => p.certType === certType);
  const product: Product | null = typeProducts.find((p) => p.productNo === productChoice) ?? typeProducts[0] ?? null;
  const terms = product ? termChoices(product.maxYear, product.free) : [];
  const term = termChoice !== null && terms.includes(termChoice) ? termChoice : product ? (terms.includes(defaultTerm(product.free)) ? defaultTerm(product.free) : (terms[0] ?? 1)) : 1;
  const productType = product?.productType ?? '';
  const csrFrom: CsrSource = mode === 'single' && csrFromChoice === 'zip' ? 'create' : csrFromChoice;
  const fromCsr = csrFrom !== 'create';

  const keyOpts = keyOptionsFor({ brand: product?.brand ?? '', productType });
  const encryption = keyOpts.encryptions.includes(enc) ? enc : keyOpts.defaults.encryption;
  const keyLen = keyOpts.keyLengths.includes(keyLength) ? keyLength : keyOpts.defaults.keyLength;
  const keyCurve = keyOpts.curves.includes(curve) ? curve : keyOpts.defaults.curve;
  const sig = keyOpts.signatures.includes(signature) ? signature : keyOpts.defaults.signature;

  const showWildcard = csrFrom === 'create' && (isWildcardProduct(productType) || productType === 'flex') && certType !== 'EV';
  // A wildcard product starts with the switch on: its names must be wildcards, so the bare domain typed is one.
  const wildcard = product && wildcardChoice?.productNo === product.productNo ? wildcardChoice.on : isWildcardProduct(productType);
  const setWildcard = (on: boolean) => setWildcardChoice(product ? { productNo: product.productNo, on } : null);
  const showExtraDomains = hasDomains(productType) && !holdsOneName(productType);
  const wildOn = showWildcard && wildcard;
  const withDomains = hasDomains(productType);
  const showContact = product ? needsContact(product) : false;
  const showOrg = product ? needsOrganization(product) : false;

  // ---- the requests read from the paste box (debounced, in the worker)
  const [pasteDebounced, flushPaste] = useDebounced(pasteText, 300);
  useEffect(() => {
    let live = true;
    const text = pasteDebounced;
    const pems = splitCsrPems(text);
    if (pems.length === 0) {
      setPasteRead({ text, items: text.trim() ? [{ ok: false, pem: text, error: 'no request' }] : [] });
      return;
    }
    void parseCsrPems(pems).then(
      (items) => live && setPasteRead({ text, items }),
      () => live && setPasteRead({ text, items: [{ ok: false, pem: text, error: 'worker' }] }),
    );
    return () => {
      live = false;
    };
  }, [pasteDebounced]);

  const csrs = useMemo(() => (csrFrom === 'paste' ? pasted : csrFrom === 'zip' ? zipCsrs : []), [csrFrom, pasted, zipCsrs]);
  const pasteSettled = csrFrom !== 'paste' || pasteRead.text === pasteText;
  const plan = useMemo(
    () => planOrders({ mode, csrFrom, product: { productType, brand: product?.brand ?? '', certType: certType ?? '' }, wildcard: wildOn, commonName, extraDomains, batchText, csrs }),
    [mode, csrFrom, productType, product?.brand, certType, wildOn, commonName, extraDomains, batchText, csrs],
  );
  const firstCn = plan.orders[0]?.commonName ?? '';

  // ---- validation method and the e-mail option
  const dcvShown = showsDcvMethod(productType);
  // A wildcard typed as a name counts as much as the switch: the server judges each order by all its names,
  // so a method it would refuse (file, or anything but the forced one) is not offered.
  const anyWildcardName = plan.orders.some((o) => o.commonName.startsWith('*.') || o.domainNames.some((d) => d.startsWith('*.')));
  const dcvInput = { brand: product?.brand ?? '', productType, certType: certType ?? '', wildcard: wildOn || isWildcardProduct(productType) || anyWildcardName };
  const dcvOptions: DcvMethod[] = product ? dcvMethodsFor(dcvInput).filter((m) => m !== 'email_dns') : [];
  const dcvDefault = product ? defaultDcvMethod(dcvInput) : 'dns';
  const dcv: DcvMethod = dcvChoice && dcvOptions.includes(dcvChoice) ? dcvChoice : dcvOptions.includes(dcvDefault) ? dcvDefault : (dcvOptions[0] ?? dcvDefault);
  const emailFamily = dcvShown && dcv === 'email';
  const [mailboxSettled] = useDebounced(mailbox, emailOptionDebounceMs);
  const emailMode = emailDcvMode(mailboxSettled, firstCn || undefined);
  const saveApplies = saveEmailApplies(mailboxSettled, firstCn || undefined);
  const savedEmails = useDcvEmails(emailFamily);
  // What is sent follows the mailbox as typed, not its debounced copy: Create may come within the 400 ms.
  const sentDcv: DcvMethod = emailFamily ? emailDcvMode(mailbox, firstCn || undefined) : dcv;

  // ---- errors (shown after a field was touched, or after the first submit)
  const rm = (m: RuleMessage | null | undefined) => (m ? msg(m.messageKey, m.params) : null);
  const errors = {
    product: product ? null : msg('purchase.product.required'),
    commonName: serverErrors.commonName ?? (mode === 'single' ? rm(plan.commonNameError) : null),
    extraDomains: serverErrors.domainNames ?? (mode === 'single' ? rm(plan.extraDomainsError) : null),
    batch: mode === 'batch' && csrFrom === 'create' ? (rm(plan.tooMany) ?? rm(plan.commonNameError)) : mode === 'batch' ? rm(plan.tooMany) : null,
    csr: serverErrors.csr ?? serverErrors.key ?? (fromCsr ? rm(plan.csrError) : null),
    mailbox: serverErrors['dcvEmail.email'] ?? (emailFamily ? (() => {
      // §5: emptied with save-email still ticked asks to "enter" the address rather than to "fill in" one.
      const k = validateDcvEmail({ email: mailbox, saveEmail });
      return k ? msg(k) : null;
    })() : null),
    dcv: serverErrors.dcvMethod ?? null,
    term: serverErrors.year ?? null,
    contact: serverErrors.contactID ?? (showContact && !contact ? msg('purchase.contact.required') : null),
    org: serverErrors.orgID ?? (showOrg && !org ? msg('purchase.org.required') : null),
  };
  const orderErrors = mode === 'batch' ? plan.orders.flatMap((o) => o.errors.slice(0, 1).map((e) => ({ label: o.label, text: msg(e.messageKey, e.params) }))) : [];
  const sequential = plan.orders.length > sequentialCreateThreshold;

  // ---- price preview: one call per distinct number of billed names, debounced 500 ms (§7)
  const counts = useMemo(() => billedCounts(plan.orders), [plan.orders]);
  // The price depends on the number of names billed, not on which names: typing a name does not ask again.
  // With no order named yet, single mode prices its one order and batch mode none: the mode is part of the key.
  const priceKey = JSON.stringify([product?.productNo, term, [...counts.entries()].map(([n, v]) => [n, v.count]), counts.size ? null : mode]);
  // Reads the inputs as they are when the debounce ends; priceKey, which carries all they price, decides when to ask.
  const quote = useEffectEvent((productNo: string, signal: AbortSignal) => quoteOrders(productNo, term, counts, mode === 'single' ? 1 : 0, withDomains, signal));
  const productNo = product?.productNo;
  useEffect(() => {
    if (!productNo) return;
    const controller = new AbortController();
    setPricing(true);
    const timer = setTimeout(() => {
      quote(productNo, controller.signal).then(
        (q) => {
          setPrice({ ...q, key: priceKey });
          setPricing(false);
        },
        (e: unknown) => {
          if (isAbortError(e)) return;
          setPrice(null);
          setPricing(false);
        },
      );
    }, priceDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [priceKey, productNo]);

  // Leaving the page while orders are being created loses track of them: ask first.
  useEffect(() => {
    if (!busy && !progress?.running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy, progress?.running]);

  // ---- after creation
  const goToOrders = useCallback(
    (orderNos: string[]) => {
      const [only] = orderNos;
      void router.navigate({ href: orderNos.length === 1 && only ? `/ssl/certificate/${only}` : '/orders/list' });
    },
    [router],
  );
  /** totalCents null: the price is unknown (the price call failed); the payment dialog reads each order's amount. */
  const finish = useCallback(
    (orderNos: string[], totalCents: number | null) => {
      if (!orderNos.length) return;
      if ((totalCents === null || totalCents > 0) && onOrdersCreated) onOrdersCreated(orderNos, totalCents);
      else goToOrders(orderNos);
    },
    [goToOrders, onOrdersCreated],
  );
  /**
   * What created orders cost. The preview answers only 500 ms after the last change, so Create may come first:
   * then they are priced now rather than taken as free (which would skip the payment dialog).
   */
  const totalOf = async (orders: readonly PlannedOrder[]): Promise<number | null> => {
    if (!product || product.free) return 0;
    if (price?.key === priceKey) return orders.reduce((s, o) => s + (price.byCount.get(o.billed) ?? 0), 0);
    return quoteOrders(product.productNo, term, billedCounts(orders), 0, withDomains).then((q) => q.now, () => null);
  };

  const csrRequest = (o: PlannedOrder): CsrRequest => {
    const sd = subjectDefaultsFor(productType, certType ?? undefined);
    const subject = showOrg && org ? { country: org.nationCode || org.country, province: org.province, city: org.city || org.locality, org: org.orgName || org.name } : { country: sd.country, province: sd.province, city: sd.locality, org: sd.organization };
    return {
      signAlg: encryption === 'ECC' ? 'ECDSA' : 'RSASSA-PKCS1-v1_5',
      hashAlg: sig === 'SHA384' ? 'SHA-384' : sig === 'SHA512' ? 'SHA-512' : 'SHA-256',
      keySize: keyLen,
      curve: namedCurves[keyCurve],
      hostname: o.commonName,
      sans: withDomains ? o.allNames.slice(1) : [],
      ...subject,
      unit: sd.orgUnit,
    };
  };

  const submit = async () => {
    if (!pasteSettled) {
      // Pasted and pressed at once: read the box now, then come back (the effect below) with its requests.
      flushPaste();
      setSubmitQueued(true);
      return;
    }
    setSubmitted(true);
    setBatchServerErrors([]);
    if (!product) {
      toast.error(msg('purchase.product.required'));
      return;
    }
    if (plan.tooMany) {
      toast.warning(msg(plan.tooMany.messageKey, plan.tooMany.params));
      return;
    }
    const blocking = [errors.commonName, errors.extraDomains, errors.batch, errors.csr, errors.mailbox, errors.contact, errors.org].find(Boolean);
    const orderBlocking = !sequential && orderErrors.length > 0;
    if (blocking || orderBlocking || plan.orders.length === 0) {
      toast.error(blocking ?? orderErrors[0]?.text ?? t('buy.fixErrors'));
      return;
    }
    const valid = plan.orders.filter((o) => o.errors.length === 0);

    // Keys and requests for "create", made in the worker; the keys stay in this page until downloaded.
    const keys = new Map<PlannedOrder, KeyFile>();
    if (csrFrom === 'create' && valid.length) {
      setBusy({ kind: 'keys', done: 0, total: valid.length });
      try {
        const made = await generateCsrs(valid.map(csrRequest), (done, total) => setBusy({ kind: 'keys', done, total }));
        valid.forEach((o, i) => {
          const r = made[i];
          if (r) keys.set(o, { commonName: o.commonName, csrPem: r.csrPem, privateKeyPem: r.privateKeyPem });
        });
      } catch (e) {
        setBusy(null);
        toast.error(e instanceof Error ? e.message : String(e));
        return;
      }
    }
    const csrOf = (o: PlannedOrder) => keys.get(o)?.csrPem ?? o.csr ?? '';
    const base: CreateOrderInput = {
      year: term,
      productType,
      dcvMethod: dcvShown ? sentDcv : defaultDcvMethod(dcvInput),
      wildcard: wildOn,
      ...(showContact && contact ? { contactID: contact.id } : {}),
      ...(showOrg && org ? { orgID: org.id } : {}),
      ...(emailFamily ? { dcvEmail: { email: mailbox.trim(), dcvMethod: sentDcv, saveEmail: saveEmail && saveEmailApplies(mailbox, firstCn || undefined) } } : {}),
      pairParams: {
        country: csrFrom === 'create' ? csrRequest(valid[0] ?? plan.orders[0]!).country ?? '' : '',
        province: csrFrom === 'create' ? csrRequest(valid[0] ?? plan.orders[0]!).province ?? '' : '',
        city: csrFrom === 'create' ? csrRequest(valid[0] ?? plan.orders[0]!).city ?? '' : '',
        org: csrFrom === 'create' ? csrRequest(valid[0] ?? plan.orders[0]!).org ?? '' : '',
        signature: sig,
        keyLength: encryption === 'RSA' ? String(keyLen) : '',
        curve: encryption === 'ECC' ? keyCurve : '',
        department: '',
        encryption,
        email: '',
      },
    };
    const certOf = (o: PlannedOrder) => ({ csr: csrOf(o), commonName: o.commonName, domainNames: o.domainNames });
    const keep = (orderNos: string[], created: readonly PlannedOrder[]) => {
      localStorage.setItem(createdOrdersKey, orderNos.join(','));
      const files = created.flatMap((o) => (keys.has(o) ? [keys.get(o)!] : []));
      if (files.length) {
        void downloadKeys(files);
        toast.success(t('buy.keysDownloaded'));
      }
    };
    if (fromCsr && mode === 'batch' && csrFrom === 'zip') void saveCsrs(valid.map((o) => ({ csr: o.csr ?? '', commonName: o.commonName }))).catch(() => undefined);

    if (!sequential) {
      // One request for up to 10 certificates: all are created or none.
      setBusy({ kind: 'create' });
      try {
        const body: CreateOrderInput = mode === 'single' && valid.length === 1 ? { ...base, ...certOf(valid[0]!) } : { ...base, sslCerts: valid.map(certOf) };
        const orderNos = await createOrder(product.productNo, product.free, body);
        keep(orderNos, valid);
        toast.success(t('buy.created'));
        finish(orderNos, await totalOf(valid));
      } catch (e) {
        if (e instanceof ApiError) {
          const fields = fieldErrors(e);
          if (mode === 'single') setServerErrors(fields);
          else setBatchServerErrors(Object.entries(fields).map(([cn, text]) => `${cn}: ${text}`));
          toast.error(e.msg);
        } else if (!isAbortError(e)) toast.error(t('buy.createFailed'));
      } finally {
        setBusy(null);
      }
      return;
    }

    // More than 10: the progress dialog (§4). The certificates are created one at a time, in sequence: each
    // request carries one certificate (partial: its refusal is its own), so the dialog moves per certificate.
    const items: ProgressItem[] = plan.orders.map((o) =>
      o.errors[0]
        ? { label: o.label, domainNames: o.domainNames, status: 'failed', error: msg(o.errors[0].messageKey, o.errors[0].params) }
        : { label: o.commonName, domainNames: o.domainNames, status: 'pending' },
    );
    setBusy(null);
    progressOrders.current = [];
    setProgress({ items: [...items], running: true });
    const createdNos: string[] = [];
    const createdOrders: PlannedOrder[] = [];
    const sendable = plan.orders.flatMap((o, i) => (o.errors.length ? [] : [{ o, i }]));
    await createInChunks({
      items: sendable,
      size: sequentialChunkSize,
      send: (part) => createOrderPartial(product.productNo, product.free, { ...base, sslCerts: part.map((p) => certOf(p.o)) }),
      describe: (e) => (e instanceof ApiError ? (Object.values(fieldErrors(e))[0] ?? e.msg) : t('buy.createFailed')),
      onChunk: (outcomes) => {
        for (const r of outcomes) {
          const s = sendable[r.at];
          if (!s) continue;
          if (r.status === 'created') {
            items[s.i] = { ...items[s.i]!, status: 'created', orderNo: r.orderNo };
            createdNos.push(r.orderNo);
            createdOrders.push(s.o);
          } else items[s.i] = { ...items[s.i]!, status: 'failed', error: r.error };
        }
        setProgress({ items: [...items], running: true });
      },
    });
    progressOrders.current = createdOrders;
    keep(createdNos, createdOrders);
    setProgress({ items: [...items], running: false });
  };

  // This render's submit, which already sees the requests read.
  const submitQueuedNow = useEffectEvent(() => void submit());
  useEffect(() => {
    if (!submitQueued || !pasteSettled) return;
    setSubmitQueued(false);
    submitQueuedNow();
  }, [submitQueued, pasteSettled]);

  /** "Renew as it was": the server makes the renewal order from the ticket; then payment, as after a purchase. */
  const renewAsItWas = async () => {
    setRenewing(true);
    try {
      const a = await createRenewal(ticketParam);
      localStorage.setItem(createdOrdersKey, a.orderNo);
      setRenewedNo(a.orderNo);
      toast.success(t('renew.created', { orderNo: a.orderNo }));
      finish([a.orderNo], await payAmountOf(a.orderNo).catch(() => 0));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      else if (!isAbortError(e)) toast.error(t('renew.failed'));
    } finally {
      setRenewing(false);
    }
  };

  const reportFailures = () => {
    const failed = (progress?.items ?? []).filter((i) => i.status === 'failed').map((i) => ({ commonName: i.label, domainNames: i.domainNames, error: i.error ?? '' }));
    saveText(`failed-orders-${stamp()}.json`, JSON.stringify({ productNo: product?.productNo, createdAt: new Date().toISOString(), failed }, null, 2), 'application/json');
  };

  const onZip = async (file: File | undefined) => {
    if (!file) return;
    const r = await readCsrZip(file);
    if (!r.ok) {
      toast.warning(msg(r.reason === 'fileType' ? 'purchase.csr.fileType' : 'purchase.csr.noneInZip'));
      return;
    }
    const items = await parseCsrPems(r.pems);
    const readable = items.filter((i) => i.ok);
    if (!readable.length) {
      toast.warning(msg('purchase.csr.noneInZip'));
      return;
    }
    setZipCsrs(readable);
    setZipName(file.name);
    changed('csr');
    toast.success(msg('purchase.csr.uploaded', { n: readable.length }));
  };

  // ---- rendering
  if (products.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (products.error) return <Alert type="error" showIcon title={products.error instanceof ApiError ? products.error.msg : t('buy.noProducts')} />;
  if (!all.length) return <Alert type="info" showIcon title={t('buy.noProducts')} />;

  const shownBrands = brands.filter((b) => b.show);
  const moreBrands = brands.filter((b) => !b.show);
  const brandInfo = brands.find((b) => b.value === brand);
  const termText = (n: number) => {
    const v = formatValidity(n);
    return t(v.unit === 'day' ? 'products.day' : 'products.year', { count: v.value });
  };
  const status = (e: string | null | undefined, f: string) => (e && show(f) ? { validateStatus: 'error' as const, help: <span data-testid={`error-${f}`}>{e}</span> } : {});
  const domainType = !withDomains ? t('domainTypes.none') : isIpProduct(productType) ? t('domainTypes.ip') : isWildcardProduct(productType) || wildOn ? t('domainTypes.wildcard') : holdsOneName(productType) || ((productType === 'ov' || productType === 'ev') && (plan.orders[0]?.domainNames.length ?? 0) === 0) ? t('domainTypes.single') : t('domainTypes.multi');
  const firstCsr = csrs.find((c) => c.ok);
  const keyFromCsr = fromCsr && firstCsr?.ok ? firstCsr.keyText : '';
  const ordersExtra = (
    <>
      <span data-testid="orders-count">{t('buy.ordersCount', { n: plan.orders.length })}</span>
      {sequential ? <span data-testid="one-by-one-hint">{` · ${t('buy.oneByOneHint', { max: sequentialCreateThreshold })}`}</span> : null}
    </>
  );
  const working = submitQueued || busy !== null || (progress?.running ?? false);

  return (
    <div data-testid="purchase-page" data-mode={mode} data-renewal={renewal ? renewal.orderNo : undefined}>
      {renewal ? (
        <Alert
          type={renewedNo ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="renewal-banner"
          title={t('renew.title', { orderNo: renewal.orderNo })}
          description={
            renewedNo ? (
              <Link to="/ssl/certificate/$id" params={{ id: renewedNo }} data-testid="renewal-created">
                {t('renew.created', { orderNo: renewedNo })}
              </Link>
            ) : (
              t('renew.desc', { count: renewal.domains.length })
            )
          }
          action={
            renewedNo ? null : (
              <Button type="primary" loading={renewing} disabled={working} onClick={() => void renewAsItWas()} data-testid="renew-as-it-was">
                {t('renew.asItWas')}
              </Button>
            )
          }
        />
      ) : null}
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as Mode)}
        items={[
          { key: 'single', label: <span data-testid="tab-single">{t('buy.single')}</span> },
          { key: 'batch', label: <span data-testid="tab-batch">{t('buy.batch')}</span> },
        ]}
      />
      <Row gutter={24}>
        <Col xs={24} xl={16}>
          <Spin spinning={working} description={busy?.kind === 'keys' ? t('buy.generating', { done: busy.done, total: busy.total }) : busy?.kind === 'create' ? msg('purchase.batch.creating') : undefined}>
            <Form layout="horizontal" labelCol={{ flex: '120px' }} labelWrap colon={false} data-testid="purchase-form">
              {/* 1. brand */}
              <Form.Item label={t('buy.brand')} extra={brandInfo ? (lang === 'en' ? brandInfo.descEn : brandInfo.desc) : undefined}>
                <Flex gap={8} wrap align="center">
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    value={shownBrands.some((b) => b.value === brand) ? brand : undefined}
                    onChange={(e) => setBrand(String(e.target.value))}
                    options={shownBrands.map((b) => ({ value: b.value, label: <span data-testid={`brand-${b.value}`}>{b.label}</span> }))}
                  />
                  {moreBrands.length ? (
                    <Select
                      data-testid="more-brands"
                      aria-label={t('buy.moreBrands')}
                      style={{ minWidth: 140 }}
                      placeholder={t('buy.moreBrands')}
                      value={moreBrands.some((b) => b.value === brand) ? brand : undefined}
                      onChange={(v: string) => setBrand(v)}
                      options={moreBrands.map((b) => ({ value: b.value, label: b.label }))}
                    />
                  ) : null}
                </Flex>
              </Form.Item>
              {/* 2. certificate type */}
              <Form.Item label={t('buy.certType')}>
                <Radio.Group optionType="button" value={certType} onChange={(e) => setCertType(String(e.target.value))} options={certTypes.map((c) => ({ value: c, label: <span data-testid={`cert-type-${c}`}>{t(`certTypes.${c}`, { defaultValue: c })}</span> }))} />
              </Form.Item>
              {/* 3. product */}
              <Form.Item label={t('buy.product')} {...status(errors.product, 'product')} extra={product ? (lang === 'en' ? product.productDescriptionEn : product.productDescription) : undefined}>
                <Radio.Group
                  value={product?.productNo}
                  onChange={(e) => setProduct(String(e.target.value))}
                  options={typeProducts.map((p) => ({ value: p.productNo, label: <span data-testid={`product-${p.productNo}`}>{productNameFor(lang, p)}</span> }))}
                />
              </Form.Item>
              {/* 4. term */}
              <Form.Item label={t('buy.term')} {...status(errors.term, 'term')}>
                <Radio.Group optionType="button" value={term} onChange={(e) => { setTerm(Number(e.target.value)); changed('year'); }} options={terms.map((n) => ({ value: n, label: <span data-testid={`term-${n}`}>{termText(n)}</span> }))} />
                {needs398Note(productType, term) ? <Alert style={{ marginTop: 8 }} type="info" showIcon title={msg('purchase.term.note398')} data-testid="note-398" /> : null}
              </Form.Item>
              {/* 5. validation method */}
              {dcvShown ? (
                <Form.Item label={t('buy.dcvMethod')} {...status(errors.dcv, 'dcvMethod')}>
                  <Radio.Group value={dcv} onChange={(e) => { setDcv(e.target.value as DcvMethod); changed('dcvMethod'); }} options={dcvOptions.map((m) => ({ value: m, label: <span data-testid={`dcv-${m}`}>{t(`dcv.${m}`)}</span> }))} />
                </Form.Item>
              ) : null}
              {emailFamily ? (
                <Form.Item label={t('buy.mailbox')} {...status(errors.mailbox, 'dcvEmail.email')}>
                  <AutoComplete
                    data-testid="mailbox"
                    value={mailbox}
                    onChange={(v: string) => { setMailbox(v); changed('dcvEmail.email'); }}
                    onBlur={() => touch('dcvEmail.email')}
                    placeholder={t('buy.mailboxPlaceholder')}
                    style={{ maxWidth: 420 }}
                    filterOption={(input, option) => String((option as { value?: string } | undefined)?.value ?? '').toLowerCase().includes(input.toLowerCase())}
                    options={[
                      { label: t('buy.standardMailboxes', { name: 'admin' }), options: standardMailboxes.map((m) => ({ value: m })) },
                      ...((savedEmails.data?.data.length ?? 0) ? [{ label: t('buy.savedMailboxes'), options: (savedEmails.data?.data ?? []).map((e) => ({ value: e.email })) }] : []),
                    ]}
                  />
                  {emailMode === 'email_dns' && mailboxSettled.trim() ? <Alert style={{ marginTop: 8 }} type="info" showIcon title={msg('purchase.dcvEmail.txtTip', { host: emailDnsTxtHost(firstCn || 'example.com') })} data-testid="txt-tip" /> : null}
                  {/* Kept while ticked and emptied, so that the message about it has its box beside it. */}
                  {saveApplies || (saveEmail && !mailbox.trim()) ? (
                    <Checkbox style={{ marginTop: 8 }} checked={saveEmail} onChange={(e) => setSaveEmail(e.target.checked)} data-testid="save-email">
                      {t('buy.saveEmail')}
                    </Checkbox>
                  ) : null}
                </Form.Item>
              ) : null}
              {/* 6. CSR source */}
              <Form.Item label={t('buy.csrSource')} {...status(errors.csr, 'csr')}>
                <Radio.Group
                  optionType="button"
                  value={csrFrom}
                  onChange={(e) => { setCsrFrom(e.target.value as CsrSource); changed('csr'); }}
                  options={(mode === 'batch' ? (['create', 'paste', 'zip'] as const) : (['create', 'paste'] as const)).map((s) => ({ value: s, label: <span data-testid={`csr-${s}`}>{t(`csrFrom.${s}`)}</span> }))}
                />
                {csrFrom === 'create' ? (
                  <div style={{ marginTop: 12 }} data-testid="key-options">
                    <Flex gap={12} wrap align="center">
                      <Select aria-label={t('buy.encryption')} value={encryption} disabled={keyOpts.fixed} onChange={(v: Encryption) => setEnc(v)} options={keyOpts.encryptions.map((v) => ({ value: v, label: v }))} style={{ width: 100 }} data-testid="key-encryption" />
                      {encryption === 'RSA' ? (
                        <Select aria-label={t('buy.keyLength')} value={keyLen} disabled={keyOpts.fixed} onChange={(v: RsaKeyLength) => setKeyLength(v)} options={keyOpts.keyLengths.map((v) => ({ value: v, label: `RSA ${v}` }))} style={{ width: 130 }} data-testid="key-length" />
                      ) : (
                        <Select aria-label={t('buy.curve')} value={keyCurve} disabled={keyOpts.fixed} onChange={(v: Curve) => setCurve(v)} options={keyOpts.curves.map((v) => ({ value: v, label: v }))} style={{ width: 130 }} data-testid="key-curve" />
                      )}
                      <Select aria-label={t('buy.signature')} value={sig} disabled={keyOpts.fixed && keyOpts.signatures.length === 1} onChange={(v: Signature) => setSignature(v)} options={keyOpts.signatures.map((v) => ({ value: v, label: v }))} style={{ width: 120 }} data-testid="key-signature" />
                    </Flex>
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
                      {keyOpts.fixed ? `${t('buy.keyFixed')}. ` : ''}
                      {t('buy.keyKept')}
                    </Typography.Paragraph>
                  </div>
                ) : csrFrom === 'paste' ? (
                  <div style={{ marginTop: 12 }}>
                    <Input.TextArea
                      data-testid="csr-paste-box"
                      value={pasteText}
                      onChange={(e) => { setPasteText(e.target.value); changed('csr'); }}
                      onBlur={() => touch('csr')}
                      placeholder={mode === 'batch' ? t('buy.batchPastePlaceholder') : t('buy.pastePlaceholder')}
                      style={{ height: 350, fontFamily: 'monospace', fontSize: 12 }}
                    />
                    {firstCsr?.ok ? (
                      <Typography.Text type="success" data-testid="csr-read">
                        {mode === 'batch' ? t('buy.csrReadMany', { n: pasted.filter((p) => p.ok).length }) : t('buy.csrRead', { cn: firstCsr.commonName, key: firstCsr.keyText })}
                      </Typography.Text>
                    ) : null}
                  </div>
                ) : (
                  <div style={{ marginTop: 12 }}>
                    <input ref={zipInput} type="file" accept=".zip,application/zip" style={{ display: 'none' }} data-testid="zip-input" onChange={(e) => { void onZip(e.target.files?.[0]); e.target.value = ''; }} />
                    <Flex gap={8} align="center" wrap>
                      <Button icon={<UploadOutlined />} onClick={() => zipInput.current?.click()} data-testid="zip-upload">
                        {t('buy.zipUpload')}
                      </Button>
                      {zipCsrs.length ? (
                        <>
                          <Typography.Text data-testid="zip-count">
                            {zipName}: {t('buy.csrReadMany', { n: zipCsrs.length })}
                          </Typography.Text>
                          <Button size="small" type="link" onClick={() => { setZipCsrs([]); setZipName(''); }}>
                            {t('buy.zipRemove')}
                          </Button>
                        </>
                      ) : null}
                    </Flex>
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
                      {t('buy.zipHint')}
                    </Typography.Paragraph>
                  </div>
                )}
              </Form.Item>
              {/* 7. wildcard */}
              {showWildcard ? (
                <Form.Item label={t('buy.wildcard')}>
                  <Switch checked={wildcard} onChange={(v) => { setWildcard(v); changed('commonName'); }} aria-label={t('buy.wildcard')} data-testid="wildcard" />
                </Form.Item>
              ) : null}
              {/* 8. common name and domains */}
              {mode === 'single' ? (
                <>
                  <Form.Item label={t('buy.commonName')} {...status(errors.commonName, 'commonName')}>
                    <Input
                      data-testid="common-name"
                      aria-label={t('buy.commonName')}
                      prefix={wildOn ? '*.' : undefined}
                      value={fromCsr ? (firstCsr?.ok ? firstCsr.commonName : '') : commonName}
                      disabled={fromCsr}
                      onChange={(e) => { setCommonName(e.target.value); changed('commonName'); }}
                      onBlur={() => touch('commonName')}
                      placeholder={t('buy.commonNamePlaceholder')}
                      style={{ maxWidth: 420 }}
                    />
                  </Form.Item>
                  {showExtraDomains ? (
                    <Form.Item label={t('buy.extraDomains')} {...status(errors.extraDomains, 'extraDomains')}>
                      <Input.TextArea
                        data-testid="extra-domains"
                        aria-label={t('buy.extraDomains')}
                        value={extraDomains}
                        onChange={(e) => { setExtraDomains(e.target.value); changed('domainNames'); touch('extraDomains'); }}
                        onBlur={() => touch('extraDomains')}
                        placeholder={t('buy.extraDomainsPlaceholder')}
                        autoSize={{ minRows, maxRows: 20 }}
                      />
                    </Form.Item>
                  ) : null}
                </>
              ) : csrFrom === 'create' ? (
                <Form.Item label={t('buy.batchDomains')} {...status(errors.batch, 'batch')} extra={ordersExtra}>
                  <Input.TextArea
                    data-testid="batch-domains"
                    aria-label={t('buy.batchDomains')}
                    value={batchText}
                    onChange={(e) => { setBatchText(e.target.value); touch('batch'); setBatchServerErrors([]); }}
                    onBlur={() => touch('batch')}
                    placeholder={t('buy.batchPlaceholder')}
                    autoSize={{ minRows, maxRows: 24 }}
                  />
                </Form.Item>
              ) : (
                <Form.Item label={t('buy.batchDomains')} extra={ordersExtra}>
                  <Typography.Text type="secondary">{plan.orders.map((o) => o.label).slice(0, 20).join(', ') || t('preview.none')}</Typography.Text>
                </Form.Item>
              )}
              {mode === 'batch' && (show('batch') || fromCsr) && (orderErrors.length || batchServerErrors.length) ? (
                <Form.Item label=" ">
                  <Alert
                    type={sequential ? 'warning' : 'error'}
                    showIcon
                    data-testid="batch-errors"
                    title={
                      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                        {[...batchServerErrors, ...orderErrors.map((e) => e.text)].slice(0, 20).map((text, i) => (
                          <li key={i}>{text}</li>
                        ))}
                      </ul>
                    }
                  />
                </Form.Item>
              ) : null}
              {/* 9. contact */}
              {showContact ? (
                <Form.Item label={t('buy.contact')} {...status(errors.contact, 'contactID')}>
                  <ContactSelect value={contact} onChange={(c) => { setContact(c); changed('contactID'); }} />
                </Form.Item>
              ) : null}
              {/* 10. company */}
              {showOrg ? (
                <Form.Item label={t('buy.org')} {...status(errors.org, 'orgID')}>
                  <OrgSelect value={org} onChange={(o) => { setOrg(o); changed('orgID'); }} />
                </Form.Item>
              ) : null}
              <Form.Item label=" ">
                <Button type="primary" size="large" onClick={() => void submit()} loading={working} data-testid="create-order">
                  {busy?.kind === 'keys' ? t('buy.generating', { done: busy.done, total: busy.total }) : busy?.kind === 'create' ? t('buy.submitting') : t('buy.submit')}
                </Button>
              </Form.Item>
            </Form>
          </Spin>
        </Col>
        <Col xs={24} xl={8}>
          <div style={{ position: 'sticky', top: 80 }}>
            <PreviewCard
              d={{
                term: termText(term),
                productType: t(`productTypes.${productType}`, { defaultValue: productType }),
                brand: brandInfo?.label ?? '',
                certType: certType ? t(`certTypes.${certType}`, { defaultValue: certType }) : '',
                csr: t(`csrFrom.${csrFrom}`),
                dcv: dcvShown ? t(`dcv.${sentDcv}`) : null,
                domainType,
                encryption: fromCsr ? keyFromCsr.split(' ')[0] ?? '' : encryption,
                signature: fromCsr ? '' : sig,
                keyLength: fromCsr ? keyFromCsr.split(' ')[1] ?? '' : encryption === 'RSA' ? String(keyLen) : keyCurve,
                // The orders this submission makes, as the batch box counts them: one in single mode, named or not.
                orders: mode === 'single' ? 1 : plan.orders.length,
                ordersWithErrors: mode === 'single' ? 0 : plan.orders.filter((o) => o.errors.length).length,
                rawPrice: money(product?.free ? 0 : (price?.raw ?? 0)),
                total: money(product?.free ? 0 : (price?.now ?? 0)),
                pricing,
                contact,
                showContact,
                org,
                showOrg,
              }}
            />
          </div>
        </Col>
      </Row>
      <BatchProgressDialog
        progress={progress}
        onReport={reportFailures}
        onPay={async () => {
          const created = (progress?.items ?? []).flatMap((i) => (i.status === 'created' && i.orderNo ? [i.orderNo] : []));
          const total = await totalOf(progressOrders.current);
          setProgress(null);
          finish(created, total);
        }}
        onClose={() => setProgress(null)}
      />
    </div>
  );
}
