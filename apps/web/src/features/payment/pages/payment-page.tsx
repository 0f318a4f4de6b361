import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { paymentPollIntervalMs, paymentPollMaxTimes } from '@cc/domain/terms';
import { ApiError } from '../../../lib/http.ts';
import { capturePaypal, type CaptureAnswer } from '../api/capture-paypal.ts';
import { getOrderStatus } from '../api/get-order-status.ts';
import { getPayment } from '../api/get-payment.ts';
import { PaymentDialog } from '../components/payment-dialog.tsx';
import { usePoll, type PollOutcome } from '../hooks/use-poll.ts';
import { usePaymentT } from '../i18n.ts';
import { paidVerdict } from '../lib/due.ts';
import { announceOutcome } from '../lib/outcome-channel.ts';
import { splitOrderNos, useQueryParams } from '../lib/search.ts';

type Capture = { state: 'running' } | { state: 'done'; answer: CaptureAnswer } | { state: 'failed'; msg: string };

/**
 * /payment: pays the orders of ?orderNos=a,b in the dialog; and the page the hosted payment pages send the payer back to:
 * ?token=&PayerID= (PayPal: captured here) or ?paymentStatus=succeeded|declined&paymentId= (the other ways).
 *
 * The query is only the provider's word in the address bar (anyone can type it, and the provider's callback may
 * not have reached the server yet): "succeeded" is shown once the order itself is paid, polled like the dialog
 * does (every 2 s, 90 times). A decline is announced to the tab whose dialog is waiting on that payment.
 */
export default function PaymentPage() {
  const { t } = usePaymentT();
  const qc = useQueryClient();
  const params = useQueryParams();
  const orderNos = useMemo(() => splitOrderNos(params.get('orderNos')), [params]);
  const token = params.get('token');
  const payerId = params.get('PayerID');
  const paymentStatus = params.get('paymentStatus');
  const returnedId = params.get('paymentId') ?? '';
  const aim = params.get('aim') === 'reSign' ? 'reSign' : 'makeOrder';
  // A purchase (domain checkout, package) comes back with where to go on: a path on this site only.
  const nextParam = params.get('next') ?? '';
  const next = /^\/(?!\/)[^\s\\]*$/.test(nextParam) ? nextParam : '';
  const [dialogOpen, setDialogOpen] = useState(!token && !paymentStatus && orderNos.length > 0);
  const [capture, setCapture] = useState<Capture | null>(token && payerId ? { state: 'running' } : null);
  const captured = useRef(false);

  useEffect(() => {
    if (!token || !payerId || captured.current) return;
    captured.current = true;
    capturePaypal({ token, PayerID: payerId }).then(
      (answer) => {
        setCapture({ state: 'done', answer });
        if (answer.status !== 'succeeded') announceOutcome({ paymentId: answer.paymentId, status: 'declined' });
        void qc.invalidateQueries({ queryKey: ['account'] });
        void qc.invalidateQueries({ queryKey: ['orders'] });
      },
      (e: unknown) => setCapture({ state: 'failed', msg: e instanceof ApiError ? e.msg : t('result.declinedHint') }),
    );
  }, [token, payerId, qc, t]);

  const [only] = orderNos;

  useEffect(() => {
    if (paymentStatus && paymentStatus !== 'succeeded') announceOutcome({ paymentId: returnedId, status: 'declined' });
  }, [paymentStatus, returnedId]);

  // Back with "succeeded": wait for the order to be paid before saying so.
  const isPurchase = !orderNos.length && Boolean(next) && Boolean(returnedId);
  const confirmable = paymentStatus === 'succeeded' && ((orderNos.length === 1 && Boolean(only)) || isPurchase);
  const check = useCallback(
    async (signal: AbortSignal): Promise<PollOutcome> => {
      if (isPurchase) {
        const p = await getPayment(returnedId, signal);
        return p.status === 'succeeded' ? 'done' : p.status === 'pending' ? 'continue' : 'failed';
      }
      if (!only) return 'failed';
      const v = paidVerdict(await getOrderStatus(only, signal), aim);
      return v === 'paid' ? 'done' : v === 'cancelled' ? 'failed' : 'continue';
    },
    [only, aim, isPurchase, returnedId],
  );
  const confirmation = usePoll({
    key: confirmable ? `${only ?? ''}:${returnedId}` : null,
    intervalMs: paymentPollIntervalMs,
    maxTimes: paymentPollMaxTimes,
    check,
  });
  useEffect(() => {
    if (confirmation.state !== 'done') return;
    void qc.invalidateQueries();
  }, [confirmation.state, qc]);
  const target = capture?.state === 'done' ? capture.answer.orderNos : orderNos;
  const purchaseCaptured = capture?.state === 'done' && capture.answer.purpose !== 'order' && capture.answer.purpose !== 're_sign';
  const goToOrder =
    next && (isPurchase || purchaseCaptured || !target.length) ? (
      <Link key="next" to={next}>
        <Button type="primary" data-testid="result-go-on">
          {t('result.goOn')}
        </Button>
      </Link>
    ) : target.length === 1 && target[0] ? (
      <Link key="order" to="/ssl/certificate/$id" params={{ id: target[0] }}>
        <Button type="primary" data-testid="result-view-order">
          {t('result.viewOrder')}
        </Button>
      </Link>
    ) : (
      <Link key="orders" to="/orders/list">
        <Button type="primary" data-testid="result-view-orders">
          {t('result.viewOrders')}
        </Button>
      </Link>
    );
  const payAgain = orderNos.length ? (
    <Button key="again" onClick={() => setDialogOpen(true)} data-testid="result-pay-again">
      {t('result.payAgain')}
    </Button>
  ) : null;

  let body: React.ReactNode;
  if (capture?.state === 'running') {
    body = <Result icon={<Spin size="large" />} title={t('result.capturing')} />;
  } else if (capture) {
    const ok = capture.state === 'done' && capture.answer.status === 'succeeded';
    body = ok ? (
      <Result status="success" title={t('result.succeeded')} subTitle={t('result.succeededHint')} extra={[goToOrder]} />
    ) : (
      <Result status="warning" title={t('result.declined')} subTitle={capture.state === 'failed' ? capture.msg : t('result.declinedHint')} extra={[payAgain, goToOrder]} />
    );
  } else if (paymentStatus === 'succeeded' && confirmable && confirmation.state === 'timeout') {
    body = (
      <Result
        status="warning"
        title={t('result.unconfirmed')}
        subTitle={t('result.unconfirmedHint')}
        extra={[
          <Button key="check" onClick={confirmation.restart} data-testid="result-check-again">
            {t('confirm.retry')}
          </Button>,
          goToOrder,
        ]}
      />
    );
  } else if (paymentStatus === 'succeeded' && confirmable && confirmation.state !== 'done' && confirmation.state !== 'failed') {
    body = <Result icon={<Spin size="large" />} title={t('result.confirming')} />;
  } else if (paymentStatus === 'succeeded' && confirmation.state !== 'failed') {
    body = <Result status="success" title={t('result.succeeded')} subTitle={t('result.succeededHint')} extra={[goToOrder]} />;
  } else if (paymentStatus) {
    body = <Result status="warning" title={t('result.declined')} subTitle={t('result.declinedHint')} extra={[payAgain, goToOrder]} />;
  } else if (orderNos.length) {
    body = (
      <Result
        status="info"
        title={t('dialog.title')}
        subTitle={orderNos.join(', ')}
        extra={[
          <Button key="pay" type="primary" onClick={() => setDialogOpen(true)} data-testid="open-payment-dialog">
            {t('dialog.pay')}
          </Button>,
          goToOrder,
        ]}
      />
    );
  } else {
    body = (
      <Result
        status="info"
        title={t('result.noOrders')}
        subTitle={t('result.noOrdersHint')}
        extra={
          <Link to="/orders/list">
            <Button type="primary">{t('result.goOrders')}</Button>
          </Link>
        }
      />
    );
  }

  // What the page shows: the capture's answer, the order's confirmed state, or the provider's word for a decline.
  const shown =
    capture?.state === 'done'
      ? capture.answer.status
      : paymentStatus === 'succeeded' && confirmable
        ? confirmation.state === 'done'
          ? 'succeeded'
          : confirmation.state === 'timeout'
            ? 'unconfirmed'
            : confirmation.state === 'failed'
              ? 'declined'
              : 'confirming'
        : (paymentStatus ?? '');

  return (
    <Card data-testid="payment-page" data-status={shown}>
      {body}
      {orderNos.length ? <PaymentDialog key={only} open={dialogOpen} orderNos={orderNos} onClose={() => setDialogOpen(false)} /> : null}
    </Card>
  );
}
