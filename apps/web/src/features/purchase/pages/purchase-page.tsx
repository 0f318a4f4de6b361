import { lazy, startTransition, Suspense, useCallback, useDeferredValue, useMemo, useReducer, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useRouterState } from '@tanstack/react-router';
import { defaultDcvMethod, emailDcvMode, type DcvMethod } from '@cc/domain/dcv';
import { keyOptionsFor, type Curve, type CsrSource, type Encryption, type RsaKeyLength, type Signature } from '@cc/domain/key-options';
import { holdsOneName, isWildcardProduct } from '@cc/domain/domain-names';
import { hasDomains, needsContact, needsOrganization, showsDcvMethod } from '@cc/domain/product-types';
import { sequentialCreateThreshold } from '@cc/domain/terms';
import { ApiError, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useFrontConf } from '../../../lib/api/get-front-conf.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { useProducts } from '../../../lib/api/get-products.ts';
import { createRenewal, payAmountOf } from '../api/create-renewal.ts';
import { BuyerFields } from '../components/buyer-fields.tsx';
import type { Contact } from '../components/contact-dialog.tsx';
import { CsrFields } from '../components/csr-fields.tsx';
import { DcvFields } from '../components/dcv-fields.tsx';
import { AutopilotOffer } from '../components/autopilot-offer.tsx';
import { DomainFields } from '../components/domain-fields.tsx';
import type { Organization } from '../components/org-dialog.tsx';
import { OrderPreview } from '../components/order-preview.tsx';
import { VerificationNotice } from '../../../components/verification-notice.tsx';
import { Deferred } from '../../../components/deferred.tsx';
import { ProductFields, termText } from '../components/product-fields.tsx';
import { RenewalBanner } from '../components/renewal-banner.tsx';
import { createdOrdersKey, useCreateOrders, useFinish } from '../hooks/use-create-orders.ts';
import { usePasteRead } from '../hooks/use-paste-read.ts';
import { usePricePreview } from '../hooks/use-price-preview.ts';
import { batchOrderErrors, blockingFields, chooseDcv, csrRequestFor, domainTypeOf, formErrors, type FieldError, type FormField, type Mode } from '../lib/order-form.ts';
import { initialOrderForm, orderFormReducer } from '../lib/order-form-state.ts';
import { planOrders, type PlannedOrder, type PlanInput } from '../lib/plan-orders.ts';
import { chooseKey, chooseProduct } from '../lib/product-choice.ts';
import { readCsrZip } from '../lib/read-csr-zip.ts';
import { decodeRenewalTicket, renewalPrefill } from '../lib/renewal-ticket.ts';
import { parseCsrPems, type ParsedCsr } from '../../../lib/pki-worker/client.ts';
import { usePurchaseT } from '../i18n.ts';

// The batch progress dialog (a modal with progress bars) loads with the first batch, not with the screen.
const BatchProgressDialog = lazy(() => import('../components/batch-progress-dialog.tsx').then((m) => ({ default: m.BatchProgressDialog })));

export interface PurchasePageProps {
  /**
   * Called once orders exist and cost something: the payment dialog plugs in here (the route table passes it).
   * Without it the console goes to the order: /ssl/certificate/{orderNo} for one, /orders/list for several.
   * totalCents is null when the price call failed: the orders' own amounts then say what is due.
   */
  onOrdersCreated?: (orderNos: string[], totalCents: number | null) => void;
}

/** No requests (the key is made here): one array, so that the plan's input stays the same object. */
const noCsrs: readonly ParsedCsr[] = [];

/**
 * Boxes holding more text than this (about 150 lines) are checked in a render that can wait; below it every key
 * is checked at once, as before, so that the errors never trail the text in the usual case.
 */
const deferFrom = 4000;
const large = (text: string) => text.length > deferFrom;
/** Runs a box's update at once, or as a transition once the box holds a large text. */
const bySize = (text: string, update: () => void) => (large(text) ? startTransition(update) : update());

/** Where each field's errors show (status() of the form) and the server's name of that field. */
const fieldKeys: Record<FormField, string> = { product: 'product', commonName: 'commonName', extraDomains: 'extraDomains', batch: 'batch', csr: 'csr', mailbox: 'dcvEmail.email', dcv: 'dcvMethod', term: 'term', contact: 'contactID', org: 'orgID' };

/**
 * /ssl/certificates: the order-creation screen of document 01 §2. The sections (components/*-fields.tsx) get
 * narrow props and are memoised. A domain box keeps its own text; once it holds a large one (hundreds of lines),
 * a key re-renders that box at once and the rest (checking every line, the errors, the preview) in an
 * interruptible render after it, from a deferred copy of the form.
 */
export default function PurchasePage({ onOrdersCreated }: PurchasePageProps) {
  const { t, msg } = usePurchaseT();
  const money = useMoney();
  const site = useSiteConfig();
  const front = useFrontConf();
  const products = useProducts();
  // The form waits for the front settings too: they choose its mode, which must not flip once it shows.
  const ready = !products.isPending && front.settled;
  const formShown = useDeferredValue(ready);

  // ---- what the user has put in (lib/order-form-state.ts: one reducer, so each rule of it is written once)
  const [form, dispatch] = useReducer(orderFormReducer, initialOrderForm);
  const frontMode = front.settings.defaultOrderMode;
  const siteMode = frontMode === 'batch' || frontMode === 'single' ? frontMode : site.defaultOrderMode;
  const mode: Mode = form.mode ?? siteMode;
  const { commonName, extraDomains, batchText, pasteText, mailbox, saveEmail, autopilot, contact, org, touched, submitted, serverErrors, batchServerErrors, prefilledFrom, renewedNo } = form;
  /** What the domain boxes hold at this moment (their text reaches the state above in a transition). */
  const boxText = useRef({ extraDomains: '', batchText: '' });

  // ---- a renewal link: /ssl/certificates?productNo=…&ticket=… (document 01 §4). A ticket that cannot be read is
  // only logged (解析JSON 串失败) and the screen stays an ordinary, empty order form.
  const searchStr = useRouterState({ select: (st) => st.location.searchStr });
  const linkParams = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const ticketParam = linkParams.get('ticket') ?? '';
  const renewal = useMemo(() => (ticketParam ? decodeRenewalTicket(ticketParam) : null), [ticketParam]);
  const [renewing, setRenewing] = useState(false);
  if (renewal && products.data && prefilledFrom !== ticketParam) {
    // Filled in once per ticket, while rendering (not in an effect), so the first painted form is already the renewal.
    const fill = renewalPrefill(renewal, products.data.data, linkParams.get('productNo'));
    dispatch({ type: 'renewal', ticket: ticketParam, fill });
    boxText.current.extraDomains = fill.extraDomains;
  }

  // ---- a buy link of the price list: /ssl/certificates?productNo=…&year=… chooses that product and term once.
  const linkedProduct = ticketParam ? '' : (linkParams.get('productNo') ?? '');
  if (linkedProduct && products.data && prefilledFrom !== searchStr) {
    dispatch({ type: 'buyLink', link: searchStr, product: products.data.data.find((x) => x.productNo === linkedProduct) ?? null, year: Number(linkParams.get('year')) });
  }

  const show = (f: string) => submitted || Boolean(touched[f]);

  // ---- product tree: brand → certificate type → product → term (fallbacks keep every choice valid)
  const all = products.data?.data;
  const brands = products.data?.brands;
  // The rules table is read for the server's day (its clock), not the browser's.
  const rulesOn = products.data?.rules.on ?? new Date().toISOString().slice(0, 10);
  const chosen = useMemo(
    () => chooseProduct(all ?? [], brands ?? [], { brand: form.brand, certType: form.certType, productNo: form.productNo, term: form.term }),
    [all, brands, form.brand, form.certType, form.productNo, form.term],
  );
  const { certType, product, term } = chosen;
  const productType = product?.productType ?? '';
  const productBrand = product?.brand ?? '';
  const csrFrom: CsrSource = mode === 'single' && form.csrFrom === 'zip' ? 'create' : form.csrFrom;
  const fromCsr = csrFrom !== 'create';

  const keyOpts = useMemo(() => keyOptionsFor({ brand: productBrand, productType }), [productBrand, productType]);
  const keyChoice = chooseKey(keyOpts, form.key);
  const { encryption, keyLength: keyLen, curve: keyCurve, signature: sig } = keyChoice;
  const key = useMemo(() => ({ encryption, keyLength: keyLen, curve: keyCurve, signature: sig }), [encryption, keyLen, keyCurve, sig]);

  const showWildcard = csrFrom === 'create' && (isWildcardProduct(productType) || productType === 'flex') && certType !== 'EV';
  // A wildcard product starts with the switch on: its names must be wildcards, so the bare domain typed is one.
  const wildcard = product && form.wildcard?.productNo === product.productNo ? form.wildcard.on : isWildcardProduct(productType);
  const productNo = product?.productNo;
  const setWildcard = useCallback((on: boolean) => dispatch({ type: 'wildcard', productNo, on }), [productNo]);
  const showExtraDomains = hasDomains(productType) && !holdsOneName(productType);
  const wildOn = showWildcard && wildcard;
  const withDomains = hasDomains(productType);
  const showContact = product ? needsContact(product) : false;
  const showOrg = product ? needsOrganization(product) : false;

  // ---- the requests read from the paste box (debounced, in the worker)
  const paste = usePasteRead(pasteText);
  const csrs = csrFrom === 'paste' ? paste.pasted : csrFrom === 'zip' ? form.zip.csrs : noCsrs;
  const pasteSettled = csrFrom !== 'paste' || paste.settled;

  // ---- the orders, planned from a deferred copy of the form (the boxes stay responsive while they are checked)
  const planInput = useMemo<PlanInput>(
    () => ({ mode, csrFrom, product: { productType, brand: productBrand, certType: certType ?? '' }, wildcard: wildOn, commonName, extraDomains, batchText, csrs }),
    [mode, csrFrom, productType, productBrand, certType, wildOn, commonName, extraDomains, batchText, csrs],
  );
  const deferredInput = useDeferredValue(planInput);
  const plannedInput = large(batchText) || large(extraDomains) ? deferredInput : planInput;
  const plan = useMemo(() => planOrders(plannedInput), [plannedInput]);
  const firstCn = plan.orders[0]?.commonName ?? '';
  const autopilotNames = useMemo(() => plan.orders.flatMap((o) => o.allNames), [plan.orders]);

  // ---- validation method and the e-mail option
  const dcvShown = showsDcvMethod(productType);
  const hasProduct = product !== null;
  const dcvChoiceResolved = useMemo(
    () => chooseDcv({ hasProduct, brand: productBrand, productType, certType: certType ?? '', wildOn, orders: plan.orders, chosen: form.dcv, on: rulesOn }),
    [hasProduct, productBrand, productType, certType, wildOn, plan.orders, form.dcv, rulesOn],
  );
  const dcv = dcvChoiceResolved.method;
  const emailFamily = dcvShown && dcv === 'email';
  // What is sent follows the mailbox as typed, not its debounced copy: Create may come within the 400 ms.
  const sentDcv: DcvMethod = emailFamily ? emailDcvMode(mailbox, firstCn || undefined) : dcv;

  // ---- errors (shown after a field was touched, or after the first submit)
  const text = (e: FieldError) => (e ? ('text' in e ? e.text : msg(e.messageKey, e.params)) : null);
  const ruleErrors = formErrors({ mode, csrFrom, hasProduct, plan, serverErrors, emailFamily, mailbox, saveEmail, contactMissing: showContact && !contact, orgMissing: showOrg && !org });
  /** A field's error as shown: only once it was touched, or Create was pressed (translated then: an untouched form needs no rule messages). */
  const shown = (f: FormField) => (show(fieldKeys[f]) ? text(ruleErrors[f]) : null);
  const orderErrors = useMemo(() => batchOrderErrors(mode, plan.orders).map((e) => ({ label: e.label, text: msg(e.error.messageKey, e.error.params) })), [mode, plan.orders, msg]);
  const sequential = plan.orders.length > sequentialCreateThreshold;
  const batchShown = mode === 'batch' && (show('batch') || fromCsr);
  const batchMessages = useMemo(
    () => (batchShown && (orderErrors.length || batchServerErrors.length) ? [...batchServerErrors, ...orderErrors.map((e) => e.text)].slice(0, 20) : null),
    [batchShown, orderErrors, batchServerErrors],
  );
  const orderLabels = useMemo(() => (mode === 'batch' && fromCsr ? plan.orders.map((o) => o.label).slice(0, 20).join(', ') : ''), [mode, fromCsr, plan.orders]);

  // ---- price preview: one call per distinct number of billed names, debounced 500 ms (§7)
  const { price, pricing, totalOf } = usePricePreview(product, term, plan.orders, mode, withDomains);

  const finish = useFinish(onOrdersCreated);
  const csrRequest = (o: PlannedOrder) => csrRequestFor(o, { productType, certType, withDomains, org: showOrg ? org : null, key });
  const create = useCreateOrders({
    product,
    mode,
    csrFrom,
    plan,
    // Create pressed before the form caught up with the keys typed waits for it (then runs).
    settled: pasteSettled && plannedInput === planInput && boxText.current.batchText === batchText && boxText.current.extraDomains === extraDomains,
    flush: paste.flush,
    blocking: () => blockingFields.map((f) => text(ruleErrors[f])).find(Boolean) ?? null,
    orderErrors,
    sequential,
    term,
    productType,
    wildOn,
    dcvMethod: dcvShown ? sentDcv : defaultDcvMethod(dcvChoiceResolved.input),
    contactID: showContact && contact ? contact.id : null,
    orgID: showOrg && org ? org.id : null,
    dcvEmail: emailFamily ? { email: mailbox, firstCn, saveEmail } : null,
    dcvAutopilot: autopilot,
    key,
    csrRequest,
    totalOf,
    finish,
    onStart: () => dispatch({ type: 'submit' }),
    onServerErrors: (m, fields) => dispatch({ type: 'serverErrors', mode: m, fields }),
  });
  const { busy, progress, working } = create;
  // Once shown, the progress dialog stays mounted, so that it closes with its animation.
  const [progressMounted, setProgressMounted] = useState(false);
  if (progress && !progressMounted) setProgressMounted(true);

  /** "Renew as it was": the server makes the renewal order from the ticket; then payment, as after a purchase. */
  const renewAsItWas = async () => {
    setRenewing(true);
    try {
      const a = await createRenewal(ticketParam);
      localStorage.setItem(createdOrdersKey, a.orderNo);
      dispatch({ type: 'renewed', orderNo: a.orderNo });
      toast.success(t('renew.created', { orderNo: a.orderNo }));
      finish([a.orderNo], await payAmountOf(a.orderNo).catch(() => 0));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      else if (!isAbortError(e)) toast.error(t('renew.failed'));
    } finally {
      setRenewing(false);
    }
  };

  // Reads only setters and the messages of the language: the same function while the language stays.
  const onZip = useCallback(async (file: File | undefined) => {
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
    dispatch({ type: 'zip', csrs: readable, name: file.name });
    toast.success(msg('purchase.csr.uploaded', { n: readable.length }));
  }, [msg]);

  // ---- the sections' handlers: stable (dispatch never changes), so that typing in one box leaves the other sections alone
  const on = useMemo(
    () => ({
      mode: (k: string) => dispatch({ type: 'mode', mode: k === 'batch' ? 'batch' : 'single' }),
      brand: (brand: string) => dispatch({ type: 'brand', brand }),
      certType: (certType: string) => dispatch({ type: 'certType', certType }),
      product: (productNo: string) => dispatch({ type: 'product', productNo }),
      term: (term: number) => dispatch({ type: 'term', term }),
      dcv: (dcv: DcvMethod) => dispatch({ type: 'dcv', dcv }),
      mailbox: (mailbox: string) => dispatch({ type: 'mailbox', mailbox }),
      mailboxBlur: () => dispatch({ type: 'touch', field: 'dcvEmail.email' }),
      saveEmail: (on: boolean) => dispatch({ type: 'saveEmail', on }),
      autopilot: (on: boolean) => dispatch({ type: 'autopilot', on }),
      csrFrom: (csrFrom: CsrSource) => dispatch({ type: 'csrFrom', csrFrom }),
      encryption: (encryption: Encryption) => dispatch({ type: 'key', change: { encryption } }),
      keyLength: (keyLength: RsaKeyLength) => dispatch({ type: 'key', change: { keyLength } }),
      curve: (curve: Curve) => dispatch({ type: 'key', change: { curve } }),
      signature: (signature: Signature) => dispatch({ type: 'key', change: { signature } }),
      paste: (text: string) => dispatch({ type: 'paste', text }),
      pasteBlur: () => dispatch({ type: 'touch', field: 'csr' }),
      zip: (file: File | undefined) => void onZip(file),
      zipRemove: () => dispatch({ type: 'zipRemove' }),
      commonName: (value: string) => dispatch({ type: 'commonName', value }),
      commonNameBlur: () => dispatch({ type: 'touch', field: 'commonName' }),
      // The domain boxes show each key themselves; the screen takes a large text in a transition (see LineBox).
      extraDomains: (value: string) => {
        boxText.current.extraDomains = value;
        bySize(value, () => dispatch({ type: 'extraDomains', value }));
      },
      extraDomainsBlur: () => dispatch({ type: 'touch', field: 'extraDomains' }),
      batchText: (value: string) => {
        boxText.current.batchText = value;
        bySize(value, () => dispatch({ type: 'batchText', value }));
      },
      batchBlur: () => dispatch({ type: 'touch', field: 'batch' }),
      contact: (contact: Contact | null) => dispatch({ type: 'contact', contact }),
      org: (org: Organization | null) => dispatch({ type: 'org', org }),
    }),
    [onZip],
  );

  // ---- rendering
  // The form's first render, when the products arrive, runs in a transition (React yields to the browser as it goes)
  // rather than in the query's synchronous update: it is the heaviest render of the page's load.
  if (!ready || !formShown) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (products.error) return <Alert type="error" showIcon title={products.error instanceof ApiError ? products.error.msg : t('buy.noProducts')} />;
  if (!all?.length) return <Alert type="info" showIcon title={t('buy.noProducts')} />;

  const brandInfo = (brands ?? []).find((b) => b.value === chosen.brand);
  const domainType = t(`domainTypes.${domainTypeOf(productType, wildOn, plan.orders[0]?.domainNames.length ?? 0)}`);
  const firstCsr = csrs.find((c): c is Extract<ParsedCsr, { ok: true }> => c.ok);
  const keyFromCsr = fromCsr && firstCsr ? firstCsr.keyText : '';

  return (
    <div data-testid="purchase-page" data-mode={mode} data-renewal={renewal ? renewal.orderNo : undefined}>
      {renewal ? <RenewalBanner renewal={renewal} renewedNo={renewedNo} renewing={renewing} disabled={working} onRenew={() => void renewAsItWas()} /> : null}
      <Tabs
        activeKey={mode}
        onChange={on.mode}
        items={[
          { key: 'single', label: <span data-testid="tab-single">{t('buy.single')}</span> },
          { key: 'batch', label: <span data-testid="tab-batch">{t('buy.batch')}</span> },
        ]}
      />
      <Row gutter={24}>
        <Col xs={24} xl={16}>
          <Spin spinning={working} description={busy?.kind === 'keys' ? t('buy.generating', { done: busy.done, total: busy.total }) : busy?.kind === 'create' ? msg('purchase.batch.creating') : undefined}>
            <Form layout="horizontal" labelCol={{ flex: '120px' }} labelWrap colon={false} data-testid="purchase-form">
              <ProductFields
                brands={brands ?? []}
                brand={chosen.brand}
                certTypes={chosen.certTypes}
                certType={certType}
                typeProducts={chosen.typeProducts}
                product={product}
                terms={chosen.terms}
                term={term}
                productError={shown('product')}
                termError={shown('term')}
                onBrand={on.brand}
                onCertType={on.certType}
                onProduct={on.product}
                onTerm={on.term}
                rulesOn={rulesOn}
              />
              <DcvFields
                dcvShown={dcvShown}
                dcv={dcv}
                options={dcvChoiceResolved.options}
                dcvError={shown('dcv')}
                emailFamily={emailFamily}
                mailbox={mailbox}
                mailboxError={shown('mailbox')}
                saveEmail={saveEmail}
                firstCn={firstCn}
                onDcv={on.dcv}
                onMailbox={on.mailbox}
                onMailboxBlur={on.mailboxBlur}
                onSaveEmail={on.saveEmail}
              />
              <AutopilotOffer names={autopilotNames} dcv={sentDcv} on={autopilot} onChange={on.autopilot} />
              {/* The fields below the first screen, and the preview beside them, commit after the ones above: one
                  commit of the whole form (with its layout) was the longest task of the page's load on a phone. */}
              <Deferred fallback={null}>
                <CsrFields
                  mode={mode}
                  csrFrom={csrFrom}
                  csrError={shown('csr')}
                  keyOpts={keyOpts}
                  keyChoice={key}
                  pasteText={pasteText}
                  firstCsr={firstCsr}
                  readableCount={csrs.filter((c) => c.ok).length}
                  zipCount={form.zip.csrs.length}
                  zipName={form.zip.name}
                  onCsrFrom={on.csrFrom}
                  onEncryption={on.encryption}
                  onKeyLength={on.keyLength}
                  onCurve={on.curve}
                  onSignature={on.signature}
                  onPaste={on.paste}
                  onPasteBlur={on.pasteBlur}
                  onZip={on.zip}
                  onZipRemove={on.zipRemove}
                />
                <DomainFields
                  mode={mode}
                  fromCsr={fromCsr}
                  showWildcard={showWildcard}
                  wildcard={wildcard}
                  wildOn={wildOn}
                  commonName={fromCsr ? (firstCsr?.commonName ?? '') : commonName}
                  commonNameError={shown('commonName')}
                  showExtraDomains={showExtraDomains}
                  extraDomains={extraDomains}
                  extraDomainsError={shown('extraDomains')}
                  batchText={batchText}
                  refill={prefilledFrom}
                  batchError={shown('batch')}
                  ordersCount={plan.orders.length}
                  sequential={sequential}
                  orderLabels={orderLabels}
                  batchMessages={batchMessages}
                  onWildcard={setWildcard}
                  onCommonName={on.commonName}
                  onCommonNameBlur={on.commonNameBlur}
                  onExtraDomains={on.extraDomains}
                  onExtraDomainsBlur={on.extraDomainsBlur}
                  onBatchText={on.batchText}
                  onBatchBlur={on.batchBlur}
                />
                <BuyerFields showContact={showContact} contact={contact} contactError={shown('contact')} showOrg={showOrg} org={org} orgError={shown('org')} onContact={on.contact} onOrg={on.org} />
                <Form.Item label=" ">
                  <Button type="primary" size="large" onClick={() => void create.submit()} loading={working} data-testid="create-order">
                    {busy?.kind === 'keys' ? t('buy.generating', { done: busy.done, total: busy.total }) : busy?.kind === 'create' ? t('buy.submitting') : t('buy.submit')}
                  </Button>
                </Form.Item>
              </Deferred>
            </Form>
          </Spin>
        </Col>
        <Col xs={24} xl={8}>
          <Deferred fallback={null}>
            <div style={{ position: 'sticky', top: 80 }}>
              <OrderPreview
                term={termText(t, term)}
                productType={t(`productTypes.${productType}`, { defaultValue: productType })}
                brand={brandInfo?.label ?? ''}
                certType={certType ? t(`certTypes.${certType}`, { defaultValue: certType }) : ''}
                csr={t(`csrFrom.${csrFrom}`)}
                dcv={dcvShown ? t(`dcv.${sentDcv}`) : null}
                domainType={domainType}
                encryption={fromCsr ? (keyFromCsr.split(' ')[0] ?? '') : encryption}
                signature={fromCsr ? '' : sig}
                keyLength={fromCsr ? (keyFromCsr.split(' ')[1] ?? '') : encryption === 'RSA' ? String(keyLen) : keyCurve}
                // The orders this submission makes, as the batch box counts them: one in single mode, named or not.
                orders={mode === 'single' ? 1 : plan.orders.length}
                ordersWithErrors={mode === 'single' ? 0 : plan.orders.filter((o) => o.errors.length).length}
                rawPrice={money(product?.free ? 0 : (price?.raw ?? 0))}
                total={money(product?.free ? 0 : (price?.now ?? 0))}
                discountNote={!product?.free && price && price.discount < 100 ? t('preview.discountOff', { n: 100 - price.discount }) : ''}
                packageNote={
                  !product?.free && price && (price.packageRemaining > 0 || price.packageCovered > 0)
                    ? t('preview.packageUse', { covered: money(price.packageCovered), left: price.packageRemaining })
                    : ''
                }
                pricing={pricing}
                contact={contact}
                showContact={showContact}
                org={org}
                showOrg={showOrg}
              />
              <VerificationNotice certType={certType ?? undefined} amountCents={product?.free ? 0 : (price?.now ?? 0)} />
            </div>
          </Deferred>
        </Col>
      </Row>
      {progress || progressMounted ? (
        <Suspense fallback={null}>
          <BatchProgressDialog progress={progress} onReport={create.reportFailures} onPay={create.payCreated} onClose={create.closeProgress} />
        </Suspense>
      ) : null}
    </div>
  );
}
