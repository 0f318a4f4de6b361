import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import theme from 'antd/es/theme';
import type { Monthly } from '../api/transactions.ts';

/** Product types, each its own colour (the primary first); more types cycle. */
const palette = ['#1652f0', '#13a8a8', '#fa8c16', '#722ed1', '#52c41a', '#eb2f96', '#8c8c8c'];

/**
 * Monthly consumption stacked by product type (recharts, loaded with this page only). Amounts are shown in the
 * display currency by `format`; the bars are in cents.
 */
export default function ConsumptionChart({ data, typeLabel, format }: { data: Monthly; typeLabel: (t: string) => string; format: (cents: number) => string }) {
  const { token } = theme.useToken();
  const types = [...new Set(data.byType.map((r) => r.productType))];
  const rows = data.months.map((m) => {
    const row: Record<string, string | number> = { month: m.month };
    for (const ty of types) row[ty] = data.byType.find((r) => r.month === m.month && r.productType === ty)?.amount ?? 0;
    return row;
  });
  return (
    <div style={{ width: '100%', height: 280 }} data-testid="consumption-chart" role="img" aria-label={data.months.map((m) => `${m.month}: ${format(m.amount)}`).join('; ')}>
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis dataKey="month" tick={{ fill: token.colorTextSecondary, fontSize: 12 }} />
          <YAxis tickFormatter={(v: number) => format(v)} width={90} tick={{ fill: token.colorTextSecondary, fontSize: 12 }} />
          <Tooltip
            formatter={(v, name) => [format(Number(v)), typeLabel(String(name))]}
            contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
          />
          <Legend formatter={(v: string) => <span style={{ color: token.colorText }}>{typeLabel(v)}</span>} />
          {types.map((ty, i) => (
            <Bar key={ty} dataKey={ty} stackId="a" fill={palette[i % palette.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
