import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQueryClient } from '@tanstack/react-query';
import type { DnsChangeAnswer, DnsConflictData, DnsDiff, DnsDiffSide } from '@cc/contracts/dns';
import { errorCodes } from '@cc/contracts/errors';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDnsT } from '../i18n.ts';

const opColor = { add: 'green', remove: 'red', change: 'blue' } as const;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', wordBreak: 'break-all' as const };

const sideText = (s: DnsDiffSide | null) => (s ? `${s.host} ${s.ttl} ${s.type}${s.prio || s.type === 'MX' || s.type === 'SRV' ? ` ${s.prio}` : ''} ${s.value}` : '');

/** One row per changed record: the operation, before and after (a zone column when several zones are shown). */
export function DiffTable({ diff, zoneOf, testId = 'dns-diff' }: { diff: DnsDiff[]; zoneOf?: (i: number) => string; testId?: string }) {
  const { t } = useDnsT();
  type Row = DnsDiff & { key: number };
  const rows: Row[] = diff.map((d, i) => ({ ...d, key: i }));
  return (
    <Table<Row>
      size="small"
      data-testid={testId}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      dataSource={rows}
      locale={{ emptyText: t('diff.none') }}
      columns={[
        ...(zoneOf ? [{ title: t('diff.colZone'), key: 'zone', render: (_: unknown, r: Row) => zoneOf(r.key) }] : []),
        { title: t('diff.colOp'), key: 'op', width: 80, render: (_: unknown, r: Row) => <Tag color={opColor[r.op]}>{t(`diff.${r.op}`)}</Tag> },
        {
          title: t('records.colValue'),
          key: 'what',
          render: (_: unknown, r: Row) => (
            <div style={mono}>
              {r.before && <div style={r.after ? { textDecoration: 'line-through', opacity: 0.75 } : undefined}>{r.op === 'remove' ? '− ' : ''}{sideText(r.before)}{r.before.disabled ? ` (${t('records.paused')})` : ''}</div>}
              {r.after && <div>{r.op === 'add' ? '+ ' : r.op === 'change' ? '→ ' : ''}{sideText(r.after)}{r.after.disabled ? ` (${t('records.paused')})` : ''}</div>}
            </div>
          ),
        },
      ]}
    />
  );
}

/** A change to confirm: how to run it (preview or for real) and what the preview said. */
interface Pending {
  baseSerial: number;
  diff: DnsDiff[];
  run: (preview: boolean) => Promise<DnsChangeAnswer>;
}

/**
 * Every change of a zone goes through here: its preview (the diff) is shown first, applying runs it against the
 * serial the user saw, and a conflict shows what changed meanwhile, with a way to the latest records.
 */
export function useZoneChange(zone: string) {
  const { t } = useDnsT();
  const qc = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [conflict, setConflict] = useState<DnsConflictData | null>(null);
  const [applying, setApplying] = useState(false);

  const refresh = () => qc.invalidateQueries({ queryKey: ['dns'] });
  const close = () => {
    setPending(null);
    setConflict(null);
  };

  /** Asks for the diff; returns the error for the caller's form, or null when the dialog opened. */
  const propose = async (baseSerial: number, run: (preview: boolean) => Promise<DnsChangeAnswer>): Promise<ApiError | null> => {
    try {
      const p = await run(true);
      setConflict(null);
      setPending({ baseSerial, diff: p.diff, run });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.code === errorCodes.DNS_CONFLICT) {
        setConflict(e.data as DnsConflictData);
        setPending({ baseSerial, diff: [], run });
        return null;
      }
      if (e instanceof ApiError) return e;
      throw e;
    }
  };

  const apply = async () => {
    if (!pending) return;
    setApplying(true);
    try {
      const r = await pending.run(false);
      toast.success(t('diff.applied', { serial: r.serial }));
      close();
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === errorCodes.DNS_CONFLICT) setConflict(e.data as DnsConflictData);
      else if (e instanceof ApiError) toast.error(e.msg);
      else throw e;
    } finally {
      setApplying(false);
    }
  };

  const dialog = (
    <Modal
      open={pending !== null}
      title={t('diff.title')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        conflict
          ? [
              <Button key="cancel" onClick={close}>{t('records.cancel')}</Button>,
              <Button key="reload" type="primary" data-testid="dns-conflict-reload" onClick={() => { close(); void refresh(); }}>{t('diff.reload')}</Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>{t('records.cancel')}</Button>,
              <Button key="apply" type="primary" loading={applying} disabled={!pending?.diff.length} data-testid="dns-apply" onClick={() => void apply()}>{t('diff.apply')}</Button>,
            ]
      }
    >
      {conflict ? (
        <>
          <Alert type="warning" showIcon data-testid="dns-conflict" style={{ marginBottom: 12 }} title={t('diff.conflict', { serial: conflict.serial })} />
          <DiffTable diff={conflict.diff} testId="dns-conflict-diff" />
        </>
      ) : (
        pending && (
          <>
            <Typography.Paragraph>{t('diff.intro', { serial: pending.baseSerial })}</Typography.Paragraph>
            <DiffTable diff={pending.diff} />
          </>
        )
      )}
    </Modal>
  );
  return { propose, dialog, zone };
}
