import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { errorCodes } from '@cc/contracts/errors';
import { isCardProviderWay } from '@cc/contracts/payments';
import { balanceCovers } from '@cc/domain/balance';
import { paymentPollIntervalMs, paymentPollMaxTimes } from '@cc/domain/terms';
import { useAccount } from '../../../lib/api/get-account.ts';
import { ApiError, NetworkError, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { useOrdersByNumbers } from '../api/get-orders.ts';
import { getOrderStatus } from '../api/get-order-status.ts';
import { useOrderProduct } from '../api/get-order-product.ts';
import { usePayWays } from '../api/get-pay-ways.ts';
import { payOrders, type PayResult } from '../api/pay-orders.ts';
import { usePoll, type PollOutcome } from '../hooks/use-poll.ts';
import { usePaymentT } from '../i18n.ts';
import { aimOf, isPayable, paidVerdict, totalDue } from '../lib/due.ts';
import { listenForOutcomes } from '../lib/outcome-channel.ts';
import { openBlankTab, opensNewTab, payKindOf, payWayLabel, sendTab, wantsResultEarly } from '../lib/pay-way.ts';
import { AllOrdersDialog } from './all-orders-dialog.tsx';
import { PayConfirmDialog, type ConfirmState } from './pay-confirm-dialog.tsx';
import { PayNotice } from './pay-notice.tsx';
import type { ResultState } from './qr-box.tsx';
import { useTermText } from './term-text.tsx';

export interface PaymentDialogProps {
  open: boolean;
  orderNos: readonly string[];
  /** The product's name when the caller knows it; otherwise read from the first order. */
  productName?: string;
  /** Forces the aim; by default re-sign orders (5004) pay their price difference. */
  aim?: 'makeOrder' | 'reSign';
  /**
   * The new-certificate page (document 01 §8): a pay call that gets no answer is treated as success and the
   * payer goes to the order, whose list shows the truth.
   */
  networkLossIsSuccess?: boolean;
  /** "Pay later", the close button, or after paying (then `paid` is true). */
  onClose: (paid: boolean) => void;
}

interface Held {
  payWay: string;
  state: ResultState;
  result: PayResult | null;
}

/**
 * Where the hosted pages send the payer back: our /payment page, which shows the feedback and captures PayPal. It
 * confirms a success on the order's status, so it is told when the order pays its re-sign difference.
 */
const returnPathFor = (orderNos: readonly string[], payWay: string, aim: 'makeOrder' | 'reSign') =>
  `/payment?orderNos=${encodeURIComponent(orderNos.join(','))}&payWay=${encodeURIComponent(payWay)}${aim === 'reSign' ? '&aim=reSign' : ''}`;

/** Document 01 §2 "confirm order and pay". */
export function PaymentDialog({ open, orderNos, productName, aim: aimProp, networkLossIsSuccess, onClose }: PaymentDialogProps) {
  const { t, lang } = usePaymentT();
  const money = useMoney();
  const term = useTermText();
  const router = useRouter();
  const qc = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const orders = useOrdersByNumbers(orderNos, open);
  const ways = usePayWays('order', orderNos.length, open);
  const account = useAccount();
  const product = useOrderProduct(productName ? undefined : orderNos[0], open);

  const list = useMemo(() => orders.data?.allOrders ?? [], [orders.data]);
  const aim = aimProp ?? aimOf(list);
  const due = totalDue(list);
  const notPayable = list.find((o) => !isPayable(o, aim));
  const first = list[0];

  const wayList = useMemo(() => ways.data?.payWays ?? [], [ways.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const payWay = chosen && wayList.some((w) => w.payWay === chosen) ? chosen : (wayList[0]?.payWay ?? 'balance');
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
    void qc.invalidateQueries({ queryKey: ['account'] });
    void qc.invalidateQueries({ queryKey: ['orders'] });
    onClose(true);
    const [only] = orderNos;
    void router.navigate({ href: orderNos.length === 1 && only ? `/ssl/certificate/${encodeURIComponent(only)}` : '/orders/list' });
  }, [qc, onClose, orderNos, router]);

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
        const r = await payOrders(
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
    [aim, productName, product.data?.productName, orderNos, networkLossIsSuccess, finish, payError],
  );

  // QR ways: the code is requested as soon as the way is chosen (and the orders are known to be payable).
  const readyToPay = open && orders.isSuccess && list.length > 0 && !notPayable;
  useEffect(() => {
    if (readyToPay && wantsResultEarly(payWay) && held?.payWay !== payWay) void request(payWay);
  }, [readyToPay, payWay, held?.payWay, request]);

  // An outside payment exists: poll the order until it is paid (every 2 s, 90 times; §4).
  const pending = result?.status === 'pending' ? result : null;
  const check = useCallback(
    async (signal: AbortSignal): Promise<PollOutcome> => {
      const [no] = orderNos;
      if (!no) return 'failed';
      const s = await getOrderStatus(no, signal);
      const v = paidVerdict(s, aim);
      return v === 'paid' ? 'done' : v === 'cancelled' ? 'failed' : 'continue';
    },
    [orderNos, aim],
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

  const confirmState: ConfirmState = poll.state === 'done' ? 'success' : declined || poll.state === 'timeout' || poll.state === 'failed' ? 'fail' : 'pending';

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
        await payOrders({ payWay: 'balance', aim, name: productName ?? product.data?.productName, orderNo: orderNos.join(',') }, { quiet: networkLossIsSuccess });
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

  const waiting = Boolean(pending) && (kind === 'qr' || kind === 'crypto') && poll.state === 'polling' && !declined;
  const balance = account.data?.accountInfo.balance;
  const insufficient = kind === 'balance' && balance !== undefined && !balanceCovers(balance, due);
  const loading = orders.isPending || ways.isPending;
  const name = productName ?? product.data?.productName ?? '';

  const viewAll = () => {
    if (!orders.isSuccess) toast.warning(t('dialog.ordersNotLoaded'));
    else setAllOpen(true);
  };

  const footer = (
    <Flex vertical gap={12}>
      <Flex gap={8} justify="flex-end" wrap>
        {waiting ? (
          <Button type="primary" loading disabled data-testid="pay-waiting">
            {t('dialog.waiting')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void pay()} loading={paying} disabled={!readyToPay || insufficient || loading} data-testid="pay-submit">
            {t('dialog.pay')}
          </Button>
        )}
        <Button onClick={() => onClose(false)} data-testid="pay-later">
          {t('dialog.payLater')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        <LockOutlined /> {t('dialog.secure')}
      </Typography.Text>
    </Flex>
  );

  return (
    <>
      {modalHolder}
      <Modal open={open} title={t('dialog.title')} onCancel={() => onClose(false)} footer={footer} width={920} mask={{ closable: false }} destroyOnHidden>
        <div data-testid="payment-dialog" data-way={payWay}>
          <Row gutter={[24, 16]}>
            <Col xs={24} md={14}>
              <Typography.Text type="secondary">{t('dialog.product')}</Typography.Text>
              <Typography.Title level={5} style={{ marginTop: 4 }} data-testid="pay-product">
                {name || (product.isPending && !productName ? <Skeleton.Input active size="small" /> : '-')}
              </Typography.Title>
              <Divider style={{ margin: '12px 0' }} />
              <Typography.Text type="secondary">{t('dialog.method')}</Typography.Text>
              {ways.isPending ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : wayList.length === 0 ? (
                <Alert type="warning" showIcon title={t('dialog.noWays')} />
              ) : (
                <Radio.Group
                  value={payWay}
                  onChange={(e) => {
                    setChosen(String(e.target.value));
                    setPopupBlocked(false);
                  }}
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0 16px' }}
                  optionType="button"
                  data-testid="pay-ways"
                  options={wayList.map((w) => ({ value: w.payWay, label: <span data-testid={`pay-way-${w.payWay}`}>{payWayLabel(w, lang, (k) => t(`methods.${k}`))}</span> }))}
                />
              )}
              {notPayable ? <Alert type="warning" showIcon title={t('dialog.notPayable', { orderNo: notPayable.orderNo })} style={{ marginBottom: 12 }} /> : null}
              <PayNotice
                payWay={payWay}
                amount={due}
                // Until the orders are in, the amount is unknown: no "deduct 0.00" in the meantime.
                balance={orders.isSuccess ? balance : undefined}
                result={result}
                resultState={current?.state ?? 'idle'}
                onRetry={() => void request(payWay)}
                onOpenPage={() => {
                  const tab = openBlankTab();
                  if (tab) tab.opener = null;
                  void openPage(tab);
                }}
                popupBlocked={popupBlocked}
              />
              {declined && !confirmOpen ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={t('result.declined')}
                  description={t('result.declinedHint')}
                  data-testid="pay-declined"
                  action={
                    <Button size="small" onClick={() => void request(payWay, pendingId)} data-testid="pay-again">
                      {t('confirm.payAgain')}
                    </Button>
                  }
                />
              ) : pending && poll.state === 'timeout' && !confirmOpen ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={t('confirm.fail')}
                  description={t('confirm.failHint')}
                  action={
                    <Button size="small" onClick={poll.restart}>
                      {t('confirm.retry')}
                    </Button>
                  }
                />
              ) : null}
            </Col>
            <Col xs={24} md={10}>
              <Card size="small" title={t('dialog.overview')} data-testid="pay-overview">
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label={t('dialog.term')}>{first ? term(first.validity) : orders.isPending ? '…' : '-'}</Descriptions.Item>
                    <Descriptions.Item label={t('dialog.commonName')}>
                      <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                        {first?.commonName ?? (orders.isPending ? '…' : '-')}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('dialog.orderCount')}>
                      <Flex gap={8}>
                        <span data-testid="pay-count">{orderNos.length}</span>
                        <Typography.Link onClick={viewAll} data-testid="pay-view-all">
                          {t('dialog.viewAll')}
                        </Typography.Link>
                      </Flex>
                    </Descriptions.Item>
                  </Descriptions>
                <Divider style={{ margin: '8px 0' }} />
                <Flex justify="space-between" align="baseline">
                  <Typography.Text>{t('dialog.amountDue')}</Typography.Text>
                  <Typography.Text strong style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} data-testid="pay-amount">
                    {orders.isSuccess ? money(due) : '…'}
                  </Typography.Text>
                </Flex>
              </Card>
            </Col>
          </Row>
        </div>
      </Modal>
      <AllOrdersDialog open={allOpen} orders={list} onClose={() => setAllOpen(false)} />
      <PayConfirmDialog
        open={open && confirmOpen}
        state={confirmState}
        declined={declined}
        onDone={onConfirmDone}
        successTarget={orderNos.length === 1 ? 'order' : 'list'}
        onRetry={
          declined
            ? () => {
                // A new payment for the same way (its QR at once); the pay button opens its page.
                setConfirmOpen(false);
                void request(payWay, pendingId);
              }
            : poll.restart
        }
        onClose={() => setConfirmOpen(false)}
        onReopen={
          result?.webPagePayURL
            ? () => {
                const tab = openBlankTab();
                if (tab) tab.opener = null;
                setPopupBlocked(!sendTab(tab, result.webPagePayURL));
              }
            : undefined
        }
      />
    </>
  );
}
