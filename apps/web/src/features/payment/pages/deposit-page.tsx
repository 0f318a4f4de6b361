import { useCallback, useEffect, useMemo, useRef, useState, useId } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { depositMax, depositMin } from '@cc/contracts/payments';
import { paymentPollIntervalMs, paymentPollMaxTimes } from '@cc/domain/terms';
import { useAccount } from '../../../lib/api/get-account.ts';
import { ApiError, isAbortError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { capturePaypal } from '../api/capture-paypal.ts';
import { createDeposit } from '../api/create-deposit.ts';
import { getDeposit, type Deposit } from '../api/get-deposit.ts';
import { usePayWays } from '../api/get-pay-ways.ts';
import type { PayResult } from '../api/pay-orders.ts';
import { PayNotice } from '../components/pay-notice.tsx';
import { usePoll, type PollOutcome } from '../hooks/use-poll.ts';
import { usePaymentT } from '../i18n.ts';
import { openBlankTab, opensNewTab, payKindOf, payWayLabel, sendTab } from '../lib/pay-way.ts';
import { useQueryParams } from '../lib/search.ts';

/** Preset amounts, in units of the base currency. */
const presets = [100, 500, 1000, 5000] as const;
const returnUrl = '/deposit';

type Final = Deposit['status'];

/** /deposit: top up the balance by an outside way, follow the payment to its end, refresh the balance. */
export default function DepositPage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t, lang } = usePaymentT();
  const money = useMoney();
  const qc = useQueryClient();
  const router = useRouter();
  const params = useQueryParams();
  const account = useAccount();
  const ways = usePayWays('deposit');
  const wayList = useMemo(() => ways.data?.payWays ?? [], [ways.data]);

  const [amount, setAmount] = useState<number | null>(presets[0]);
  const [chosen, setChosen] = useState<string | null>(null);
  const payWay = chosen && wayList.some((w) => w.payWay === chosen) ? chosen : (wayList[0]?.payWay ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [active, setActive] = useState<{ payWay: string; result: PayResult } | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const [final, setFinal] = useState<Deposit | null>(null);

  // Back from a hosted page: ?paymentStatus=&paymentId= (follow that top-up) or ?token=&PayerID= (PayPal: capture first).
  const returnedId = params.get('paymentId');
  const token = params.get('token');
  const payerId = params.get('PayerID');
  const [capturedId, setCapturedId] = useState<string | null>(null);
  const [captureError, setCaptureError] = useState('');
  const captured = useRef(false);
  useEffect(() => {
    if (!token || !payerId || captured.current) return;
    captured.current = true;
    capturePaypal({ token, PayerID: payerId }).then(
      (a) => setCapturedId(a.paymentId),
      (e: unknown) => setCaptureError(e instanceof ApiError ? e.msg : t('deposit.declined')),
    );
  }, [token, payerId, t]);

  const followId = active?.result.paymentId ?? capturedId ?? returnedId ?? null;
  const check = useCallback(
    async (signal: AbortSignal): Promise<PollOutcome> => {
      if (!followId) return 'failed';
      const d = await getDeposit(followId, signal);
      if (d.status === 'pending') return 'continue';
      setFinal(d);
      return d.status === 'succeeded' ? 'done' : 'failed';
    },
    [followId],
  );
  const poll = usePoll({ key: followId, intervalMs: paymentPollIntervalMs, maxTimes: paymentPollMaxTimes, check });

  useEffect(() => {
    if (poll.state !== 'done') return;
    toast.success(t('deposit.succeeded'));
    void qc.invalidateQueries({ queryKey: ['account'] });
  }, [poll.state, qc, t]);

  const submit = async () => {
    setError('');
    if (!amount || !payWay) {
      setError(t('deposit.amountRequired'));
      return;
    }
    const cents = Math.round(amount * 100);
    // Opened during the click: pop-up blockers stop tabs opened after an await.
    const tab = opensNewTab(payWay) ? openBlankTab() : null;
    if (tab) tab.opener = null;
    setSubmitting(true);
    setFinal(null);
    setPopupBlocked(false);
    try {
      const result = await createDeposit({ amount: cents, payWay, returnUrl });
      if (payKindOf(payWay) === 'leave' && result.webPagePayURL) {
        window.location.assign(result.webPagePayURL);
        return;
      }
      setActive({ payWay, result });
      if (opensNewTab(payWay)) setPopupBlocked(!sendTab(tab, result.webPagePayURL));
      setSubmitting(false);
    } catch (e) {
      tab?.close();
      setSubmitting(false);
      if (!isAbortError(e)) setError(e instanceof ApiError ? e.msg : t('errors.payFailed'));
    }
  };

  const reset = () => {
    setActive(null);
    setFinal(null);
    setPopupBlocked(false);
    setCaptureError('');
    setCapturedId(null);
    // Back from a hosted page: drop its query so that the form shows again.
    if (returnedId || token) void router.navigate({ to: '/deposit', replace: true });
  };

  const balance = account.data?.accountInfo.balance;
  const following = Boolean(followId);
  const finalStatus: Final | null = final?.status ?? null;

  const outcome =
    poll.state === 'done' && final ? (
      <Result
        status="success"
        title={t('deposit.succeeded')}
        subTitle={t('deposit.succeededHint', { amount: money(final.amount) })}
        extra={
          <Button type="primary" onClick={reset} data-testid="deposit-again">
            {t('deposit.again')}
          </Button>
        }
        data-testid="deposit-succeeded"
      />
    ) : poll.state === 'failed' || poll.state === 'timeout' || captureError ? (
      <Result
        status="warning"
        title={finalStatus === 'expired' ? t('deposit.expired') : t('deposit.declined')}
        subTitle={captureError || (poll.state === 'timeout' ? t('confirm.failHint') : undefined)}
        extra={
          <Button type="primary" onClick={reset}>
            {t('deposit.again')}
          </Button>
        }
      />
    ) : null;

  return (
    <Row gutter={[16, 16]} data-testid="deposit-page" data-state={poll.state}>
      <Col xs={24} lg={8}>
        <Card>
          {account.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <div data-testid="deposit-balance" data-cents={balance ?? ''}>
              <Statistic title={t('deposit.balance')} value={money(balance)} />
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('deposit.title')}>
          {outcome ? (
            <div data-testid="deposit-outcome" data-status={poll.state}>
              {outcome}
            </div>
          ) : following && !active ? (
            <Result icon={<Spin size="large" />} title={t('deposit.waiting')} />
          ) : active ? (
            <Flex vertical gap={16} data-testid="deposit-active">
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text>
                  {t('deposit.amount')}: <Typography.Text strong>{money(active.result.amount)}</Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('deposit.orderNo')}: {active.result.paymentId}
                </Typography.Text>
              </Flex>
              <PayNotice
                payWay={active.payWay}
                amount={active.result.amount}
                result={active.result}
                resultState="ready"
                onRetry={() => void submit()}
                onOpenPage={() => {
                  const tab = openBlankTab();
                  if (tab) tab.opener = null;
                  setPopupBlocked(!sendTab(tab, active.result.webPagePayURL));
                }}
                popupBlocked={popupBlocked}
              />
              {opensNewTab(active.payWay) && active.result.webPagePayURL ? (
                <a href={active.result.webPagePayURL} target="_blank" rel="noopener noreferrer" data-testid="deposit-open-page">
                  {t('notice.openPage')}
                </a>
              ) : null}
              <Flex gap={8} align="center">
                <Spin size="small" />
                <Typography.Text type="secondary" data-testid="deposit-waiting">
                  {t('deposit.waiting')}
                </Typography.Text>
              </Flex>
              <div>
                <Button onClick={reset}>{t('confirm.close')}</Button>
              </div>
            </Flex>
          ) : (
            <Form layout="vertical" onFinish={() => void submit()} data-testid="deposit-form">
              <Form.Item label={t('deposit.amount')} htmlFor={`${id}-amount`} extra={t('deposit.amountHelp')} required>
                <Flex vertical gap={8}>
                  <Radio.Group
                    optionType="button"
                    value={presets.includes(amount as (typeof presets)[number]) ? amount : null}
                    onChange={(e) => setAmount(Number(e.target.value))}
                    options={presets.map((p) => ({ value: p, label: <span data-testid={`preset-${p}`}>{p.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN')}</span> }))}
                  />
                  <InputNumber
                    id={`${id}-amount`}
                    value={amount}
                    onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
                    min={depositMin / 100}
                    max={depositMax / 100}
                    precision={2}
                    step={100}
                    suffix={t('deposit.amountUnit')}
                    style={{ width: 240 }}
                    data-testid="deposit-amount"
                  />
                </Flex>
              </Form.Item>
              <Form.Item label={t('deposit.method')} required>
                {ways.isPending ? (
                  <Skeleton active paragraph={{ rows: 1 }} />
                ) : wayList.length === 0 ? (
                  <Alert type="warning" showIcon title={t('deposit.noWays')} />
                ) : (
                  <Radio.Group
                    value={payWay}
                    onChange={(e) => setChosen(String(e.target.value))}
                    optionType="button"
                    style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
                    options={wayList.map((w) => ({ value: w.payWay, label: <span data-testid={`deposit-way-${w.payWay}`}>{payWayLabel(w, lang, (k) => t(`methods.${k}`))}</span> }))}
                  />
                )}
              </Form.Item>
              {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="deposit-error" /> : null}
              <Button type="primary" htmlType="submit" loading={submitting} disabled={!payWay} data-testid="deposit-submit">
                {t('deposit.submit')}
              </Button>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
                <LockOutlined /> {t('dialog.secure')}
              </Typography.Paragraph>
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
