import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { Link } from '@tanstack/react-router';
import type { DashboardAnswer } from '@cc/contracts/dashboard';
import { useMoney } from '../../../hooks/use-money.ts';
import { useHomeT } from '../i18n.ts';

/** This month's spending against last month's: two bars, each a link to the orders of that month. */
export function SpendingCard({ spending }: { spending: DashboardAnswer['spending'] | undefined }) {
  const { t } = useHomeT();
  const money = useMoney();
  const { token } = theme.useToken();
  const s = spending ?? { thisMonth: 0, lastMonth: 0, thisMonthLink: '/orders/list', lastMonthLink: '/orders/list' };
  const max = Math.max(s.thisMonth, s.lastMonth, 1);
  const pct = s.lastMonth ? Math.round((Math.abs(s.thisMonth - s.lastMonth) / s.lastMonth) * 100) : null;
  const trend = s.thisMonth === s.lastMonth ? t('same') : pct === null ? null : s.thisMonth > s.lastMonth ? t('up', { pct }) : t('down', { pct });
  const bar = (label: string, value: number, to: string, color: string, testId: string) => (
    <div style={{ marginBottom: 10 }}>
      <Flex justify="space-between">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <Link to={to} data-testid={testId}>
          {money(value)}
        </Link>
      </Flex>
      <div style={{ height: 8, borderRadius: 4, background: token.colorFillSecondary, marginTop: 4 }}>
        <div style={{ width: `${(value / max) * 100}%`, height: '100%', borderRadius: 4, background: color }} />
      </div>
    </div>
  );
  return (
    <Card title={t('spending')} style={{ height: '100%' }} data-testid="spending-card">
      {bar(t('thisMonth'), s.thisMonth, s.thisMonthLink, token.colorPrimary, 'spending-this')}
      {bar(t('lastMonth'), s.lastMonth, s.lastMonthLink, token.colorTextQuaternary, 'spending-last')}
      {trend ? <Typography.Text type="secondary">{trend}</Typography.Text> : null}
    </Card>
  );
}
