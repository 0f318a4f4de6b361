import { Suspense, lazy, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Spin from 'antd/es/spin';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { exportBills, exportReconciliation, useMonthly, useTransactions, type Range, type Transactions } from '../api/transactions.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { useBillingT } from '../i18n.ts';

// The charting library comes with this page only.
const ConsumptionChart = lazy(() => import('../components/consumption-chart.tsx'));
type Row = Transactions['data'][number];

/** /account/transaction and /billing/transaction: monthly consumption by product type, the bills, and the CSV exports. */
export default function TransactionsPage() {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const [months, setMonths] = useState(6);
  const [draft, setDraft] = useState<Range>({});
  const [range, setRange] = useState<Range>({});
  const [page, setPage] = useState({ offset: 1, limit: defaultPageSize });
  const monthly = useMonthly(months);
  const bills = useTransactions({ ...range, ...page });
  const typeLabel = (ty: string) => (ty === 'package' ? t('bills.items.package') : t(`productTypes.${ty}`, { defaultValue: ty || '-' }));
  const windowSum = monthly.data?.months.reduce((s, m) => s + m.amount, 0) ?? 0;

  return (
    <div data-testid="transactions-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('bills.title')}
      </Typography.Title>
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={t('bills.monthly')}
        extra={<Segmented<number> value={months} onChange={setMonths} options={[3, 6, 12].map((n) => ({ value: n, label: t('bills.months', { n }) }))} />}
      >
        <ErrorAlert error={monthly.error} />
        <Statistic title={`${t('bills.sum')} · ${t('bills.months', { n: months })}`} value={money(windowSum)} style={{ marginBottom: 8 }} />
        <Suspense fallback={<Spin tip={t('bills.chartLoading')}><div style={{ height: 280 }} /></Spin>}>
          {monthly.data ? <ConsumptionChart data={monthly.data} typeLabel={typeLabel} format={money} /> : <div style={{ height: 280 }} />}
        </Suspense>
      </Card>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <DatePicker.RangePicker
            placeholder={t('common.dateRange', { returnObjects: true }) as [string, string]}
            onChange={(_, s) => setDraft({ startTime: s[0] || undefined, endTime: s[1] || undefined })}
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => {
              setRange(draft);
              setPage((p) => ({ ...p, offset: 1 }));
            }}
          >
            {t('common.search')}
          </Button>
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            <ExportButton label={t('bills.exportBills')} fetchFile={() => exportBills(range)} testId="bills-export" />
            <ExportButton label={t('bills.exportReconciliation')} fetchFile={() => exportReconciliation(range)} testId="reconciliation-export" />
          </Flex>
        </Flex>
      </Card>
      <ErrorAlert error={bills.error} />
      <Card size="small">
        <Table<Row>
          rowKey={(r) => `${r.kind}:${r.ref}:${r.at}`}
          data-testid="bills-table"
          loading={bills.isFetching}
          dataSource={bills.data?.data ?? []}
          scroll={bills.data?.data.length ? { x: 900 } : undefined}
          locale={{ emptyText: t('bills.empty') }}
          columns={[
            { title: t('common.time'), dataIndex: 'at', width: 180, render: (v: string) => formatDateTime(v) },
            { title: t('bills.item'), dataIndex: 'kind', width: 120, render: (v: string) => t(`bills.kinds.${v}`, { defaultValue: v }) },
            { title: t('bills.ref'), dataIndex: 'ref' },
            { title: t('bills.product'), key: 'product', width: 200, render: (_, r) => (lang === 'en' ? r.productNameEn : r.productName) },
            { title: t('bills.productType'), dataIndex: 'productType', width: 120, render: (v: string) => typeLabel(v) },
            { title: t('bills.method'), dataIndex: 'payWay', width: 130, render: (v: number | null) => (v === null ? t('credit.balanceWay') : t(`credit.methods.${v}`)) },
            { title: t('common.amount'), dataIndex: 'amount', width: 130, align: 'right', render: (v: number) => (v < 0 ? `−${money(-v)}` : money(v)) },
          ]}
          pagination={{
            current: page.offset,
            pageSize: page.limit,
            total: bills.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (total) => `${t('common.total', { total })} · ${t('bills.sum')} ${money(bills.data?.sum ?? 0)}`,
            onChange: (offset, limit) => setPage({ offset: limit === page.limit ? offset : 1, limit }),
          }}
        />
      </Card>
    </div>
  );
}
