import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { Link } from '@tanstack/react-router';
import type { AvailabilityItem } from '@cc/contracts/domains';
import { toast } from '../../../lib/toast.ts';
import { useSuggest } from '../api/search.ts';
import { useAddToCart, useCart } from '../api/cart.ts';
import { useDomainsT } from '../i18n.ts';
import { toastError, useMoney } from './shared.tsx';

/** Availability rows: name, state, price, add to cart. Shared by the search page and batch search. */
export function AvailabilityTable({ rows, testId }: { rows: AvailabilityItem[]; testId: string }) {
  const { t } = useDomainsT();
  const money = useMoney();
  const cart = useCart();
  const add = useAddToCart();
  const inCart = new Set((cart.data?.items ?? []).map((i) => i.domain));
  const columns: ColumnsType<AvailabilityItem> = [
    {
      title: t('common.domain'), dataIndex: 'unicode',
      render: (v: string, r) => (
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>{v}</Typography.Text>
          {r.premium ? <Tag color="gold">{t('search.premium')}</Tag> : null}
          {r.realName ? <Tag>{t('search.realName')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('common.status'), key: 's', render: (_: unknown, r) => (r.available ? <Tag color="success">{t('search.available')}</Tag> : <Tag>{t(`search.reasons.${r.reason ?? 'registered'}`)}</Tag>) },
    { title: t('common.price'), dataIndex: 'price', render: (v: number | null) => (v === null ? '-' : `¥${money(v)}${t('common.perYear')}`) },
    {
      title: t('common.actions'), key: 'a',
      render: (_: unknown, r) => r.available ? (
        <Button size="small" type={inCart.has(r.ascii) ? 'default' : 'primary'} disabled={inCart.has(r.ascii)} data-testid={`add-cart-${r.ascii}`}
          onClick={() => add.mutate({ domains: [r.ascii] }, { onSuccess: () => toast.success(t('search.added')), onError: toastError })}>
          {inCart.has(r.ascii) ? t('search.inCart') : t('search.addCart')}
        </Button>
      ) : null,
    },
  ];
  return <Table rowKey="domain" size="middle" columns={columns} dataSource={rows} pagination={false} data-testid={testId} />;
}

function CartLink() {
  const { t } = useDomainsT();
  const cart = useCart();
  const n = cart.data?.items.length ?? 0;
  return (
    <Link to="/domain/cart" data-testid="go-cart">
      <Button icon={<ShoppingCartOutlined />}>{t('search.goCart', { count: n })}</Button>
    </Link>
  );
}

/** /domain/search: a name or keyword across TLDs with prices, and suggestions. */
export default function SearchPage() {
  const { t } = useDomainsT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const q = useSuggest(keyword);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>{t('search.title')}</Typography.Title>
        <Flex gap={8}>
          <Link to="/domain/batch/search"><Button>{t('search.bulk')}</Button></Link>
          <CartLink />
        </Flex>
      </Flex>
      <Input.Search
        size="large" enterButton={t('search.submit')} placeholder={t('search.placeholder')} value={typed} aria-label={t('search.placeholder')}
        onChange={(e) => setTyped(e.target.value)} onSearch={(v) => setKeyword(v.trim())} loading={q.isFetching} data-testid="domain-search"
      />
      {q.error ? <Alert type="error" showIcon title={q.error.message} /> : null}
      {q.data ? (
        <>
          <Card title={t('search.exact')} size="small"><AvailabilityTable rows={q.data.exact} testId="search-exact" /></Card>
          {q.data.suggestions.length ? <Card title={t('search.suggestions')} size="small"><AvailabilityTable rows={q.data.suggestions} testId="search-suggestions" /></Card> : null}
        </>
      ) : null}
    </Flex>
  );
}
