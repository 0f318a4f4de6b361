import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Link, useParams } from '@tanstack/react-router';
import { dnsRecordTypes, dnsTtlDefault, type DnsRecordType } from '@cc/domain/dns-records';
import type { DnsHistoryEntry, DnsRecord, DnsRecordInputBody } from '@cc/contracts/dns';
import { ApiError } from '../../../lib/http.ts';
import { saveText } from '../../../lib/download.ts';
import { validValues } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useRecords } from '../api/get-records.ts';
import { useHistory } from '../api/get-history.ts';
import { saveRecords } from '../api/save-records.ts';
import { deleteRecords } from '../api/delete-records.ts';
import { rollbackZone } from '../api/rollback-zone.ts';
import { importZone } from '../api/import-zone.ts';
import { exportZone } from '../api/export-zone.ts';
import { DiffTable, useZoneChange } from '../components/change-dialog.tsx';
import { useDnsT } from '../i18n.ts';
import { PendingZone } from '../components/pending-zone.tsx';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', wordBreak: 'break-all' as const };

type RecordForm = { host: string; type: DnsRecordType; value: string; ttl: number; prio?: number };

/** Adding or editing one record; the form's errors are the server's, field by field. */
function RecordDialog({ editing, onClose, onSubmit }: { editing: DnsRecord | 'new'; onClose: () => void; onSubmit: (r: DnsRecordInputBody) => Promise<ApiError | null> }) {
  const { t } = useDnsT();
  const [form] = Form.useForm<RecordForm>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) ?? (editing === 'new' ? 'A' : editing.type);
  const initial: RecordForm = editing === 'new' ? { host: '', type: 'A', value: '', ttl: dnsTtlDefault } : { host: editing.host, type: editing.type, value: editing.value, ttl: editing.ttl, prio: editing.prio };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setError('');
    setBusy(true);
    const e = await onSubmit({
      ...(editing === 'new' ? {} : { id: editing.id, disabled: editing.disabled }),
      host: v.host.trim() || '@',
      type: v.type,
      value: v.value,
      ttl: v.ttl,
      ...(v.type === 'MX' || v.type === 'SRV' ? { prio: v.prio ?? 10 } : {}),
    }).finally(() => setBusy(false));
    if (e) setError(e.msg);
    else onClose();
  };
  return (
    <Modal open title={editing === 'new' ? t('records.formAdd') : t('records.formEdit')} onCancel={onClose} onOk={() => void submit()} okText={t('records.next')} cancelText={t('records.cancel')} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'record-next' } as Record<string, string>}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="record-form">
        <Form.Item name="host" label={t('records.host')} extra={t('records.hostHelp')}>
          <Input placeholder="@" data-testid="record-host" />
        </Form.Item>
        <Form.Item name="type" label={t('records.type')}>
          <Select data-testid="record-type" options={dnsRecordTypes.map((x) => ({ value: x, label: x }))} />
        </Form.Item>
        <Form.Item name="value" label={t('records.value')} extra={t(`records.valueHelp.${type}`)}>
          {type === 'TXT' ? <Input.TextArea rows={3} data-testid="record-value" /> : <Input data-testid="record-value" />}
        </Form.Item>
        <Space size={16}>
          <Form.Item name="ttl" label={t('records.ttl')}>
            <InputNumber min={60} max={86400} data-testid="record-ttl" />
          </Form.Item>
          {type === 'MX' || type === 'SRV' ? (
            <Form.Item name="prio" label={t('records.prio')} initialValue={10}>
              <InputNumber min={0} max={65535} data-testid="record-prio" />
            </Form.Item>
          ) : null}
        </Space>
        {error ? <Alert type="error" showIcon title={error} data-testid="record-error" /> : null}
      </Form>
    </Modal>
  );
}

/** Pasting a zone file to merge or replace the records. */
function ImportDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (text: string, mode: 'merge' | 'replace') => Promise<ApiError | null> }) {
  const { t } = useDnsT();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const e = await onSubmit(text, mode).finally(() => setBusy(false));
    if (!e) onClose();
    else setProblems((e.data as { problems?: string[] } | null)?.problems ?? [e.msg]);
  };
  return (
    <Modal open width={720} title={t('records.importTitle')} onCancel={onClose} onOk={() => void submit()} okText={t('records.next')} cancelText={t('records.cancel')} confirmLoading={busy} okButtonProps={{ disabled: !text.trim() }}>
      <Typography.Paragraph type="secondary">{t('records.importHelp')}</Typography.Paragraph>
      <Input.TextArea rows={10} value={text} onChange={(e) => setText(e.target.value)} style={mono} data-testid="import-text" aria-label={t('records.importTitle')} />
      <Radio.Group style={{ marginTop: 12 }} value={mode} onChange={(e) => setMode(e.target.value as 'merge' | 'replace')}>
        <Radio value="merge">{t('records.importMerge')}</Radio>
        <Radio value="replace">{t('records.importReplace')}</Radio>
      </Radio.Group>
      {problems.length ? (
        <Alert style={{ marginTop: 12 }} type="error" showIcon title={t('records.importProblems')} description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{problems.map((p) => <li key={p}>{p}</li>)}</ul>} data-testid="import-problems" />
      ) : null}
    </Modal>
  );
}

function History({ zone, serial, propose }: { zone: string; serial: number; propose: ReturnType<typeof useZoneChange>['propose'] }) {
  const { t } = useDnsT();
  const history = useHistory(zone);
  if (history.isPending) return <Skeleton active />;
  const rows = history.data?.changes ?? [];
  return (
    <Table
      rowKey="id"
      size="small"
      data-testid="dns-history"
      dataSource={rows}
      locale={{ emptyText: t('records.historyEmpty') }}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      expandable={{ expandedRowRender: (c: DnsHistoryEntry) => <DiffTable diff={c.diff} testId={`history-diff-${c.serial}`} />, rowExpandable: (c) => c.diff.length > 0 }}
      columns={[
        { title: t('records.colVersion'), dataIndex: 'serial', width: 120 },
        { title: t('records.colWhen'), dataIndex: 'at', width: 170 },
        { title: t('records.colWho'), dataIndex: 'actor' },
        { title: t('records.colWhat'), key: 'what', render: (_: unknown, c: DnsHistoryEntry) => `${c.title} · ${t('records.changes', { n: c.diff.length })}` },
        {
          title: t('records.colActions'),
          key: 'a',
          render: (_: unknown, c: DnsHistoryEntry) =>
            c.serial === serial ? (
              <Tag>{t('records.current')}</Tag>
            ) : (
              <Button size="small" data-testid={`rollback-${c.serial}`} onClick={() => void propose(serial, (preview) => rollbackZone(zone, { changeId: c.id, baseSerial: serial, preview })).then((e) => e && toast.error(e.msg))}>
                {t('records.rollback')}
              </Button>
            ),
        },
      ]}
    />
  );
}

/** /domain/dns/{domain}: the zone's records, changes previewed as a diff, its history and rollback. */
export default function RecordsPage() {
  const { t } = useDnsT();
  const { domain = '' } = useParams({ strict: false }) as { domain?: string };
  const zone = domain.toLowerCase();
  const records = useRecords(zone);
  const change = useZoneChange(zone);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string>('');
  const [editing, setEditing] = useState<DnsRecord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const data = records.data;
  const serial = data?.zone.serial ?? 0;
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return (data?.records ?? []).filter((r) => (!type || r.type === type) && (!s || r.host.toLowerCase().includes(s) || r.value.toLowerCase().includes(s)));
  }, [data, search, type]);

  if (records.isPending) return <Skeleton active />;
  if (records.error || !data) return <Alert type="error" showIcon title={records.error instanceof ApiError ? records.error.msg : String(records.error ?? '')} data-testid="dns-zone-error" />;

  const inputOf = (r: DnsRecord, over: Partial<DnsRecordInputBody> = {}): DnsRecordInputBody => ({ id: r.id, host: r.host, type: r.type, value: r.value, ttl: r.ttl, prio: r.prio, disabled: r.disabled, ...over });
  const save = (list: DnsRecordInputBody[]) => change.propose(serial, (preview) => saveRecords({ zone, baseSerial: serial, records: list, preview }));
  const remove = (ids: number[]) => change.propose(serial, (preview) => deleteRecords({ zone, baseSerial: serial, ids, preview }));
  const report = (p: Promise<ApiError | null>) => void p.then((e) => e && Modal.error({ title: t('diff.title'), content: e.msg }));

  const recordsTab = (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="record-add">{t('records.add')}</Button>
        <Button onClick={() => setImporting(true)} data-testid="zone-import">{t('records.import')}</Button>
        <Button onClick={() => void exportZone(zone).then((f) => saveText(f.filename, f.text))} data-testid="zone-export">{t('records.export')}</Button>
        <Button danger disabled={!selected.length} onClick={() => report(remove(selected))} data-testid="records-delete-selected">{t('records.deleteSelected', { n: selected.length })}</Button>
        <Input.Search allowClear placeholder={t('records.search')} aria-label={t('records.search')} style={{ width: 240 }} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="records-search" />
        <Select style={{ width: 130 }} value={type} onChange={setType} aria-label={t('records.colType')} options={[{ value: '', label: t('records.allTypes') }, ...dnsRecordTypes.map((x) => ({ value: x, label: x }))]} />
      </Flex>
      <Table
        rowKey="id"
        size="middle"
        data-testid="dns-records"
        dataSource={shown}
        pagination={shown.length > 50 ? { pageSize: 50 } : false}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), getCheckboxProps: (r: DnsRecord) => ({ disabled: r.system, 'aria-label': `${r.host} ${r.type}` }) }}
        columns={[
          { title: t('records.colHost'), dataIndex: 'host', width: 160, render: (h: string) => <span style={mono}>{h}</span> },
          { title: t('records.colType'), dataIndex: 'type', width: 80 },
          { title: t('records.colValue'), dataIndex: 'value', render: (v: string) => <span style={mono}>{v}</span> },
          { title: t('records.colPrio'), dataIndex: 'prio', width: 80, render: (p: number, r: DnsRecord) => (r.type === 'MX' || r.type === 'SRV' ? p : '') },
          { title: t('records.colTtl'), dataIndex: 'ttl', width: 80 },
          {
            title: t('records.colStatus'),
            key: 's',
            width: 90,
            render: (_: unknown, r: DnsRecord) => (r.system ? <Tag>{t('records.system')}</Tag> : r.disabled ? <Tag color="orange">{t('records.paused')}</Tag> : <Tag color="green">{t('records.enabled')}</Tag>),
          },
          {
            title: t('records.colActions'),
            key: 'a',
            width: 200,
            render: (_: unknown, r: DnsRecord) =>
              r.system ? null : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`record-edit-${r.id}`}>{t('records.edit')}</Button>
                  <Button type="link" size="small" onClick={() => report(save([inputOf(r, { disabled: !r.disabled })]))} data-testid={`record-pause-${r.id}`}>
                    {r.disabled ? t('records.resume') : t('records.pause')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => report(remove([r.id]))} data-testid={`record-delete-${r.id}`}>{t('records.delete')}</Button>
                </Space>
              ),
          },
        ]}
      />
    </>
  );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="dns-zone-name">{zone}</Typography.Title>
            <Typography.Text type="secondary" data-testid="dns-zone-serial">
              {t('records.serial', { serial })} · {data.zone.status === 'active' ? t('zones.active') : t('zones.pending')}
            </Typography.Text>
          </Space>
          <Link to="/domain/dns">{t('records.back')}</Link>
        </Flex>
        {data.zone.status === 'pending' ? <div style={{ marginTop: 12 }}><PendingZone zone={data.zone} /></div> : null}
      </Card>
      <Card>
        <Tabs items={[{ key: 'records', label: t('records.tabRecords'), children: recordsTab }, { key: 'history', label: t('records.tabHistory'), children: <History zone={zone} serial={serial} propose={change.propose} /> }]} />
      </Card>
      {editing ? <RecordDialog editing={editing} onClose={() => setEditing(null)} onSubmit={(r) => save([r])} /> : null}
      {importing ? (
        <ImportDialog onClose={() => setImporting(false)} onSubmit={(text, mode) => change.propose(serial, (preview) => importZone(zone, { text, mode, baseSerial: serial, preview }))} />
      ) : null}
      {change.dialog}
    </Flex>
  );
}
