import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { logKinds, type LogEntry, type LogFilter, type LogKind } from '@cc/contracts/account';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { ApiError } from '../../../lib/http.ts';
import { useLogFilter } from '../../../hooks/use-log-filter.ts';
import { useAccountLogs } from '../api/get-account-logs.ts';
import { exportAccountLogs } from '../api/export-account-logs.ts';
import { useAccountT } from '../i18n.ts';

// The dot carries the colour; the text keeps the body colour (coloured tag text misses 4.5:1).
const kindColor: Record<LogKind, string> = { signin: 'blue', security: 'volcano', account: 'purple', order: 'cyan', payment: 'green' };
type Filter = Partial<LogFilter>;

/** /account/log: the account's own activity (sign-ins with IP and device, security and profile changes, orders, payments). */
export default function LogPage() {
  const { t, msg } = useAccountT();
  const { draft, setDraft, filter, page, setPage, rangeKey, exporting, apply, reset, exportCsv } = useLogFilter<Filter>({
    pageSize: defaultPageSize,
    exportCsv: exportAccountLogs,
    exportedText: t('log.exported'),
    normalize: (f) => ({ ...f, keyword: f.keyword?.trim() || undefined }),
  });
  const logs = useAccountLogs({ ...filter, ...page });

  return (
    <div data-testid="account-log-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.log')}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <Select<LogKind>
            allowClear
            style={{ width: 140 }}
            placeholder={t('log.all')}
            aria-label={t('log.kind')}
            data-testid="log-kind"
            value={draft.kind}
            options={logKinds.map((k) => ({ value: k, label: msg(`log.kind.${k}`) }))}
            onChange={(v: LogKind | undefined) => setDraft({ ...draft, kind: v })}
          />
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('log.keyword')}
            aria-label={t('log.keyword')}
            data-testid="log-keyword"
            value={draft.keyword ?? ''}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onPressEnter={() => apply(draft)}
          />
          <DatePicker.RangePicker
            key={rangeKey}
            placeholder={t('log.dateRange', { returnObjects: true }) as [string, string]}
            data-testid="log-dates"
            onChange={(_, s) => setDraft({ ...draft, startDate: s[0] || undefined, endDate: s[1] || undefined })}
          />
          <Button type="primary" icon={<SearchOutlined />} data-testid="log-search" onClick={() => apply(draft)}>
            {t('log.search')}
          </Button>
          <Button onClick={reset}>{t('log.reset')}</Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="log-export" style={{ marginLeft: 'auto' }}>
            {t('log.export')}
          </Button>
        </Flex>
      </Card>
      {logs.error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={logs.error instanceof ApiError ? logs.error.msg : t('translation:http.disconnected')} /> : null}
      <Card size="small">
        <Table<LogEntry>
          rowKey="id"
          data-testid="log-table"
          loading={logs.isFetching}
          dataSource={logs.data?.data ?? []}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('log.empty') }}
          columns={[
            { title: t('log.time'), dataIndex: 'createdAt', width: 180 },
            { title: t('log.kind'), dataIndex: 'kind', width: 110, render: (k: LogKind) => <Badge color={kindColor[k]} text={msg(`log.kind.${k}`)} /> },
            { title: t('log.action'), dataIndex: 'title' },
            { title: t('log.ip'), dataIndex: 'ip', width: 150, render: (v: string) => v || '-' },
            { title: t('log.device'), dataIndex: 'device', width: 200, render: (v: string) => v || '-' },
          ]}
          pagination={{
            current: page.offset,
            pageSize: page.limit,
            total: logs.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (total) => t('log.total', { total }),
            onChange: (offset, limit) => setPage({ offset: limit === page.limit ? offset : 1, limit }),
          }}
        />
      </Card>
    </div>
  );
}
