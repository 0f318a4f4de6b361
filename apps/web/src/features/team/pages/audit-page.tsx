import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { auditObjectTypes, teamListLimit, type AuditEntry } from '@cc/contracts/team';
import { ApiError } from '../../../lib/http.ts';
import { useLogFilter } from '../../../hooks/use-log-filter.ts';
import { useCan } from '../../../lib/api/get-me.ts';
import { useAuditLogs, type AuditFilter } from '../api/get-audit-logs.ts';
import { exportAuditLogs } from '../api/export-audit-logs.ts';
import { useSubAccounts } from '../api/get-sub-accounts.ts';
import { useTeamT } from '../i18n.ts';

type ObjectType = (typeof auditObjectTypes)[number];

/** /account/audit: the team's audit log — who did what, when, from where, on which object; filterable, CSV. */
export default function AuditPage() {
  const { t } = useTeamT();
  const can = useCan();
  const { draft, setDraft, filter, page, setPage, rangeKey, exporting, apply, reset, exportCsv } = useLogFilter<AuditFilter>({
    pageSize: 20,
    exportCsv: exportAuditLogs,
    exportedText: t('audit.exported'),
  });
  const logs = useAuditLogs({ ...filter, ...page });
  // The member list names the people to filter by; only those who manage members may read it.
  const members = useSubAccounts();
  const memberOptions = [{ value: 0, label: t('audit.owner') }, ...(can('members.manage') ? (members.data?.data ?? []) : []).map((m) => ({ value: m.subAccountID, label: m.name }))];

  return (
    <div data-testid="audit-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.audit')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('audit.note')}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <Select<number>
            allowClear
            style={{ width: 180 }}
            placeholder={t('audit.allMembers')}
            aria-label={t('audit.member')}
            data-testid="audit-member"
            value={draft.memberID as number | undefined}
            options={memberOptions}
            onChange={(v: number | undefined) => setDraft({ ...draft, memberID: v })}
          />
          <Select<ObjectType>
            allowClear
            style={{ width: 160 }}
            placeholder={t('audit.allObjects')}
            aria-label={t('audit.objectType')}
            data-testid="audit-object"
            value={draft.objectType as ObjectType | undefined}
            options={auditObjectTypes.map((o) => ({ value: o, label: t(`audit.objects.${o}`) }))}
            onChange={(v: ObjectType | undefined) => setDraft({ ...draft, objectType: v })}
          />
          <DatePicker.RangePicker
            key={rangeKey}
            aria-label={t('audit.range')}
            onChange={(_, s) => setDraft({ ...draft, startDate: s[0] || undefined, endDate: s[1] || undefined })}
          />
          <Button type="primary" icon={<SearchOutlined />} data-testid="audit-search" onClick={() => apply(draft)}>
            {t('audit.search')}
          </Button>
          <Button onClick={reset}>{t('audit.reset')}</Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export" style={{ marginLeft: 'auto' }}>
            {t('audit.export')}
          </Button>
        </Flex>
      </Card>
      {logs.error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={logs.error instanceof ApiError ? logs.error.msg : t('translation:http.disconnected')} /> : null}
      <Card size="small">
        <Table<AuditEntry>
          rowKey="id"
          data-testid="audit-table"
          loading={logs.isFetching}
          dataSource={logs.data?.data ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('audit.empty') }}
          columns={[
            { title: t('audit.time'), dataIndex: 'at', width: 180 },
            { title: t('audit.who'), dataIndex: 'who', width: 140 },
            { title: t('audit.action'), dataIndex: 'text' },
            {
              title: t('audit.object'),
              width: 220,
              render: (_, e) => (e.objectType ? `${t(`audit.objects.${e.objectType}`, { defaultValue: e.objectType })} ${e.objectID}` : '—'),
            },
            { title: t('audit.ip'), dataIndex: 'ip', width: 150, render: (v: string) => v || '—' },
          ]}
          pagination={{
            current: page.offset,
            pageSize: page.limit,
            total: logs.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: ['10', '20', '50', String(teamListLimit)],
            showTotal: (total) => t('audit.total', { total }),
            onChange: (offset, limit) => setPage({ offset: limit === page.limit ? offset : 1, limit }),
          }}
        />
      </Card>
    </div>
  );
}
