import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { batchPollIntervalMs, maxBatchOrders } from '@cc/domain/terms';
import { useAccount } from '../../../lib/api/get-account.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { startBatchPay } from '../api/batch-pay.ts';
import { batchQueuesQuery, useBatchQueues } from '../api/get-batch-queues.ts';
import { getBatchStatus, type BatchStatus } from '../api/get-batch-status.ts';
import { usePoll, type PollOutcome } from '../hooks/use-poll.ts';
import { usePaymentT } from '../i18n.ts';
import { splitOrderNos, useQueryParams } from '../lib/search.ts';

type FailOrder = BatchStatus['failOrders'][number];

/**
 * /payment/batch: pays many orders from the balance through the server's queue (document 01 §4): start, poll the
 * queue every 5 s until it ends (total = success + fail), then the closing toast with the totals.
 */
export default function BatchPaymentPage() {
  const { t } = usePaymentT();
  const money = useMoney();
  const qc = useQueryClient();
  const params = useQueryParams();
  const account = useAccount();
  const queues = useBatchQueues();
  const [text, setText] = useState(() => splitOrderNos(params.get('orderNos')).join('\n'));
  const [queueId, setQueueId] = useState<string | null>(params.get('queueId'));
  const [status, setStatus] = useState<BatchStatus | null>(null);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const announced = useRef<string | null>(null);
  const orderNos = useMemo(() => splitOrderNos(text), [text]);

  const check = useCallback(
    async (signal: AbortSignal): Promise<PollOutcome> => {
      if (!queueId) return 'failed';
      const s = await getBatchStatus(queueId, signal);
      setStatus(s);
      return s.status === 'end' ? 'done' : 'continue';
    },
    [queueId],
  );
  const poll = usePoll({ key: queueId, intervalMs: batchPollIntervalMs, maxTimes: Number.POSITIVE_INFINITY, check });

  // The closing toast, once per queue, and only for a queue watched from this page (not one that had long ended).
  useEffect(() => {
    if (poll.state !== 'done' || !status || announced.current === status.queueId) return;
    announced.current = status.queueId;
    // A batch may end long after it was started: its totals stay until read and closed.
    toast.notice(status.failCount ? 'warning' : 'success', t('batch.doneTitle'), t('batch.doneBody', { total: status.total, success: status.successCount, fail: status.failCount }), {
      sticky: true,
    });
    void qc.invalidateQueries({ queryKey: ['account'] });
    void qc.invalidateQueries({ queryKey: ['orders'] });
  }, [poll.state, status, qc, t]);

  const start = async () => {
    setError('');
    if (!orderNos.length) return setError(t('batch.orderNosRequired'));
    if (orderNos.length > maxBatchOrders) return setError(t('batch.tooMany'));
    setStarting(true);
    try {
      const r = await startBatchPay(orderNos);
      setStatus(null);
      setQueueId(r.queueId);
      void qc.invalidateQueries({ queryKey: batchQueuesQuery.queryKey });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('errors.payFailed'));
    } finally {
      setStarting(false);
    }
  };

  const done = status ? status.successCount + status.failCount : 0;
  const percent = status?.total ? Math.floor((done * 100) / status.total) : 0;
  const statusText = status ? t(status.status === 'end' ? 'batch.statusEnd' : status.status === 'pending' ? 'batch.statusPending' : 'batch.statusReady') : '';

  return (
    <Row gutter={[16, 16]} data-testid="batch-payment-page">
      <Col xs={24} lg={10}>
        <Card title={t('batch.title')}>
          <Typography.Paragraph type="secondary">{t('batch.intro')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('batch.balance')}: <Typography.Text strong data-testid="batch-balance">{money(account.data?.accountInfo.balance)}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Text>{t('batch.orderNos')}</Typography.Text>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 7, maxRows: 14 }}
            placeholder={t('batch.orderNosPlaceholder')}
            style={{ margin: '8px 0 4px', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            data-testid="batch-order-nos"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {orderNos.length} / {maxBatchOrders}
          </Typography.Text>
          {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="batch-error" /> : null}
          <Flex gap={8} style={{ marginTop: 16 }}>
            <Button type="primary" onClick={() => void start()} loading={starting} disabled={poll.state === 'polling'} data-testid="batch-start">
              {t('batch.start')}
            </Button>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          title={t('batch.queue')}
          extra={
            queues.data?.queueIds.length ? (
              <Select
                size="small"
                style={{ width: 260 }}
                placeholder={t('batch.recent')}
                value={queueId ?? undefined}
                onChange={(v: string) => {
                  setStatus(null);
                  announced.current = v;
                  setQueueId(v);
                }}
                options={queues.data.queueIds.map((q) => ({ value: q, label: q }))}
              />
            ) : null
          }
        >
          {status ? (
            <Flex vertical gap={16} data-testid="batch-status" data-status={status.status} data-success={status.successCount} data-fail={status.failCount}>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text type="secondary" copyable={{ text: status.queueId }}>
                  {status.queueId}
                </Typography.Text>
                <Tag color={status.status === 'end' ? 'success' : 'processing'}>{statusText}</Tag>
              </Flex>
              <Progress percent={percent} status={status.status === 'end' ? (status.failCount ? 'exception' : 'success') : 'active'} />
              <Row gutter={16}>
                <Col span={6}>
                  <Statistic title={t('batch.total')} value={status.total} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('batch.pending')} value={status.pendingCount} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('batch.success')} value={status.successCount} styles={{ content: { color: 'var(--ant-color-success)' } }} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('batch.fail')} value={status.failCount} styles={{ content: { color: status.failCount ? 'var(--ant-color-error)' : undefined } }} />
                </Col>
              </Row>
              {status.failOrders.length ? (
                <Table<FailOrder>
                  size="small"
                  rowKey="orderNo"
                  title={() => t('batch.failOrders')}
                  dataSource={status.failOrders}
                  pagination={status.failOrders.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  columns={[
                    { title: t('batch.orderNos'), dataIndex: 'orderNo' },
                    { title: t('batch.reason'), dataIndex: 'reason' },
                  ]}
                  data-testid="batch-fail-orders"
                />
              ) : null}
              {status.status === 'end' ? (
                <Link to="/orders/list">
                  <Button>{t('batch.goOrders')}</Button>
                </Link>
              ) : null}
            </Flex>
          ) : queueId ? (
            <Progress percent={0} status="active" />
          ) : (
            <Typography.Text type="secondary">{t('batch.intro')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
