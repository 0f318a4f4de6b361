import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { formatMoney } from '../../../lib/money.ts';
import { actOnSandboxPayment, getSandboxPayment, type SandboxPayment } from '../api/sandbox-payment.ts';
import { CopyBox } from '../components/copy-box.tsx';
import { usePaymentT } from '../i18n.ts';
import { useQueryParams } from '../lib/search.ts';

const statusColor: Record<SandboxPayment['status'], string> = { pending: 'processing', approved: 'blue', succeeded: 'success', declined: 'error', expired: 'default' };

/**
 * The sandbox gateway's hosted page (/payment/test?id=…, /deposit/test?id=…): stands in for the provider's page.
 * The payer approves or declines; the gateway tells the server by its signed callback, and this page follows redirectUrl.
 */
export function SandboxPage({ page }: { page: 'payment' | 'deposit' }) {
  const { t, lang } = usePaymentT();
  const id = useQueryParams().get('id') ?? '';
  const qc = useQueryClient();
  const query = useQuery({ queryKey: ['sandbox', id], queryFn: () => getSandboxPayment(id), enabled: id !== '', retry: false });
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState('');

  const act = async (action: 'approve' | 'decline') => {
    setBusy(action);
    setError('');
    try {
      const r = await actOnSandboxPayment(id, action);
      window.location.assign(r.redirectUrl);
    } catch (e) {
      setBusy(null);
      setError(e instanceof ApiError ? e.msg : String(e));
      void qc.invalidateQueries({ queryKey: ['sandbox', id] });
    }
  };

  const p = query.data;
  const fmt = (cents: number, currency: string) => `${formatMoney(cents, 1, lang)} ${currency}`;
  let body: React.ReactNode;
  if (!id) body = <Result status="warning" title={t('sandbox.missingId')} />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError || !p) body = <Result status="error" title={query.error instanceof ApiError ? query.error.msg : t('sandbox.missingId')} />;
  else {
    const method = (t(`methods.${p.method}`, { defaultValue: p.method }) as string) || p.method;
    const open = p.status === 'pending';
    body = (
      <Flex vertical gap={16}>
        <Flex vertical align="center" gap={4} style={{ padding: '8px 0 4px' }}>
          <Typography.Text type="secondary">{p.subject}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="sandbox-amount">
            {fmt(p.amount, p.currency)}
          </Typography.Title>
          <Tag color={statusColor[p.status]} data-testid="sandbox-status" data-status={p.status}>
            {t(`sandbox.statuses.${p.status}`)}
          </Tag>
        </Flex>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('sandbox.method')}>
            <span data-testid="sandbox-method">{method}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('sandbox.subject')}>{p.subject}</Descriptions.Item>
          {p.coinAmount !== null ? <Descriptions.Item label={t('sandbox.coinAmount')}>{fmt(p.coinAmount, p.method.toUpperCase())}</Descriptions.Item> : null}
          <Descriptions.Item label={t('sandbox.expiresAt')}><span data-testid="sandbox-expires">{formatDateTime(p.expiresAt)}</span></Descriptions.Item>
        </Descriptions>
        {p.address ? (
          <div>
            <Typography.Text type="secondary">{t('sandbox.address')}</Typography.Text>
            <CopyBox value={p.address} testId="sandbox-address" />
          </div>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {open ? (
          <Flex gap={12} justify="center">
            <Button type="primary" size="large" loading={busy === 'approve'} disabled={busy !== null} onClick={() => void act('approve')} data-testid="sandbox-approve">
              {t('sandbox.approve')}
            </Button>
            <Button danger size="large" loading={busy === 'decline'} disabled={busy !== null} onClick={() => void act('decline')} data-testid="sandbox-decline">
              {t('sandbox.decline')}
            </Button>
          </Flex>
        ) : p.returnUrl ? (
          <Flex justify="center">
            <Button href={p.returnUrl}>{t('sandbox.back')}</Button>
          </Flex>
        ) : null}
      </Flex>
    );
  }
  return (
    <Flex justify="center" style={{ padding: '24px 0' }}>
      <Card
        style={{ width: '100%', maxWidth: 520 }}
        data-testid="sandbox-page"
        title={
          <Flex gap={8} align="center">
            <ExperimentOutlined style={{ color: 'var(--ant-color-primary)' }} />
            {page === 'deposit' ? t('sandbox.depositTitle') : t('sandbox.title')}
          </Flex>
        }
      >
        <Alert type="info" showIcon title={t('sandbox.banner')} style={{ marginBottom: 16 }} />
        {body}
      </Card>
    </Flex>
  );
}
