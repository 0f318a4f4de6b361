import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CsrRequest } from '@cc/pki/csr';
import { saveEmailApplies, type DcvMethod } from '@cc/domain/dcv';
import { sequentialChunkSize } from '../lib/create-in-chunks.ts';
import { ApiError, fieldErrors, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { messagesReady } from '../../../i18n/index.ts';
import { saveText, stamp } from '../../../lib/download.ts';
import { generateCsrs } from '../../../lib/pki-worker/client.ts';
import { createOrder, createOrderPartial, type CreateOrderInput } from '../api/create-order.ts';
import { saveCsrs } from '../api/save-csrs.ts';
import type { BatchProgress, ProgressItem } from '../components/batch-progress-dialog.tsx';
import { createInChunks } from '../lib/create-in-chunks.ts';
import { downloadKeys, type KeyFile } from '../lib/download.ts';
import type { KeyChoices } from '../lib/product-choice.ts';
import type { Plan, PlannedOrder } from '../lib/plan-orders.ts';
import { usePurchaseT } from '../i18n.ts';

/** Doc 01 §3 "Local values kept": the numbers of the orders created last. */
export const createdOrdersKey = 'createdOrderNos';

/**
 * After creation: orders that cost something go to onOrdersCreated (the payment dialog); otherwise to the order,
 * /ssl/certificate/{orderNo} for one, /orders/list for several. totalCents null: the price is unknown (the price
 * call failed); the payment dialog reads each order's amount.
 */
export function useFinish(onOrdersCreated: ((orderNos: string[], totalCents: number | null) => void) | undefined) {
  const router = useRouter();
  return useCallback(
    (orderNos: string[], totalCents: number | null) => {
      if (!orderNos.length) return;
      if ((totalCents === null || totalCents > 0) && onOrdersCreated) onOrdersCreated(orderNos, totalCents);
      else {
        const [only] = orderNos;
        void router.navigate({ href: orderNos.length === 1 && only ? `/ssl/certificate/${only}` : '/orders/list' });
      }
    },
    [router, onOrdersCreated],
  );
}

/** Everything Create reads of the form, as it is at the press. */
export interface OrderSubmission {
  product: { productNo: string; free: boolean } | null;
  mode: 'single' | 'batch';
  csrFrom: 'create' | 'paste' | 'zip';
  plan: Plan;
  /** False while the paste box or the plan has not caught up with what was typed: Create then waits for it. */
  settled: boolean;
  flush: () => void;
  /** The first error among the fields that stop Create, translated (when Create is pressed). */
  blocking: () => string | null;
  orderErrors: readonly { label: string; text: string }[];
  sequential: boolean;
  term: number;
  productType: string;
  wildOn: boolean;
  dcvMethod: DcvMethod;
  contactID: NonNullable<CreateOrderInput['contactID']> | null;
  orgID: NonNullable<CreateOrderInput['orgID']> | null;
  dcvEmail: { email: string; firstCn: string; saveEmail: boolean } | null;
  /** The DCV autopilot for names in zones hosted here (the server decides which names it can help). */
  dcvAutopilot: boolean;
  key: KeyChoices;
  csrRequest: (o: PlannedOrder) => CsrRequest;
  totalOf: (orders: readonly PlannedOrder[]) => Promise<number | null>;
  finish: (orderNos: string[], totalCents: number | null) => void;
  /** Create goes ahead (the form had caught up): errors show on every field from now on. */
  onStart: () => void;
  onServerErrors: (mode: 'single' | 'batch', fields: Record<string, string>) => void;
}

/**
 * Create (§2, §4): keys and requests made in the worker for "create", then one request for up to 10 certificates
 * (all or none), or, past 10, the progress dialog creating them in sequence. Returns the state the screen shows.
 */
export function useCreateOrders(s: OrderSubmission) {
  const { t, msg } = usePurchaseT();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<null | { kind: 'keys'; done: number; total: number } | { kind: 'create' }>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  /** Create was pressed before the form had caught up (paste box read, plan of the latest text): it runs once it has. */
  const [submitQueued, setSubmitQueued] = useState(false);
  /** The orders the progress dialog created, priced when its pay button is pressed. */
  const progressOrders = useRef<PlannedOrder[]>([]);

  // Leaving the page while orders are being created loses track of them: ask first.
  useEffect(() => {
    if (!busy && !progress?.running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy, progress?.running]);

  const { product, plan, mode, csrFrom, sequential, orderErrors, finish } = s;
  const submit = async () => {
    if (!s.settled) {
      // Pasted (or typed) and pressed at once: read the box now, then come back (the effect below) with its orders.
      s.flush();
      setSubmitQueued(true);
      return;
    }
    s.onStart();
    // Its messages may still be on their way when Create is the page's first click (they come after the first paint).
    await messagesReady();
    const blocking = s.blocking();
    if (!product) {
      toast.error(msg('purchase.product.required'));
      return;
    }
    if (plan.tooMany) {
      toast.warning(msg(plan.tooMany.messageKey, plan.tooMany.params));
      return;
    }
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
        const made = await generateCsrs(valid.map(s.csrRequest), (done, total) => setBusy({ kind: 'keys', done, total }));
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
    const { encryption, keyLength: keyLen, curve: keyCurve, signature: sig } = s.key;
    const subject = csrFrom === 'create' ? s.csrRequest(valid[0] ?? plan.orders[0]!) : null;
    const base: CreateOrderInput = {
      year: s.term,
      productType: s.productType,
      dcvMethod: s.dcvMethod,
      dcvAutopilot: s.dcvAutopilot,
      wildcard: s.wildOn,
      ...(s.contactID !== null ? { contactID: s.contactID } : {}),
      ...(s.orgID !== null ? { orgID: s.orgID } : {}),
      ...(s.dcvEmail ? { dcvEmail: { email: s.dcvEmail.email.trim(), dcvMethod: s.dcvMethod, saveEmail: s.dcvEmail.saveEmail && saveEmailApplies(s.dcvEmail.email, s.dcvEmail.firstCn || undefined) } } : {}),
      pairParams: {
        country: subject?.country ?? '',
        province: subject?.province ?? '',
        city: subject?.city ?? '',
        org: subject?.org ?? '',
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
      // Lists and counts in the cache miss these orders (one answered seconds ago is not asked again on mount).
      void qc.invalidateQueries({ queryKey: ['orders'] });
      const files = created.flatMap((o) => (keys.has(o) ? [keys.get(o)!] : []));
      if (files.length) {
        void downloadKeys(files);
        toast.success(t('buy.keysDownloaded'));
      }
    };
    if (mode === 'batch' && csrFrom === 'zip') void saveCsrs(valid.map((o) => ({ csr: o.csr ?? '', commonName: o.commonName }))).catch(() => undefined);

    if (!sequential) {
      // One request for up to 10 certificates: all are created or none.
      setBusy({ kind: 'create' });
      try {
        const body: CreateOrderInput = mode === 'single' && valid.length === 1 ? { ...base, ...certOf(valid[0]!) } : { ...base, sslCerts: valid.map(certOf) };
        const orderNos = await createOrder(product.productNo, product.free, body);
        keep(orderNos, valid);
        toast.success(t('buy.created'));
        finish(orderNos, await s.totalOf(valid));
      } catch (e) {
        if (e instanceof ApiError) {
          s.onServerErrors(mode, fieldErrors(e));
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
          const x = sendable[r.at];
          if (!x) continue;
          if (r.status === 'created') {
            items[x.i] = { ...items[x.i]!, status: 'created', orderNo: r.orderNo };
            createdNos.push(r.orderNo);
            createdOrders.push(x.o);
          } else items[x.i] = { ...items[x.i]!, status: 'failed', error: r.error };
        }
        setProgress({ items: [...items], running: true });
      },
    });
    progressOrders.current = createdOrders;
    keep(createdNos, createdOrders);
    setProgress({ items: [...items], running: false });
  };

  // This render's submit, which already sees the orders read.
  const submitQueuedNow = useEffectEvent(() => void submit());
  useEffect(() => {
    if (!submitQueued || !s.settled) return;
    setSubmitQueued(false);
    submitQueuedNow();
  }, [submitQueued, s.settled]);

  const reportFailures = () => {
    const failed = (progress?.items ?? []).filter((i) => i.status === 'failed').map((i) => ({ commonName: i.label, domainNames: i.domainNames, error: i.error ?? '' }));
    saveText(`failed-orders-${stamp()}.json`, JSON.stringify({ productNo: product?.productNo, createdAt: new Date().toISOString(), failed }, null, 2), 'application/json');
  };

  /** The progress dialog's pay button: the orders it created, priced now. */
  const payCreated = async () => {
    const created = (progress?.items ?? []).flatMap((i) => (i.status === 'created' && i.orderNo ? [i.orderNo] : []));
    const total = await s.totalOf(progressOrders.current);
    setProgress(null);
    finish(created, total);
  };

  const working = submitQueued || busy !== null || (progress?.running ?? false);
  return { submit, busy, progress, working, reportFailures, payCreated, closeProgress: () => setProgress(null) };
}
