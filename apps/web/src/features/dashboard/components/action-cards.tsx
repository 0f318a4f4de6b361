import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { Link } from '@tanstack/react-router';
import type { DashboardAnswer } from '@cc/contracts/dashboard';
import { useMoney } from '../../../hooks/use-money.ts';
import { useHomeT } from '../i18n.ts';

/** A figure that is a link to the list behind it. */
function Figure({ to, value, testId, tone }: { to: string; value: number; testId: string; tone: 'warning' | 'error' | 'primary' | 'muted' }) {
  const { token } = theme.useToken();
  const color = value === 0 ? token.colorTextTertiary : tone === 'error' ? token.colorErrorText : tone === 'warning' ? token.colorWarningText : token.colorPrimaryText;
  return (
    <Link to={to} data-testid={testId} style={{ fontSize: 30, fontWeight: 600, color, lineHeight: 1.2 }}>
      {value}
    </Link>
  );
}

/** The four things that may need the customer: unpaid orders, names to validate, certificates ending, failed renewals. */
export function ActionCards({ data }: { data: DashboardAnswer | undefined }) {
  const { t } = useHomeT();
  const money = useMoney();
  if (!data) {
    return (
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={24} sm={12} xl={6}>
            <Card>
              <Skeleton active paragraph={{ rows: 1 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  const method = (m: string) => (['dns', 'dns_txt', 'file', 'email', 'email_dns'].includes(m) ? t(`method.${m}`) : m);
  return (
    <Row gutter={[16, 16]} data-testid="action-cards">
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title={t('awaitingPayment')} style={{ height: '100%' }}>
          <Figure to={data.awaitingPayment.link} value={data.awaitingPayment.count} testId="todo-unpaid" tone="warning" />
          {data.awaitingPayment.count ? <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>{t('awaitingPaymentAmount', { amount: money(data.awaitingPayment.amount) })}</Typography.Paragraph> : null}
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title={t('awaitingValidation')} style={{ height: '100%' }} data-testid="todo-validation-card">
          <Figure to={data.awaitingValidation.link} value={data.awaitingValidation.count} testId="todo-validation" tone="warning" />
          {data.awaitingValidation.orders.length ? (
            <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
              {data.awaitingValidation.orders.map((o) => (
                <li key={o.orderNo} style={{ marginBottom: 6 }}>
                  <Link to={o.link} data-testid="todo-validation-order" title={o.orderNo}>
                    <Typography.Text ellipsis style={{ maxWidth: '100%', color: 'inherit' }}>
                      {o.commonName}
                    </Typography.Text>
                  </Link>
                  <Flex gap={4} wrap style={{ marginTop: 2 }}>
                    {o.methods.map((m) => (
                      <Tag key={m} color="blue" style={{ marginInlineEnd: 0 }}>
                        {method(m)}
                      </Tag>
                    ))}
                    {o.pending ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('pendingNames', { count: o.pending })}</Typography.Text> : null}
                  </Flex>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title={t('expiring')} style={{ height: '100%' }}>
          <Figure to={data.expiring.link} value={data.expiring.count} testId="todo-expiring" tone="error" />
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('expiringHint')}
          </Typography.Paragraph>
          {data.domainsExpiring.count ? (
            <Link to={data.domainsExpiring.link} data-testid="todo-domains-expiring">
              {t('domainsExpiring', { count: data.domainsExpiring.count })}
            </Link>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small" title={t('failedRenewals')} style={{ height: '100%' }}>
          <Figure to={data.failedRenewals.link} value={data.failedRenewals.count} testId="todo-failed" tone="error" />
          {data.failedRenewals.orders.length ? (
            <ul style={{ paddingInlineStart: 18, margin: '8px 0 0' }}>
              {data.failedRenewals.orders.map((o) => (
                <li key={o.orderNo}>
                  <Link to={o.link}>{o.commonName}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('failedHint')}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
    </Row>
  );
}
