import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { Link } from '@tanstack/react-router';
import { calendarDays } from '@cc/domain/dashboard';
import type { CalendarEntry } from '@cc/contracts/dashboard';
import { daysLeft, formatDate } from '../../../lib/datetime.ts';
import { useIsDark } from '../../../lib/prefs.ts';
import { useHomeT } from '../i18n.ts';

const kindColor: Record<string, string> = { certificate: 'volcano', validation: 'geekblue', domain: 'purple' };

/** One calendar of what lapses (certificates, domain validations, …), grouped by month, soonest first. */
export function RenewalCalendar({ entries }: { entries: CalendarEntry[] | undefined }) {
  const { t, lang } = useHomeT();
  const { token } = theme.useToken();
  const dark = useIsDark();
  // antd's warning gold reads at under 2:1 on white: darker shades on light surfaces, lighter ones on dark (4.5:1 or more).
  const urgent = (left: number) => (left <= 7 ? (dark ? '#ff7875' : '#cf1322') : dark ? '#ffc53d' : '#ad4e00');
  const months = new Map<string, CalendarEntry[]>();
  for (const e of entries ?? []) {
    const d = new Date(e.date);
    const key = d.toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en-GB', { year: 'numeric', month: 'long' });
    months.set(key, [...(months.get(key) ?? []), e]);
  }
  return (
    <Card title={t('calendar')} style={{ height: '100%' }} data-testid="renewal-calendar">
      {/* Under the title, not beside it: beside it, the long hint squeezed the title out of a phone-wide card. */}
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }} data-testid="calendar-hint">
        {t('calendarHint', { days: calendarDays })}
      </Typography.Paragraph>
      {!entries ? null : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calendarEmpty', { days: calendarDays })} />
      ) : (
        [...months].map(([month, list]) => (
          <section key={month} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{month}</Typography.Text>
            <ul style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
              {list.map((e) => {
                const left = daysLeft(e.date) ?? 0;
                return (
                  <li key={`${e.kind}:${e.ref}:${e.date}`} style={{ padding: '6px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }} data-testid="calendar-entry">
                    <Flex gap={8} align="center" wrap>
                      <Typography.Text style={{ width: 92, flex: 'none' }}>{formatDate(e.date)}</Typography.Text>
                      <Tag color={kindColor[e.kind] ?? 'default'}>{t(`kind.${e.kind}`, { defaultValue: e.kind })}</Tag>
                      <Link to={e.link} style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
                        {e.name}
                      </Link>
                      {e.auto ? <Tag color="green">{t('auto')}</Tag> : null}
                      <Typography.Text type={left > 30 ? 'secondary' : undefined} strong={left <= 30} style={left <= 30 ? { color: urgent(left) } : undefined}>
                        {left <= 0 ? t('today') : t('daysLeft', { days: left })}
                      </Typography.Text>
                    </Flex>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </Card>
  );
}
