import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Progress from 'antd/es/progress';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQueryClient } from '@tanstack/react-query';
import { dnsBatchActions, type DnsBatchAnswer, type DnsDiff, type DnsRecordInputBody } from '@cc/contracts/dns';
import { dnsBatchZoneLimit, dnsRecordTypes, dnsTtlDefault, type DnsRecordType } from '@cc/domain/dns-records';
import { splitDomainList } from '@cc/domain/domain-names';
import { ApiError } from '../../../lib/http.ts';
import { useZones } from '../api/get-zones.ts';
import { batchRecords } from '../api/batch-records.ts';
import { DiffTable } from '../components/change-dialog.tsx';
import { useDnsT } from '../i18n.ts';

type Action = (typeof dnsBatchActions)[number];
type Row = { host: string; type: DnsRecordType; value: string; ttl: number; prio: number };
type Result = DnsBatchAnswer['results'][number];

/** Zones per call when applying: small enough that progress moves and each call stays short. */
const applyChunk = 25;

const chunks = <T,>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** /domain/batch/dns: one record set added, replaced or removed across many hosted zones. */
export default function BatchDnsPage() {
  const { t } = useDnsT();
  const zones = useZones();
  const qc = useQueryClient();
  const [zonesText, setZonesText] = useState('');
  const [action, setAction] = useState<Action>('add');
  const [rows, setRows] = useState<Row[]>([{ host: '@', type: 'TXT', value: '', ttl: dnsTtlDefault, prio: 10 }]);
  const [preview, setPreview] = useState<Result[] | null>(null);
  const [results, setResults] = useState<Result[] | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [done, setDone] = useState(0);
  const [error, setError] = useState('');

  const list = [...new Set(splitDomainList(zonesText).map((z) => z.toLowerCase()))];
  const records: DnsRecordInputBody[] = rows.map((r) => ({ host: r.host || '@', type: r.type, value: r.value, ttl: r.ttl, ...(r.type === 'MX' || r.type === 'SRV' ? { prio: r.prio } : {}) }));
  const setRow = (i: number, p: Partial<Row>) => {
    setRows(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
    setPreview(null);
    setResults(null);
  };

  const run = async (mode: 'preview' | 'apply') => {
    setError('');
    if (!list.length) return setError(t('batch.noZones'));
    setBusy(mode);
    setDone(0);
    if (mode === 'preview') setResults(null);
    const out: Result[] = [];
    try {
      const targets = mode === 'apply' ? (preview ?? []).filter((r) => r.ok && r.diff.length).map((r) => r.zone) : list;
      for (const part of chunks(targets, mode === 'apply' ? applyChunk : dnsBatchZoneLimit)) {
        const r = await batchRecords({ zones: part, action, records, preview: mode === 'preview' });
        out.push(...r.results);
        setDone(out.length);
      }
      if (mode === 'preview') setPreview(out);
      else {
        setResults(out);
        setPreview(null);
        await qc.invalidateQueries({ queryKey: ['dns'] });
      }
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
      else throw e;
    } finally {
      setBusy(null);
    }
  };

  const diffRows: { zone: string; d: DnsDiff }[] = (preview ?? []).flatMap((r) => r.diff.map((d) => ({ zone: r.zone, d })));
  const failed = (preview ?? []).filter((r) => !r.ok);
  const toApply = (preview ?? []).filter((r) => r.ok && r.diff.length).length;
  const total = busy === 'apply' ? toApply : list.length;

  return (
    <Flex vertical gap={16}>
      <Card title={t('batch.title')}>
        <Typography.Paragraph>{t('batch.intro')}</Typography.Paragraph>
        <Flex vertical gap={12}>
          <div>
            <Flex justify="space-between" align="end" style={{ marginBottom: 4 }}>
              <Typography.Text strong>{t('batch.zones')}</Typography.Text>
              {/* Until the zones have come (or when there are none) there is nothing to fill in: pressed then, it emptied the box. */}
              <Button size="small" data-testid="batch-all-zones" disabled={!zones.data?.zones.length} onClick={() => { setZonesText((zones.data?.zones ?? []).map((z) => z.name).join('\n')); setPreview(null); }}>
                {t('batch.allMine', { n: zones.data?.zones.length ?? 0 })}
              </Button>
            </Flex>
            <Input.TextArea rows={6} value={zonesText} onChange={(e) => { setZonesText(e.target.value); setPreview(null); }} placeholder={t('batch.zonesPlaceholder')} aria-label={t('batch.zones')} data-testid="batch-zones" />
          </div>
          <div>
            <Typography.Text strong>{t('batch.action')}</Typography.Text>
            <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 4 }} value={action} onChange={(e) => { setAction(e.target.value as Action); setPreview(null); }} data-testid="batch-action">
              {dnsBatchActions.map((a) => <Radio key={a} value={a}>{t(`batch.actions.${a}`)}</Radio>)}
            </Radio.Group>
          </div>
          <div>
            <Typography.Text strong>{t('batch.records')}</Typography.Text>
            {rows.map((r, i) => (
              <Flex key={i} gap={8} wrap style={{ marginTop: 6 }} data-testid={`batch-row-${i}`}>
                <Input style={{ width: 140 }} value={r.host} onChange={(e) => setRow(i, { host: e.target.value })} aria-label={t('records.host')} placeholder="@" data-testid={`batch-host-${i}`} />
                <Select style={{ width: 100 }} value={r.type} onChange={(v) => setRow(i, { type: v })} aria-label={t('records.type')} options={dnsRecordTypes.map((x) => ({ value: x, label: x }))} />
                <Input style={{ flex: 1, minWidth: 200 }} value={r.value} onChange={(e) => setRow(i, { value: e.target.value })} aria-label={t('records.value')} placeholder={t(`records.valueHelp.${r.type}`)} data-testid={`batch-value-${i}`} />
                <InputNumber style={{ width: 110 }} min={60} max={86400} value={r.ttl} onChange={(v) => setRow(i, { ttl: v ?? dnsTtlDefault })} aria-label={t('records.ttl')} />
                {r.type === 'MX' || r.type === 'SRV' ? <InputNumber style={{ width: 90 }} min={0} max={65535} value={r.prio} onChange={(v) => setRow(i, { prio: v ?? 10 })} aria-label={t('records.prio')} /> : null}
                {rows.length > 1 ? <Button onClick={() => setRows(rows.filter((_, j) => j !== i))}>{t('batch.removeRow')}</Button> : null}
              </Flex>
            ))}
            <Button style={{ marginTop: 8 }} size="small" onClick={() => setRows([...rows, { host: '@', type: 'TXT', value: '', ttl: dnsTtlDefault, prio: 10 }])}>{t('batch.addRow')}</Button>
          </div>
          <Flex gap={8}>
            <Button type="primary" loading={busy === 'preview'} disabled={busy !== null} onClick={() => void run('preview')} data-testid="batch-preview">{t('batch.preview')}</Button>
          </Flex>
          {error ? <Alert type="error" showIcon title={error} data-testid="batch-error" /> : null}
          {busy ? (
            <div data-testid="batch-progress">
              <Typography.Text>{busy === 'preview' ? t('batch.previewing') : t('batch.applying')} {t('batch.progress', { done, total })}</Typography.Text>
              <Progress percent={total ? Math.round((done / total) * 100) : 0} />
            </div>
          ) : null}
        </Flex>
      </Card>
      {preview ? (
        <Card title={t('diff.title')} data-testid="batch-diff">
          {failed.length ? (
            <Alert style={{ marginBottom: 12 }} type="warning" showIcon title={failed.map((f) => `${f.zone}: ${f.msg}`).join('；')} data-testid="batch-preview-failed" />
          ) : null}
          <DiffTable diff={diffRows.map((x) => x.d)} zoneOf={(i) => diffRows[i]?.zone ?? ''} testId="batch-diff-table" />
          <Button style={{ marginTop: 12 }} type="primary" disabled={!toApply || busy !== null} onClick={() => void run('apply')} data-testid="batch-apply">{t('batch.apply', { n: toApply })}</Button>
        </Card>
      ) : null}
      {results ? (
        <Card title={t('batch.result')} data-testid="batch-results">
          <Typography.Paragraph data-testid="batch-summary">{t('batch.summary', { total: results.length, ok: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length })}</Typography.Paragraph>
          <Table
            rowKey="zone"
            size="small"
            dataSource={results}
            pagination={results.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            columns={[
              { title: t('diff.colZone'), dataIndex: 'zone' },
              { title: t('batch.result'), key: 'r', render: (_: unknown, r: Result) => (r.ok ? (r.diff.length ? <Tag color="green">{t('batch.ok')}</Tag> : <Tag>{t('batch.unchanged')}</Tag>) : <Tag color="red">{t('batch.failed')}</Tag>) },
              { title: t('records.colVersion'), dataIndex: 'serial' },
              { title: t('records.colWhat'), key: 'm', render: (_: unknown, r: Result) => r.msg || t('records.changes', { n: r.diff.length }) },
            ]}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
