import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DomainItem } from '@cc/contracts/domains';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { useDomains, type DomainTab } from '../api/domains.ts';
import { useGroups } from '../api/groups.ts';
import { useDomainsT } from '../i18n.ts';
import { day, useMoney } from './shared.tsx';

const tabPaths: Record<DomainTab, string> = { mine: '/domain/manage/mine', expiring: '/domain/manage/expiring', expired: '/domain/manage/expired', forSale: '/domain/manage/for-sale' };

/** /domain/manage/{mine|expiring|expired|for-sale}: the account's names, searchable, by group, with renew and batch actions. */
function ManagePage({ tab }: { tab: DomainTab }) {
  const { t } = useDomainsT();
  const money = useMoney();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [groupId, setGroupId] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: defaultPageSize });
  const [selected, setSelected] = useState<string[]>([]);
  const q = useDomains({ tab, keyword, groupId, limit: paging.pageSize, offset: paging.page });
  const groups = useGroups();
  const go = (path: string, names: string[]) => void navigate({ href: `${path}?domains=${encodeURIComponent(names.join(','))}` });
  const columns: ColumnsType<DomainItem> = [
    {
      title: t('common.domain'), dataIndex: 'unicode',
      render: (v: string, r) => (
        <Flex vertical gap={2}>
          <Link to="/domain/manage/$orderNo" params={{ orderNo: r.orderNo }} data-testid={`domain-link-${r.domain}`}>{v}</Link>
          {r.remark ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.remark}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: t('common.status'), key: 's', render: (_: unknown, r) => <Flex gap={4} wrap><Tag color={r.phase === 'active' ? 'success' : 'warning'}>{t(`manage.phase.${r.phase}`)}</Tag>{r.locked ? <Tag color="blue">{t('manage.locked')}</Tag> : <Tag>{t('manage.unlocked')}</Tag>}{r.transferOut ? <Tag color="orange">{t('manage.transferOutPending')}</Tag> : null}</Flex> },
    { title: t('common.expiresAt'), dataIndex: 'expiresAt', render: day },
    { title: t('common.group'), dataIndex: 'groupName', render: (v: string | null) => v ?? '-' },
    { title: t('common.price'), dataIndex: 'renewPrice', render: (v: number) => `¥${money(v)}${t('common.perYear')}` },
    {
      title: t('common.actions'), key: 'a',
      render: (_: unknown, r) => (
        <Flex gap={4}>
          <Button size="small" disabled={!r.maxRenewYears} onClick={() => go('/domain/renew/form', [r.domain])} data-testid={`renew-${r.domain}`}>{t('manage.renew')}</Button>
          <Link to="/domain/manage/$orderNo" params={{ orderNo: r.orderNo }}><Button size="small">{t('manage.detail')}</Button></Link>
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Tabs activeKey={tab} onChange={(k) => void navigate({ href: tabPaths[k as DomainTab] })} items={(Object.keys(tabPaths) as DomainTab[]).map((k) => ({ key: k, label: t(`manage.tabs.${k}`) }))} />
      <Flex gap={8} wrap align="center">
        <Input.Search allowClear placeholder={t('common.keyword')} aria-label={t('common.keyword')} style={{ maxWidth: 320 }} onSearch={(v) => { setKeyword(v.trim()); setPaging((p) => ({ ...p, page: 1 })); }} data-testid="manage-search" />
        <Select allowClear aria-label={t('common.group')} placeholder={t('common.group')} style={{ minWidth: 160 }} value={groupId} onChange={(v: number | undefined) => setGroupId(v)}
          options={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.count})` }))} />
        <Typography.Text type="secondary">{t('common.selected', { count: selected.length })}</Typography.Text>
        <Button disabled={!selected.length} onClick={() => go('/domain/renew/form', selected)} data-testid="manage-batch-renew">{t('manage.batchRenew')}</Button>
        <Button disabled={!selected.length} onClick={() => go('/domain/batch/group', selected)} data-testid="manage-batch-group">{t('manage.batchGroup')}</Button>
        <Button disabled={!selected.length} onClick={() => go('/domain/batch/remark', selected)} data-testid="manage-batch-remark">{t('manage.batchRemark')}</Button>
      </Flex>
      <Table rowKey="domain" columns={columns} dataSource={q.data?.items ?? []} loading={q.isFetching} data-testid="domain-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)), getCheckboxProps: (r) => ({ 'aria-label': r.unicode }) }}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: q.data?.total ?? 0, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, onChange: (page, pageSize) => setPaging({ page, pageSize }) }} />
    </Flex>
  );
}

export const MinePage = () => <ManagePage tab="mine" />;
export const ExpiringPage = () => <ManagePage tab="expiring" />;
export const ExpiredPage = () => <ManagePage tab="expired" />;
export const ForSalePage = () => <ManagePage tab="forSale" />;
