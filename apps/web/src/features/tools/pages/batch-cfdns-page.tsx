import { useEffect, useRef, useState, type HTMLAttributes, useId } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import { isAbortError } from '../../../lib/http.ts';
import { RelayError, relayErrorCodes, type CfError } from '../api/cfdns-relay.ts';
import { createCfRecord } from '../api/create-cf-record.ts';
import { findCfZone, type CfZone } from '../api/find-cf-zone.ts';
import { listCfRecords } from '../api/list-cf-records.ts';
import { JsonExportButton } from '../components/json-export-button.tsx';
import { monoStyle } from '../components/output-block.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';
import { fullName, parseRecords, type DnsRecordInput, type LineProblem, type RecordsFormat } from '../lib/cfdns-records.ts';

/** Where the Cloudflare token is kept: this tab's session, or this device when the user asks. Never the server. */
const tokenKey = 'cfdns.token';
const readStoredToken = (): { token: string; remember: boolean } => {
  const kept = localStorage.getItem(tokenKey);
  return kept ? { token: kept, remember: true } : { token: sessionStorage.getItem(tokenKey) ?? '', remember: false };
};

type RowState = 'ready' | 'exists' | 'creating' | 'created' | 'failed';
interface Row {
  key: number;
  record: DnsRecordInput;
  fqdn: string;
  state: RowState;
  error?: CfError;
  id?: string;
}

const stateColors: Record<RowState, string> = { ready: 'blue', exists: 'default', creating: 'processing', created: 'green', failed: 'red' };

export default function BatchCfdnsPage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t } = useToolsT();
  const stored = useRef(readStoredToken());
  const [token, setToken] = useState(stored.current.token);
  const [remember, setRemember] = useState(stored.current.remember);
  const [zoneName, setZoneName] = useState('');
  const [format, setFormat] = useState<RecordsFormat>('csv');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [zone, setZone] = useState<CfZone | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState<'preview' | 'create' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    // Kept in exactly one place: the device when remembered, otherwise this tab only.
    if (remember && token) localStorage.setItem(tokenKey, token);
    else localStorage.removeItem(tokenKey);
    if (!remember && token) sessionStorage.setItem(tokenKey, token);
    else sessionStorage.removeItem(tokenKey);
  }, [token, remember]);
  useEffect(() => () => abort.current?.abort(), []);

  const cfMessage = (e: CfError | undefined): string => {
    if (!e) return t('cfdns.unknownError');
    if (e.code === relayErrorCodes.unreachable) return t('cfdns.relay.unreachable');
    if (e.code === relayErrorCodes.timeout) return t('cfdns.relay.timeout');
    if (e.code === relayErrorCodes.badAnswer) return t('cfdns.relay.badAnswer');
    return `${e.code}: ${e.message}`;
  };
  const failureText = (e: unknown): string =>
    e instanceof RelayError ? (e.kind === 'session' ? t('cfdns.relay.session') : e.kind === 'network' ? t('cfdns.relay.network') : e.message) : String(e);

  const preview = async () => {
    setError(null);
    setZone(null);
    setRows([]);
    const parsed = parseRecords(text, format);
    setProblems(parsed.problems);
    if (!token.trim()) return setError(t('cfdns.needToken'));
    if (!zoneName.trim()) return setError(t('cfdns.needZone'));
    if (parsed.records.length === 0 && parsed.problems.length === 0) return setError(t('cfdns.needRecords'));
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setBusy('preview');
    try {
      const zones = await findCfZone(token.trim(), zoneName.trim().toLowerCase(), ac.signal);
      if (!zones.success) return setError(t('cfdns.cloudflareSaid', { message: zones.errors.map(cfMessage).join('; ') }));
      const z = zones.result?.[0];
      if (!z) return setError(t('cfdns.zoneNotFound', { zone: zoneName.trim() }));
      const existing = await listCfRecords(token.trim(), z.id, ac.signal);
      if (!existing.answer.success) return setError(t('cfdns.cloudflareSaid', { message: existing.answer.errors.map(cfMessage).join('; ') }));
      setZone(z);
      setRows(
        parsed.records.map((record, key) => {
          const fqdn = fullName(record.name, z.name);
          const same = existing.records.find((r) => r.type === record.type && r.name.toLowerCase() === fqdn && r.content === record.content);
          return { key, record, fqdn, state: same ? 'exists' : 'ready', ...(same ? { id: same.id } : {}) };
        }),
      );
    } catch (e) {
      if (!isAbortError(e)) setError(failureText(e));
    } finally {
      if (abort.current === ac) setBusy(null);
    }
  };

  /** Creates the rows in `which` one after another (Cloudflare limits the rate; one at a time keeps under it). */
  const create = async (which: RowState) => {
    if (!zone) return;
    const todo = rows.filter((r) => r.state === which).map((r) => r.key);
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setBusy('create');
    setError(null);
    const patch = (key: number, p: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...p } : r)));
    try {
      for (const key of todo) {
        const row = rows.find((r) => r.key === key)!;
        patch(key, { state: 'creating', error: undefined });
        try {
          const a = await createCfRecord(token.trim(), zone.id, row.record, ac.signal);
          if (a.success && a.result) patch(key, { state: 'created', id: a.result.id, error: undefined });
          else patch(key, { state: 'failed', error: a.errors[0] ?? { code: 0, message: t('cfdns.unknownError') } });
        } catch (e) {
          if (isAbortError(e)) throw e;
          patch(key, { state: 'failed', error: { code: 0, message: failureText(e) } });
          // Without a session or a way to the server the rest would fail the same way.
          if (e instanceof RelayError && e.kind !== 'rejected') {
            setError(failureText(e));
            break;
          }
        }
      }
    } catch (e) {
      if (!isAbortError(e)) setError(failureText(e));
    } finally {
      if (abort.current === ac) setBusy(null);
    }
  };

  const count = (s: RowState) => rows.filter((r) => r.state === s).length;
  const ready = count('ready');
  const failed = count('failed');
  const done = count('created') + failed > 0 && ready === 0 && count('creating') === 0;
  const results = rows.map((r) => ({
    line: r.record.line,
    type: r.record.type,
    name: r.fqdn,
    content: r.record.content,
    ttl: r.record.ttl,
    proxied: r.record.proxied,
    ...(r.record.priority === undefined ? {} : { priority: r.record.priority }),
    status: r.state,
    ...(r.id ? { id: r.id } : {}),
    ...(r.error ? { error: r.error } : {}),
  }));

  return (
    <ToolCard
      title={t('cfdns.title')}
      notice={t('cfdns.notice')}
      extra={rows.length > 0 && <JsonExportButton data={{ zone: zone && { id: zone.id, name: zone.name }, records: results }} fileName={`cloudflare-${zone?.name ?? 'records'}.json`} />}
    >
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('cfdns.token')} htmlFor={`${id}-token`} extra={t('cfdns.tokenHelp')}>
              <Flex vertical gap={8}>
                <Input.Password id={`${id}-token`} value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" allowClear data-testid="cf-token" />
                <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="cf-remember">
                  {t('cfdns.remember')}
                </Checkbox>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('cfdns.zone')} htmlFor={`${id}-zone`}>
              <Input id={`${id}-zone`} value={zoneName} onChange={(e) => setZoneName(e.target.value)} placeholder="example.com" data-testid="cf-zone" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={
            <Flex gap={12} align="center">
              {t('cfdns.records')}
              <Segmented<RecordsFormat> size="small" value={format} onChange={setFormat} options={[{ label: 'CSV', value: 'csv' }, { label: t('cfdns.list'), value: 'list' }]} data-testid="cf-format" />
            </Flex>
          }
          extra={<span style={{ whiteSpace: 'pre-wrap' }}>{format === 'csv' ? t('cfdns.csvHelp') : t('cfdns.listHelp')}</span>}
        >
          <Input.TextArea
            aria-label={t('cfdns.records')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 7, maxRows: 20 }}
            style={monoStyle}
            spellCheck={false}
            placeholder={format === 'csv' ? 'A,www,192.0.2.10,auto,true\nMX,@,mail.example.com,3600,,10' : 'A www 192.0.2.10 auto true\nTXT @ "v=spf1 -all"'}
            data-testid="cf-records"
          />
        </Form.Item>
        <Button type="primary" icon={<EyeOutlined />} loading={busy === 'preview'} disabled={busy === 'create'} onClick={() => void preview()} data-testid="cf-preview">
          {t('cfdns.preview')}
        </Button>
      </Form>

      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="tool-error" />}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('cfdns.problemsTitle', { count: problems.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((p) => (
                <li key={p.line}>{t('cfdns.lineN', { n: p.line }) + t(`cfdns.problem.${p.key}`, p.params)}</li>
              ))}
            </ul>
          }
          data-testid="cf-problems"
        />
      )}
      {zone && (
        <Flex vertical gap={12} style={{ marginTop: 24 }} data-testid="cf-result">
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{t('cfdns.zoneFound', { zone: zone.name })}</Typography.Text>
            <Tag>{zone.status}</Tag>
            <Typography.Text type="secondary" copyable style={monoStyle}>
              {zone.id}
            </Typography.Text>
          </Flex>
          <Typography.Text data-testid="cf-summary">
            {t('cfdns.summary', { total: rows.length, ready, exists: count('exists'), created: count('created'), failed })}
          </Typography.Text>
          <Table<Row>
            size="small"
            rowKey="key"
            pagination={{ pageSize: 100, hideOnSinglePage: true }}
            dataSource={rows}
            data-testid="cf-table"
            onRow={(r) => ({ 'data-state': r.state }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('cfdns.col.line'), width: 50, render: (_, r) => r.record.line },
              { title: t('cfdns.col.type'), width: 76, render: (_, r) => <Tag>{r.record.type}</Tag> },
              { title: t('cfdns.col.name'), width: 190, render: (_, r) => <span style={{ ...monoStyle, overflowWrap: 'anywhere' }}>{r.fqdn}</span> },
              { title: t('cfdns.col.content'), render: (_, r) => <span style={{ ...monoStyle, wordBreak: 'break-all' }}>{r.record.content}</span> },
              { title: 'TTL', width: 64, render: (_, r) => (r.record.ttl === 1 ? t('cfdns.auto') : r.record.ttl) },
              { title: t('cfdns.col.proxied'), width: 90, render: (_, r) => (r.record.proxied ? <Tag color="orange">{t('cfdns.proxied')}</Tag> : t('cfdns.dnsOnly')) },
              { title: t('cfdns.col.priority'), width: 70, render: (_, r) => r.record.priority ?? '' },
              {
                title: t('cfdns.col.status'),
                width: 220,
                render: (_, r) => (
                  <Flex vertical gap={2} data-testid="cf-status">
                    <span>
                      <Tag color={stateColors[r.state]}>{t(`cfdns.state.${r.state}`)}</Tag>
                    </span>
                    {r.error && (
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {cfMessage(r.error)}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
          {problems.length > 0 && <Typography.Text type="danger">{t('cfdns.fixFirst')}</Typography.Text>}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={ready === 0 || problems.length > 0 || busy !== null}
              loading={busy === 'create'}
              onClick={() => void create('ready')}
              data-testid="cf-create"
            >
              {t('cfdns.create', { count: ready })}
            </Button>
            {failed > 0 && (
              <Button icon={<RedoOutlined />} disabled={busy !== null} onClick={() => void create('failed')} data-testid="cf-retry">
                {t('cfdns.retry', { count: failed })}
              </Button>
            )}
          </Flex>
          {done && <Alert type={failed ? 'warning' : 'success'} showIcon title={t('cfdns.done', { created: count('created'), failed })} data-testid="cf-done" />}
        </Flex>
      )}
    </ToolCard>
  );
}
