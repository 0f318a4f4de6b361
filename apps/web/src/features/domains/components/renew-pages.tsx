import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useNavigate } from '@tanstack/react-router';
import { maxYears } from '@cc/domain/registrar';
import { useAccount } from '../../../lib/api/get-account.ts';
import { toast } from '../../../lib/toast.ts';
import { useDomainOrders, useRenew, useRenewPrice, type RenewQuote } from '../api/renew.ts';
import { useDomainsT } from '../i18n.ts';
import { OrderStatusTag, day, splitNames, toastError, useMoney } from './shared.tsx';
import type { DomainOrder } from '@cc/contracts/domains';

const initialNames = () => new URLSearchParams(window.location.search).get('domains')?.split(',').filter(Boolean) ?? [];

/** /domain/renew/form: one name or many, any years up to the registry's cap, priced per name, paid from the balance. */
export function RenewFormPage() {
  const { t } = useDomainsT();
  const money = useMoney();
  const navigate = useNavigate();
  const account = useAccount();
  const [text, setText] = useState(() => initialNames().join('\n'));
  const [names, setNames] = useState<string[]>(initialNames);
  const [years, setYears] = useState(1);
  const quote = useRenewPrice(names, years);
  const renew = useRenew();
  const items = quote.data?.items ?? [];
  const ok = items.length > 0 && items.every((i) => !i.fault);
  const submit = () =>
    renew.mutate({ domains: names, years }, {
      onSuccess: (r) => { toast.success(t('renew.done', { count: r.orders.length })); void navigate({ to: '/domain/renew/list' }); },
      onError: toastError,
    });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('renew.title')}</Typography.Title>
      <Input.TextArea rows={5} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('common.domainsPlaceholder')} aria-label={t('renew.domains')} data-testid="renew-domains" />
      <Flex gap={8} align="center">
        <Typography.Text id="renew-years-label">{t('common.years')}</Typography.Text>
        <Select aria-labelledby="renew-years-label" value={years} onChange={setYears} style={{ width: 110 }} data-testid="renew-years"
          options={Array.from({ length: maxYears }, (_, i) => ({ value: i + 1, label: t('common.yearsN', { count: i + 1 }) }))} />
        <Button onClick={() => setNames(splitNames(text))} data-testid="renew-quote">{t('renew.quote')}</Button>
      </Flex>
      {quote.error ? <Alert type="error" showIcon title={quote.error.message} /> : null}
      <Table<RenewQuote['items'][number]> rowKey="domain" pagination={false} dataSource={items} loading={quote.isFetching} data-testid="renew-table" columns={[
        { title: t('common.domain'), dataIndex: 'unicode' },
        { title: t('common.expiresAt'), dataIndex: 'expiresAt', render: day },
        { title: t('renew.newExpiry'), dataIndex: 'newExpiresAt', render: (v: string | null, r) => (r.fault ? <Tag color="error">{r.fault}</Tag> : day(v)) },
        { title: t('common.price'), dataIndex: 'price', render: (v: number | null, r) => (v === null ? '-' : <>¥{money(v)} {r.redemption ? <Tag color="orange">{t('renew.redemption')}</Tag> : null}</>) },
      ]} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>{t('common.balance')}: ¥{money(account.data?.accountInfo.balance ?? 0)}</Typography.Text>
        <Button type="primary" size="large" disabled={!ok} loading={renew.isPending} onClick={submit} data-testid="renew-submit">{t('renew.submit', { amount: money(quote.data?.total ?? 0) })}</Button>
      </Flex>
    </Flex>
  );
}

/** An order list: renewals, registrations or transfers in. */
export function OrdersTable({ path, testId, progress }: { path: 'orders/renew/records' | 'orders' | 'transferIn'; testId: string; progress?: boolean }) {
  const { t } = useDomainsT();
  const money = useMoney();
  const [page, setPage] = useState({ limit: 20, offset: 1 });
  const q = useDomainOrders(path, page);
  return (
    <Table<DomainOrder> rowKey="orderNo" dataSource={q.data?.items ?? []} loading={q.isFetching} data-testid={testId}
      pagination={{ current: page.offset, pageSize: page.limit, total: q.data?.total ?? 0, onChange: (offset, limit) => setPage({ offset, limit }) }}
      columns={[
        { title: t('common.orderNo'), dataIndex: 'orderNo' },
        { title: t('common.domain'), dataIndex: 'unicode' },
        { title: t('common.years'), dataIndex: 'years', render: (v: number) => t('common.yearsN', { count: v }) },
        { title: t('common.amount'), dataIndex: 'amount', render: (v: number) => `¥${money(v)}` },
        {
          title: t('common.status'), dataIndex: 'status',
          render: (s: DomainOrder['status'], r) => (
            <Flex gap={4} wrap>
              <OrderStatusTag status={s} />
              {progress && r.transfer ? <Tag>{t(`transfer.states.${r.transfer.status}`, { defaultValue: r.transfer.status })}</Tag> : null}
              {r.reason ? <Typography.Text type="secondary">{t(`transfer.reasons.${r.reason}`, { defaultValue: r.reason })}</Typography.Text> : null}
            </Flex>
          ),
        },
        { title: progress ? t('transfer.actBy') : t('common.expiresAt'), key: 'x', render: (_: unknown, r) => (progress ? day(r.transfer?.actBy) : day(r.expiresAfter)) },
        { title: t('common.createdAt'), dataIndex: 'createdAt', render: day },
      ]} />
  );
}

export function RenewListPage() {
  const { t } = useDomainsT();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('renew.listTitle')}</Typography.Title>
      <OrdersTable path="orders/renew/records" testId="renew-list" />
    </Flex>
  );
}
