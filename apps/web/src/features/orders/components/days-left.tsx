import Typography from 'antd/es/typography';
import { daysLeft } from '../../../lib/datetime.ts';
import { useOrdersT } from '../i18n.ts';

/** Days left before notAfter, counted as the order details count them (lib/datetime: calendar days, user zone). */
export function DaysLeft({ notAfter, expiring }: { notAfter: string | null; expiring: number }) {
  const { t } = useOrdersT();
  const left = daysLeft(notAfter);
  if (left === null) return null;
  return (
    <Typography.Text type={left < 0 ? 'danger' : left <= expiring ? 'warning' : 'secondary'} style={{ fontSize: 12 }} data-testid="days-left">
      {left < 0 ? t('list.expiredAgo') : t('list.daysLeft', { days: left })}
    </Typography.Text>
  );
}
