import { useState } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Link } from '@tanstack/react-router';
import { ledgerKinds } from '@cc/contracts/payments';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { exportCreditRecords, useCreditRecords, type CreditFilter, type CreditRecords, type LedgerKind } from '../api/credit-records.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { WithdrawCard } from '../components/withdraw-card.tsx';
import { useBillingT } from '../i18n.ts';

type Row = CreditRecords['data'][number];

/** /account/credit-records: every balance change (ledger entry) with filters and CSV export, and withdrawals. */
export default function CreditRecordsPage() {
  const { t, msg } = useBillingT();
  const money = useMoney();
  const [draft, setDraft] = useState<CreditFilter>({});
  const [filter, setFilter] = useState<CreditFilter>({});
  const [page, setPage] = useState({ offset: 1, limit: defaultPageSize });
  const [rangeKey, setRangeKey] = useState(0);
  const records = useCreditRecords({ ...filter, ...page });
  const apply = (f: CreditFilter) => {
    setFilter(f);
    setPage((p) => ({ ...p, offset: 1 }));
  };

  return (
    <div data-testid="credit-records-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('credit.title')}
      </Typography.Title>
      <WithdrawCard />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <Select<LedgerKind>
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.all')}
            aria-label={t('credit.kind')}
            data-testid="credit-kind"
            value={draft.kind}
            options={ledgerKinds.map((k) => ({ value: k, label: msg(`bill.kind.${k}`) }))}
            onChange={(v: LedgerKind | undefined) => setDraft({ ...draft, kind: v })}
          />
          <DatePicker.RangePicker
            key={rangeKey}
            placeholder={t('common.dateRange', { returnObjects: true }) as [string, string]}
            onChange={(_, s) => setDraft({ ...draft, startTime: s[0] || undefined, endTime: s[1] || undefined })}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => apply(draft)} data-testid="credit-search">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setRangeKey((k) => k + 1);
              apply({});
            }}
          >
            {t('common.reset')}
          </Button>
          <Flex gap={12} align="center" style={{ marginLeft: 'auto' }}>
            <Link to="/deposit">{t('credit.topUp')}</Link>
            <ExportButton label={t('common.exportCsv')} fetchFile={() => exportCreditRecords(filter)} testId="credit-export" />
          </Flex>
        </Flex>
      </Card>
      <ErrorAlert error={records.error} />
      <Card size="small">
        <Table<Row>
          rowKey="id"
          data-testid="credit-table"
          loading={records.isFetching}
          dataSource={records.data?.data ?? []}
          scroll={records.data?.data.length ? { x: 900 } : undefined}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('common.time'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
            { title: t('credit.kind'), dataIndex: 'kind', width: 130, render: (k: LedgerKind) => <Badge color={k === 'top_up' || k === 'refund' || k === 'withdrawal_return' ? 'green' : k === 'withdrawal' ? 'orange' : 'blue'} text={msg(`bill.kind.${k}`)} /> },
            {
              title: t('credit.amount'),
              dataIndex: 'amount',
              width: 140,
              align: 'right',
              render: (v: number) => <Typography.Text strong={v > 0}>{`${v > 0 ? '+' : '−'}${money(Math.abs(v))}`}</Typography.Text>,
            },
            { title: t('credit.balanceAfter'), dataIndex: 'balanceAfter', width: 140, align: 'right', render: (v: number) => money(v) },
            { title: t('credit.ref'), dataIndex: 'ref', render: (v: string) => <Typography.Text copyable={{ text: v }} style={{ fontSize: 12 }}>{v}</Typography.Text> },
            {
              title: t('credit.method'),
              dataIndex: 'payWay',
              width: 130,
              render: (v: number | null) => (v === null ? t('credit.balanceWay') : t(`credit.methods.${v}`)),
            },
          ]}
          pagination={{
            current: page.offset,
            pageSize: page.limit,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (total) => t('common.total', { total }),
            onChange: (offset, limit) => setPage({ offset: limit === page.limit ? offset : 1, limit }),
          }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('credit.sumNote')}
        </Typography.Text>
      </Card>
    </div>
  );
}
