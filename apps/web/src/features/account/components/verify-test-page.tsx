import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { ApiError } from '../../../lib/http.ts';
import { formatMoney } from '../../../lib/money.ts';
import { decideSandboxReview, getSandboxReview, type SandboxReview } from '../api/verification-sandbox.ts';
import { useVerifyT } from '../verify-i18n.ts';

const statusBadge: Record<SandboxReview['status'], 'processing' | 'success' | 'error'> = { pending: 'processing', approved: 'success', declined: 'error' };

/**
 * /verify/test?id=…: the sandbox verifier's review page, standing in for the provider's reviewer console (as
 * /payment/test stands in for a payment provider's page). Approve or decline; the verifier tells the server by
 * its signed callback.
 */
export default function VerifyTestPage() {
  const { t, lang } = useVerifyT();
  const search: { id?: string } = useSearch({ strict: false });
  const id = search.id ?? '';
  const qc = useQueryClient();
  const query = useQuery({ queryKey: ['sandboxReview', id], queryFn: () => getSandboxReview(id), enabled: id !== '', retry: false });
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const act = async (action: 'approve' | 'decline') => {
    setBusy(action);
    setError('');
    try {
      await decideSandboxReview(id, action, action === 'decline' ? reason : '');
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(null);
      void qc.invalidateQueries({ queryKey: ['sandboxReview', id] });
    }
  };

  const r = query.data;
  let body: React.ReactNode;
  if (!id) body = <Result status="warning" title={t('sandbox.missingId')} />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError || !r) body = <Result status="error" title={query.error instanceof ApiError ? query.error.msg : t('sandbox.missingId')} />;
  else {
    const open = r.status === 'pending';
    const needsDeposit = r.kind === 'enterprise' && !r.depositConfirmed;
    body = (
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" justify="center">
          <Typography.Text strong>{t(`sandbox.kind.${r.kind}`)}</Typography.Text>
          <span data-testid="review-status" data-status={r.status}>
            <Badge status={statusBadge[r.status]} text={t(`sandbox.statuses.${r.status}`)} />
          </span>
        </Flex>
        <Descriptions column={1} size="small" bordered>
          {Object.entries(r.subject).map(([k, v]) => (
            <Descriptions.Item key={k} label={t(`sandbox.fields.${k}`, { defaultValue: k })}>
              {v}
            </Descriptions.Item>
          ))}
        </Descriptions>
        {r.depositCents !== null ? (
          <Alert
            type={r.depositConfirmed ? 'success' : 'info'}
            showIcon
            title={
              <span>
                {t('sandbox.statement')} <strong data-testid="review-deposit" data-cents={r.depositCents}>￥{formatMoney(r.depositCents, 1, lang)}</strong>
              </span>
            }
            description={r.depositConfirmed ? t('sandbox.depositConfirmed') : t('sandbox.depositWaiting')}
          />
        ) : null}
        {r.reason ? <Alert type="error" showIcon title={r.reason} /> : null}
        {error ? <Alert type="error" showIcon title={error} data-testid="review-error" /> : null}
        {open ? (
          <>
            <Input.TextArea rows={2} maxLength={200} placeholder={t('sandbox.reason')} aria-label={t('sandbox.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Flex gap={12} justify="center">
              <Button type="primary" size="large" loading={busy === 'approve'} disabled={busy !== null || needsDeposit} onClick={() => void act('approve')} data-testid="review-approve">
                {t('sandbox.approve')}
              </Button>
              <Button danger size="large" loading={busy === 'decline'} disabled={busy !== null} onClick={() => void act('decline')} data-testid="review-decline">
                {t('sandbox.decline')}
              </Button>
            </Flex>
          </>
        ) : (
          <Flex justify="center">
            <Link to="/account/verify" data-testid="review-back">{t('sandbox.back')}</Link>
          </Flex>
        )}
      </Flex>
    );
  }
  return (
    <Flex justify="center" style={{ padding: '24px 0' }}>
      <Card
        style={{ width: '100%', maxWidth: 560 }}
        data-testid="review-page"
        title={
          <Flex gap={8} align="center">
            <ExperimentOutlined style={{ color: 'var(--ant-color-primary)' }} />
            {t('sandbox.title')}
          </Flex>
        }
      >
        <Alert type="info" showIcon title={t('sandbox.banner')} style={{ marginBottom: 16 }} />
        {body}
      </Card>
    </Flex>
  );
}
