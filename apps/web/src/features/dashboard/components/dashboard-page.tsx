import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@cc/domain/account';
import { useAccount } from '../../../lib/api/get-account.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime, fromChinaTime } from '../../../lib/datetime.ts';
import { ApiError } from '../../../lib/http.ts';
import { dashboardQuery, useDashboard } from '../api/get-dashboard.ts';
import { useFirstAnswers } from '../../../lib/api/first-answers.ts';
import { useHomeT } from '../i18n.ts';
import { ActionCards } from './action-cards.tsx';
import { RenewalCalendar } from './renewal-calendar.tsx';
import { SpendingCard } from './spending-card.tsx';

const quickLinks = [
  { to: '/ssl/certificates', key: 'route.buySsl', icon: <SafetyCertificateOutlined /> },
  { to: '/orders/list', key: 'route.orders.list', icon: <ProfileOutlined /> },
  { to: '/deposit', key: 'dashboard.topUp', icon: <WalletOutlined /> },
  { to: '/domain/search', key: 'route.domain.search', icon: <GlobalOutlined /> },
  { to: '/certhub/tools/gen-csr', key: 'route.tools.gen-csr', icon: <ToolOutlined /> },
  { to: '/account/secure', key: 'route.account.secure', icon: <LockOutlined /> },
] as const;

/** The console's home: what needs action, the renewal calendar, spending, balance, last sign-in, quick links. */
export default function DashboardPage() {
  // What needs action is in before the page renders: once, not first as placeholders and again for the answer.
  useFirstAnswers([dashboardQuery]);
  const { t } = useTranslation();
  const site = useSiteConfig();
  const money = useMoney();
  const { data, error, isPending } = useAccount();
  const home = useDashboard();
  const h = useHomeT();
  const info = data?.accountInfo;
  const name = info ? maskContact(info.email || info.telephone || info.accountNo) : '';

  return (
    <div data-testid="dashboard-page">
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="greeting">
        {info ? t('dashboard.greeting', { name }) : t('route.dashboard')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro', { site: site.siteName })}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error instanceof ApiError ? error.msg : t('http.disconnected')} style={{ marginBottom: 16 }} /> : null}
      {home.error instanceof ApiError ? <Alert type="error" showIcon title={home.error.msg} style={{ marginBottom: 16 }} /> : null}
      {/* The level after the greeting's (heading order), at the size of a section label. */}
      <Typography.Title level={4} style={{ marginTop: 0, fontSize: 16 }}>
        {h.t('todo')}
      </Typography.Title>
      <ActionCards data={home.data} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <RenewalCalendar entries={home.data?.calendar} />
        </Col>
        <Col xs={24} xl={8}>
          <SpendingCard spending={home.data?.spending} />
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={12} xl={8}>
          <Card style={{ height: '100%' }}>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <>
                <Statistic title={t('dashboard.balance')} value={money(info?.balance)} data-testid="balance" />
                <Link to="/deposit">
                  <Button type="primary" style={{ marginTop: 12 }}>
                    {t('dashboard.topUp')}
                  </Button>
                </Link>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card title={t('dashboard.lastLogin')} style={{ height: '100%' }}>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : data?.lastLoginTime ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('dashboard.lastLoginIp')}>{data.lastLoginIP || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.lastLoginTime')}>
                  {/* The server gives it in China Standard Time; shown in the user's zone like every other time. */}
                  <span data-testid="last-login-time">{formatDateTime(fromChinaTime(data.lastLoginTime))}</span>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">{t('dashboard.firstLogin')}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={24} xl={8}>
          <Card title={t('dashboard.accountNo')} style={{ height: '100%' }}>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('dashboard.accountNo')}>{info?.accountNo ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.expiredOrders')}>
                  <Link to={home.data?.expired.link ?? '/orders/list?status=1007'} data-testid="expired-orders">
                    {home.data?.expired.count ?? info?.expiredOrdersTotal ?? 0}
                  </Link>
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('dashboard.quickLinks')}>
            <Row gutter={[12, 12]}>
              {quickLinks.map((l) => (
                // Six in a row only on wide screens: beside the 248 px sider, English labels overflow a sixth of 1280.
                <Col key={l.to} xs={12} sm={8} xxl={4}>
                  <Link to={l.to}>
                    <Button block icon={l.icon}>
                      {t(l.key)}
                    </Button>
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
