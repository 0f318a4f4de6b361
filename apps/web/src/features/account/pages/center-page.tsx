import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { maskContact } from '@cc/domain/account';
import { useAccount } from '../../../lib/api/get-account.ts';
import { ApiError } from '../../../lib/http.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useProfileProgress } from '../api/get-profile-progress.ts';
import { useOrderCount } from '../api/get-order-count.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useAccountT } from '../i18n.ts';

/** One line of a card: what, its state, and the link that acts on it. */
function Line({ label, value, action, testId }: { label: string; value: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ padding: '8px 0' }} data-testid={testId}>
      <Typography.Text type="secondary" style={{ minWidth: 96 }}>
        {label}
      </Typography.Text>
      <span style={{ flex: 1 }}>{value}</span>
      {action}
    </Flex>
  );
}

/** /account/center: the account at a glance, each state with the link that acts on it. */
export default function CenterPage() {
  const { t, lang } = useAccountT();
  const account = useAccount();
  const progress = useProfileProgress();
  const counts = useOrderCount();
  const apiKeys = useApiKeys();

  if (account.isPending) return <Skeleton active />;
  if (account.error || !account.data) {
    return <Alert type="error" showIcon title={account.error instanceof ApiError ? account.error.msg : t('translation:http.disconnected')} />;
  }
  const { accountInfo: a, lastLoginIP, lastLoginTime } = account.data;
  const methods = (['tel', 'email', 'google'] as const).filter((m) => (m === 'tel' ? a.telAuth : m === 'email' ? a.emailAuth : a.googleAuth) === 'Y');
  const verification = (v: string) =>
    v === 'approved' ? (
      <Badge status="success" text={t('center.verified')} />
    ) : v === 'declined' ? (
      <Badge status="error" text={t('center.declined')} />
    ) : v === 'pending' ? (
      <Badge status="processing" text={t('center.reviewing')} />
    ) : (
      <Badge status="default" text={t('center.unverified')} />
    );
  const expired = counts.data?.byStatus['1007'] ?? a.expiredOrdersTotal;

  return (
    <div data-testid="account-center-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.center')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('center.balance')} style={{ height: '100%' }}>
            <Row gutter={16}>
              <Col span={12}>
                <Statistic title={t('center.balance')} prefix="¥" value={formatMoney(a.balance, 1, lang)} data-testid="center-balance" />
              </Col>
              <Col span={12}>
                <Statistic title={t('center.toBeInvoiced')} prefix="¥" value={formatMoney(a.toBeInvoicedAmount, 1, lang)} data-testid="center-invoiceable" />
              </Col>
            </Row>
            <Flex gap={16} wrap style={{ marginTop: 16 }}>
              <Link to="/deposit">{t('center.topUp')}</Link>
              <Link to="/account/credit-records">{t('center.creditRecords')}</Link>
              <Link to="/account/invoice">{t('center.invoice')}</Link>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('center.account')} style={{ height: '100%' }}>
            <Line testId="center-account-no" label={t('center.accountNo')} value={a.accountNo} action={<Link to="/account/manage">{t('center.manageAccount')}</Link>} />
            <Line testId="center-email" label={t('center.email')} value={a.email ? maskContact(a.email) : t('center.notBound')} />
            <Line testId="center-telephone" label={t('center.telephone')} value={a.telephone ? `+${a.telPrefix} ${maskContact(a.telephone)}` : t('center.notBound')} />
            <Line
              testId="center-last-login"
              label={t('center.lastLogin')}
              value={lastLoginTime ? t('center.lastLoginAt', { time: lastLoginTime, ip: lastLoginIP || '-' }) : t('center.lastLoginNone')}
              action={<Link to="/account/log">{t('center.viewLog')}</Link>}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('center.security')} style={{ height: '100%' }}>
            <Line
              testId="center-two-step"
              label={t('center.twoStep')}
              value={
                methods.length ? (
                  <Badge status="success" text={t('center.twoStepOn', { methods: methods.map((m) => t(`center.methods.${m}`)).join(lang === 'zh' ? '、' : ', ') })} />
                ) : (
                  <Badge status="warning" text={t('center.twoStepOff')} />
                )
              }
              action={<Link to="/account/secure">{t('center.manageSecurity')}</Link>}
            />
            <Line testId="center-verify-personal" label={t('center.personal')} value={verification(a.authPProgress)} action={<Link to="/account/verify">{t('center.verifyPersonal')}</Link>} />
            <Line testId="center-verify-enterprise" label={t('center.enterprise')} value={verification(a.authEProgress)} action={<Link to="/account/verify">{t('center.verifyEnterprise')}</Link>} />
            <Line
              testId="center-api"
              label={t('center.api')}
              value={
                apiKeys.data?.developer ? (
                  <Badge status="success" text={t('center.apiOn', { count: apiKeys.data.keys.length })} />
                ) : (
                  <Badge status="default" text={t('center.apiOff')} />
                )
              }
              action={<Link to="/account/developer">{apiKeys.data?.developer ? t('center.apiManage') : t('center.apiBecome')}</Link>}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('center.profile')} style={{ height: '100%' }}>
            {progress.data ? (
              <Flex align="center" gap={16} data-testid="center-profile" data-complete={progress.data.complete ? 'Y' : 'N'}>
                <Progress type="circle" size={64} percent={progress.data.percent} status={progress.data.complete ? 'success' : 'normal'} aria-label={t('center.profile')} />
                <Flex vertical gap={4} style={{ flex: 1 }}>
                  <Typography.Text>{progress.data.complete ? t('center.profileComplete') : t('center.profileIncomplete')}</Typography.Text>
                  <Link to="/account/info">{progress.data.complete ? t('center.editProfile') : t('center.completeProfile')}</Link>
                </Flex>
              </Flex>
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
            <Line
              testId="center-expired"
              label={t('center.expiredOrders')}
              value={<Typography.Text strong type={expired ? 'danger' : undefined}>{expired}</Typography.Text>}
              action={<Link to="/orders/list">{t('center.viewOrders')}</Link>}
            />
            <Line
              testId="center-expiring"
              label={t('center.expiringOrders')}
              value={counts.data?.expiring ?? '-'}
              action={<Link to="/orders/expiring">{t('center.viewOrders')}</Link>}
            />
            <Line testId="center-notify" label={t('center.notify')} value={<Typography.Text type="secondary">{t('center.notifyDesc')}</Typography.Text>} action={<Link to="/account/notify">{t('center.manageNotify')}</Link>} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
