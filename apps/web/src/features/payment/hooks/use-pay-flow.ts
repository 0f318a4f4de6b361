import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Modal from 'antd/es/modal';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { errorCodes } from '@cc/contracts/errors';
import { isCardProviderWay } from '@cc/contracts/payments';
import { paymentPollIntervalMs, paymentPollMaxTimes } from '@cc/domain/terms';
import { useAccount } from '../../../lib/api/get-account.ts';
import { ApiError, NetworkError, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrdersByNumbers } from '../api/get-orders.ts';
import { getOrderStatus } from '../api/get-order-status.ts';
import { useOrderProduct } from '../api/get-order-product.ts';
import { usePayWays } from '../api/get-pay-ways.ts';
import { payOrders, type PayResult } from '../api/pay-orders.ts';
import type { ConfirmState } from '../components/pay-confirm-dialog.tsx';
import type { ResultState } from '../components/qr-box.tsx';
import { usePaymentT } from '../i18n.ts';
import { confirmStateOf, isInsufficient, isWaiting, purchaseReturnPath, returnPathFor, wayInForce } from '../lib/dialog-state.ts';
import { getPayment } from '../api/get-payment.ts';
import { aimOf, isPayable, paidVerdict, totalDue } from '../lib/due.ts';
import { listenForOutcomes } from '../lib/outcome-channel.ts';
import { openBlankTab, opensNewTab, payKindOf, sendTab, wantsResultEarly } from '../lib/pay-way.ts';
import { usePoll, type PollOutcome } from './use-poll.ts';

/**
 * A purchase that has no certificate order before it is paid (a domain checkout, a certificate package): paid
 * through the same dialog and ways, its payment polled instead of an order.
 */
export interface Purchase {
  /** Names what is bought (the dialog's product line). */
  title: string;
  /** The overview's lines, in place of an order's term, common name and count. */
  lines: readonly { label: string; value: string }[];
  /** Cents due. */
  amount: number;
  /** Pays by `payWay`: null when the balance paid at once, else the pending pay result of an outside way. */
  start: (input: { payWay: string; returnUrl: string; replacePaymentId?: string }) => Promise<PayResult | null>;
  /** Where the payer goes once it is paid. */
  doneHref: string;
}

export interface PayFlowProps {
  open: boolean;
  orderNos: readonly string[];
  purchase?: Purchase | undefined;
  productName?: string;
  aim?: 'makeOrder' | 'reSign';
  networkLossIsSuccess?: boolean;
  onClose: (paid: boolean) => void;
}

interface Held {
  payWay: string;
  state: ResultState;
  result: PayResult | null;
}

/**
 * The payment dialog's flow (document 01 §2, §4): the orders and pay ways, the pay result of an outside way
 * (requested at once for QR ways), polling the order until it is paid, a decline told by the return page in
 * another tab, and pay itself for each kind of way. The dialog's sections only show what this returns.
 */
export function usePayFlow({ open, orderNos, purchase, productName, aim: aimProp, networkLossIsSuccess, onClose }: PayFlowProps) {
  const { t } = usePaymentT();
  const router = useRouter();
  const qc = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const orders = useOrdersByNumbers(orderNos, open && !purchase);
  const ways = usePayWays('order', purchase ? 1 : orderNos.length, open);
  const account = useAccount();
  // One order: its product names the dialog (unless given) and its certificate type decides the verification notice.
  const product = useOrderProduct(!purchase && orderNos.length === 1 ? orderNos[0] : undefined, open);

  const list = useMemo(() => orders.data?.allOrders ?? [], [orders.data]);
  const aim = aimProp ?? aimOf(list);
  const due = purchase ? purchase.amount : totalDue(list);
  const notPayable = purchase ? undefined : list.find((o) => !isPayable(o, aim));
  /** The amount is known: the purchase's, or the orders' once loaded. */
  const amountKnown = Boolean(purchase) || orders.isSuccess;
  const first = list[0];

  const wayList = useMemo(() => ways.data?.payWays ?? [], [ways.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const payWay = wayInForce(chosen, wayList);
  const kind = payKindOf(payWay);

  const [held, setHeld] = useState<Held | null>(null);
  const current = held?.payWay === payWay ? held : null;
  const result = current?.result ?? null;
  const [paying, setPaying] = useState(false);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  /** The payment another tab's return page said was declined (the order status never tells). */
  const [declinedId, setDeclinedId] = useState<string | null>(null);
  const requestSeq = useRef(0);

  // Closing forgets the payment in progress (the pay call answers the same live payment next time).
  useEffect(() => {
    if (!open) {
      setHeld(null);
      setChosen(null);
      setConfirmOpen(false);
      setPopupBlocked(false);
      setDeclinedId(null);
    }
  }, [open]);

  const finish = useCallback(() => {
    if (purchase) {
      // What a purchase made (names, a package) shows on pages of other features: refresh everything.
      void qc.invalidateQueries();
      onClose(true);
      void router.navigate({ href: purchase.doneHref });
      return;
    }
    void qc.invalidateQueries({ queryKey: ['account'] });
    void qc.invalidateQueries({ queryKey: ['orders'] });
    onClose(true);
    const [only] = orderNos;
    void router.navigate({ href: orderNos.length === 1 && only ? `/ssl/certificate/${encodeURIComponent(only)}` : '/orders/list' });
  }, [qc, onClose, orderNos, router, purchase]);

  const payError = useCallback(
    (e: unknown, way: string) => {
      if (e instanceof ApiError && e.code === errorCodes.PROFILE_INCOMPLETE && isCardProviderWay(way)) {
        void modal.confirm({
          title: t('errors.profileTitle'),
          content: t('errors.profileBody'),
          okText: t('errors.profileGo'),
          cancelText: t('errors.profileLater'),
          onOk: () => {
            onClose(false);
            void router.navigate({ href: '/account/info' });
          },
        });
        return;
      }
      if (e instanceof ApiError && e.code === errorCodes.VERIFICATION_REQUIRED) {
        void modal.confirm({
          title: t('errors.verifyTitle'),
          content: e.msg,
          okText: t('errors.verifyGo'),
          cancelText: t('errors.profileLater'),
          onOk: () => {
            onClose(false);
            void router.navigate({ href: '/account/verify' });
          },
        });
        return;
      }
      if (e instanceof ApiError) {
        void modal.error({ title: t('errors.payFailed'), content: e.msg });
      }
    },
    [modal, t, onClose, router],
  );

  /**
   * Asks the server for the pay result of an outside way (QR, page, address). `replaces`: the payment the payer saw
   * declined, which the server would otherwise answer again until the provider's callback reaches it.
   */
  const request = useCallback(
    async (way: string, replaces?: string): Promise<PayResult | null> => {
      const seq = ++requestSeq.current;
      setHeld({ payWay: way, state: 'loading', result: null });
      try {
        const r = purchase
          ? await purchase.start({ payWay: way, returnUrl: purchaseReturnPath(way, purchase.doneHref), ...(replaces ? { replacePaymentId: replaces } : {}) })
          : await payOrders(
          {
            payWay: way,
            aim,
            name: productName ?? product.data?.productName,
            orderNo: orderNos.join(','),
            returnUrl: returnPathFor(orderNos, way, aim),
            ...(replaces ? { replacePaymentId: replaces } : {}),
          },
          { quiet: networkLossIsSuccess },
        );
        if (!r) {
          finish();
          return null;
        }
        if (seq === requestSeq.current) setHeld({ payWay: way, state: 'ready', result: r });
        return r;
      } catch (e) {
        if (seq === requestSeq.current) setHeld({ payWay: way, state: 'error', result: null });
        if (e instanceof NetworkError && networkLossIsSuccess) {
          finish();
          return null;
        }
        if (!isAbortError(e)) payError(e, way);
        return null;
      }
    },
    [aim, productName, product.data?.productName, orderNos, networkLossIsSuccess, finish, payError, purchase],
  );

  // QR ways: the code is requested as soon as the way is chosen (and the orders are known to be payable).
  const readyToPay = open && (purchase ? purchase.amount > 0 : orders.isSuccess && list.length > 0 && !notPayable);
  useEffect(() => {
    if (readyToPay && wantsResultEarly(payWay) && held?.payWay !== payWay) void request(payWay);
  }, [readyToPay, payWay, held?.payWay, request]);

  // An outside payment exists: poll the order until it is paid (every 2 s, 90 times; §4).
  const pending = result?.status === 'pending' ? result : null;
  const pendingPaymentId = pending?.paymentId ?? '';
  const check = useCallback(
    async (signal: AbortSignal): Promise<PollOutcome> => {
      if (purchase) {
        // A purchase has no order to look at before it is paid: its payment says when it is.
        const p = await getPayment(pendingPaymentId, signal);
        return p.status === 'succeeded' ? 'done' : p.status === 'pending' ? 'continue' : 'failed';
      }
      const [no] = orderNos;
      if (!no) return 'failed';
      const s = await getOrderStatus(no, signal);
      const v = paidVerdict(s, aim);
      return v === 'paid' ? 'done' : v === 'cancelled' ? 'failed' : 'continue';
    },
    [orderNos, aim, purchase, pendingPaymentId],
  );
  const poll = usePoll({ key: open && pending ? `${pending.paymentId}` : null, intervalMs: paymentPollIntervalMs, maxTimes: paymentPollMaxTimes, check });
  const restartPoll = poll.restart;

  // The payer declined on the provider's page, and its return page (another tab) said so: stop waiting, offer to pay again.
  const pendingId = pending?.paymentId ?? '';
  useEffect(() => {
    if (!open || !pendingId) return;
    return listenForOutcomes((o) => {
      if (o.paymentId === pendingId) setDeclinedId(pendingId);
    });
  }, [open, pendingId]);
  const declined = pendingId !== '' && declinedId === pendingId && poll.state !== 'done';

  useEffect(() => {
    if (poll.state !== 'done') return;
    toast.success(t('dialog.paid'));
    // With the confirm dialog open the payer sees success there and closes it; otherwise on to the order.
    if (!confirmOpen) finish();
  }, [poll.state, confirmOpen, finish, t]);

  const onConfirmDone = useCallback(() => {
    setConfirmOpen(false);
    finish();
  }, [finish]);

  const confirmState: ConfirmState = confirmStateOf(poll.state, declined);

  /** A declined payment is over: the next pay asks for a new one. */
  const openPage = useCallback(
    async (tab: Window | null) => {
      const r = (declined ? null : result) ?? (await request(payWay, declined ? pendingId : undefined));
      if (!r) {
        tab?.close();
        return;
      }
      const sent = sendTab(tab, r.webPagePayURL);
      setPopupBlocked(!sent);
      setConfirmOpen(true);
      // The 90 polls count from the page being opened, not from the QR shown when the way was chosen.
      restartPoll();
    },
    [declined, result, request, payWay, pendingId, restartPoll],
  );

  const pay = async () => {
    if (!readyToPay) return;
    if (kind === 'balance') {
      setPaying(true);
      try {
        if (purchase) await purchase.start({ payWay: 'balance', returnUrl: purchase.doneHref });
        else await payOrders({ payWay: 'balance', aim, name: productName ?? product.data?.productName, orderNo: orderNos.join(',') }, { quiet: networkLossIsSuccess });
        toast.success(t('dialog.paid'));
        finish();
      } catch (e) {
        if (e instanceof NetworkError && networkLossIsSuccess) finish();
        else {
          payError(e, 'balance');
          void qc.invalidateQueries({ queryKey: ['account'] });
        }
      } finally {
        setPaying(false);
      }
      return;
    }
    if (opensNewTab(payWay)) {
      // Opened during the click: a tab opened after an await is what pop-up blockers stop.
      const tab = openBlankTab();
      if (tab) tab.opener = null;
      await openPage(tab);
      return;
    }
    if (kind === 'leave') {
      setPaying(true);
      const r = await request(payWay);
      if (r?.webPagePayURL) window.location.assign(r.webPagePayURL);
      else setPaying(false);
      return;
    }
    // QR and crypto: the code is the way to pay; pressing pay asks again if the first request failed or was declined,
    // and waits again for the payment once the wait ran out.
    if (!result || declined) await request(payWay, declined ? pendingId : undefined);
    else if (poll.state === 'timeout' || poll.state === 'failed') poll.restart();
  };

  const waiting = isWaiting(Boolean(pending), kind, poll.state, declined);
  const balance = account.data?.accountInfo.balance;
  const insufficient = isInsufficient(kind, balance, due);
  const loading = purchase ? ways.isPending : orders.isPending || ways.isPending;
  const name = purchase?.title ?? productName ?? product.data?.productName ?? '';

  const viewAll = () => {
    if (!orders.isSuccess) toast.warning(t('dialog.ordersNotLoaded'));
    else setAllOpen(true);
  };

  /** Opens the provider's page in a tab opened during the click (pop-up blockers let those through). */
  const openPageNow = () => {
    const tab = openBlankTab();
    if (tab) tab.opener = null;
    void openPage(tab);
  };
  const reopen = result?.webPagePayURL
    ? () => {
        const tab = openBlankTab();
        if (tab) tab.opener = null;
        setPopupBlocked(!sendTab(tab, result.webPagePayURL));
      }
    : undefined;
  /** The confirm dialog's retry: after a decline a new payment for the same way (its QR at once), else poll again. */
  const retryConfirm = declined
    ? () => {
        // The pay button opens its page.
        setConfirmOpen(false);
        void request(payWay, pendingId);
      }
    : poll.restart;
  const chooseWay = (way: string) => {
    setChosen(way);
    setPopupBlocked(false);
  };

  return {
    modalHolder, orders, ways, product, list, due, notPayable, first, wayList, payWay, chooseWay, current, result, paying, popupBlocked,
    confirmOpen, closeConfirm: () => setConfirmOpen(false), allOpen, closeAll: () => setAllOpen(false), pending, pendingId, poll, declined,
    onConfirmDone, confirmState, request, pay, openPageNow, reopen, retryConfirm, waiting, balance, insufficient, loading, name, viewAll, readyToPay,
    purchase, amountKnown,
  };
}
