import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { AvailabilityItem, BatchKind } from '@cc/contracts/domains';
import { toast } from '../../../lib/toast.ts';
import { useBatch, useBatches, useStartBatch } from '../api/batch.ts';
import { useDomainContacts } from '../api/contacts.ts';
import { useGroups } from '../api/groups.ts';
import { useCheckAvailability } from '../api/search.ts';
import { useAddToCart } from '../api/cart.ts';
import { useDomainsT } from '../i18n.ts';
import { AvailabilityTable } from './search-page.tsx';
import { day, splitNames, toastError } from './shared.tsx';

const initialNames = () => new URLSearchParams(window.location.search).get('domains')?.split(',').filter(Boolean).join('\n') ?? '';

/** Progress of one batch, and each name's result. */
function BatchProgress({ id }: { id: string }) {
  const { t } = useDomainsT();
  const q = useBatch(id);
  const b = q.data;
  if (!b) return null;
  return (
    <Card title={t('batch.results')} size="small" data-testid="batch-progress" data-finished={b.finished ? 'yes' : 'no'}>
      <Progress percent={Math.round(((b.done + b.failed) / Math.max(1, b.total)) * 100)} status={b.finished ? (b.failed ? 'exception' : 'success') : 'active'} aria-label={t('batch.progress')} />
      <Typography.Paragraph>{t('batch.summary', { done: b.done, failed: b.failed, total: b.total })}</Typography.Paragraph>
      <Table rowKey="domain" size="small" dataSource={b.items} pagination={{ pageSize: 50 }} columns={[
        { title: t('common.domain'), dataIndex: 'domain' },
        { title: t('common.status'), dataIndex: 'status', render: (s: 'waiting' | 'done' | 'failed') => <Tag color={{ waiting: 'default', done: 'success', failed: 'error' }[s]}>{t(`batch.itemStatus.${s}`)}</Tag> },
        { title: t('batch.message'), dataIndex: 'message' },
      ]} />
    </Card>
  );
}

/** /domain/batch/{update-ownership|resolution|group|remark}: one change over hundreds of names, run in the background. */
function BatchPage({ kind }: { kind: BatchKind }) {
  const { t } = useDomainsT();
  const start = useStartBatch();
  const contacts = useDomainContacts();
  const groups = useGroups();
  const history = useBatches();
  const [text, setText] = useState(initialNames);
  const [contactId, setContactId] = useState<number | undefined>();
  const [ns, setNs] = useState('');
  const [groupId, setGroupId] = useState<number | undefined>();
  const [remark, setRemark] = useState('');
  const [batchId, setBatchId] = useState('');
  const submit = () =>
    start.mutate(
      { kind, domains: splitNames(text), ...(kind === 'ownership' && contactId ? { contactId } : {}), ...(kind === 'nameservers' ? { nameservers: splitNames(ns) } : {}), ...(kind === 'group' ? { groupId: groupId ?? null } : {}), ...(kind === 'remark' ? { remark } : {}) },
      { onSuccess: (b) => { setBatchId(b.id); toast.success(t('batch.started')); }, onError: toastError },
    );
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t(`batch.kinds.${kind}`)}</Typography.Title>
      <Input.TextArea rows={6} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('common.domainsPlaceholder')} aria-label={t('batch.domains')} data-testid="batch-domains" />
      {kind === 'ownership' ? <Select aria-label={t('batch.contact')} placeholder={t('batch.contact')} style={{ maxWidth: 360 }} value={contactId} onChange={setContactId} options={(contacts.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.email}` }))} /> : null}
      {kind === 'nameservers' ? <Input.TextArea rows={3} value={ns} onChange={(e) => setNs(e.target.value)} aria-label={t('batch.nameservers')} placeholder={t('batch.nameservers')} data-testid="batch-ns" /> : null}
      {kind === 'group' ? <Select allowClear aria-label={t('batch.group')} placeholder={t('batch.group')} style={{ maxWidth: 360 }} value={groupId} onChange={(v: number | undefined) => setGroupId(v)} options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))} data-testid="batch-group" /> : null}
      {kind === 'remark' ? <Input value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} aria-label={t('batch.remark')} placeholder={t('batch.remark')} data-testid="batch-remark" /> : null}
      <Button type="primary" style={{ alignSelf: 'start' }} loading={start.isPending} disabled={!text.trim()} onClick={submit} data-testid="batch-start">{t('batch.start')}</Button>
      {batchId ? <BatchProgress id={batchId} /> : null}
      <Card title={t('batch.history')} size="small">
        <Table<{ id: string; done: number; failed: number; total: number; createdAt: string }> rowKey="id" size="small" pagination={false} dataSource={(history.data?.items ?? []).filter((b) => b.kind === kind)} columns={[
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: day },
          { title: t('batch.progress'), key: 'p', render: (_: unknown, b) => `${b.done}/${b.total}${b.failed ? ` (${t('batch.itemStatus.failed')} ${b.failed})` : ''}` },
          { title: t('common.actions'), key: 'a', render: (_: unknown, b) => <Button size="small" type="link" onClick={() => setBatchId(b.id)}>{t('batch.results')}</Button> },
        ]} />
      </Card>
    </Flex>
  );
}

export const BatchOwnershipPage = () => <BatchPage kind="ownership" />;
export const BatchResolutionPage = () => <BatchPage kind="nameservers" />;
export const BatchGroupPage = () => <BatchPage kind="group" />;
export const BatchRemarkPage = () => <BatchPage kind="remark" />;

/** /domain/batch/search: availability of many names at once; the available ones go to the cart together. */
export function BatchSearchPage() {
  const { t } = useDomainsT();
  const check = useCheckAvailability();
  const add = useAddToCart();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<AvailabilityItem[]>([]);
  const free = rows.filter((r) => r.available).map((r) => r.ascii);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('batch.searchTitle')}</Typography.Title>
      <Input.TextArea rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('common.domainsPlaceholder')} aria-label={t('batch.domains')} data-testid="bulk-domains" />
      <Flex gap={8}>
        <Button type="primary" loading={check.isPending} onClick={() => check.mutate(splitNames(text), { onSuccess: setRows, onError: toastError })} data-testid="bulk-search">{t('batch.searchSubmit')}</Button>
        <Button disabled={!free.length} onClick={() => add.mutate({ domains: free.slice(0, 100) }, { onSuccess: () => toast.success(t('search.added')), onError: toastError })}>{t('batch.addAvailable')}</Button>
      </Flex>
      {rows.length ? <AvailabilityTable rows={rows} testId="bulk-results" /> : null}
    </Flex>
  );
}
