import { useMemo, useState } from 'react';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { defaultPageSize, formatValidity, pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { BuyButton } from '../../../components/buy-button.tsx';
import { useMyPrices, type MyPrice } from '../api/my-prices.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useBillingT } from '../i18n.ts';

/** /ssl/products, /account/products, /billing/invoice: the account's own price for every product and term, each with a buy button. */
export default function MyPricesPage() {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const prices = useMyPrices();
  const [q, setQ] = useState('');
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const all = prices.data?.data ?? [];
    return needle ? all.filter((p) => [p.productName, p.productNameEn, p.brandName, p.productNo].some((s) => s.toLowerCase().includes(needle))) : all;
  }, [prices.data, q]);
  const termLabel = (term: number) => {
    const v = formatValidity(term);
    return t(v.unit === 'day' ? 'prices.day' : 'prices.year', { count: v.value });
  };

  return (
    <div data-testid="my-prices-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('prices.title')}
      </Typography.Title>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <Input.Search style={{ maxWidth: 320 }} placeholder={t('prices.search')} aria-label={t('prices.search')} allowClear onChange={(e) => setQ(e.target.value)} />
        <Typography.Text type="secondary">{t('prices.note')}</Typography.Text>
      </Flex>
      <ErrorAlert error={prices.error} />
      <Table<MyPrice>
        data-testid="my-prices-table"
        rowKey={(r) => `${r.productNo}:${r.term}`}
        size="middle"
        loading={prices.isPending}
        dataSource={rows}
        scroll={{ x: 1200 }}
        pagination={{ defaultPageSize, showSizeChanger: true, pageSizeOptions: pageSizes.map(String), showTotal: (n) => t('common.total', { total: n }) }}
        columns={[
          {
            title: t('prices.product'),
            key: 'product',
            width: 280,
            render: (_, r) => (
              <div>
                <Typography.Text strong>{lang === 'en' ? r.productNameEn : r.productName}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.brandName} · {r.productNo}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          { title: t('prices.type'), dataIndex: 'productType', width: 130, render: (v: string) => t(`productTypes.${v}`, { defaultValue: v }) },
          { title: t('prices.term'), dataIndex: 'term', width: 90, render: (v: number) => termLabel(v) },
          { title: t('prices.listPrice'), dataIndex: 'listPrice', width: 120, align: 'right', render: (v: number, r) => <Typography.Text delete={r.myPrice !== v} type="secondary">{money(v)}</Typography.Text> },
          { title: t('prices.myPrice'), dataIndex: 'myPrice', width: 120, align: 'right', render: (v: number, r) => <Typography.Text strong data-testid={`my-price-${r.productNo}-${r.term}`}>{money(v)}</Typography.Text> },
          { title: t('prices.discount'), dataIndex: 'discount', width: 100, render: (v: number) => (v < 100 ? <Tag color="blue">{t('prices.off', { n: 100 - v })}</Tag> : t('prices.none')) },
          { title: t('prices.extra'), dataIndex: 'extraDomainPrice', width: 130, align: 'right', render: (v: number) => (v ? money(v) : '-') },
          { title: t('prices.pkg'), dataIndex: 'packageRemaining', width: 100, render: (v: number) => (v ? <Tag color="green">{v}</Tag> : '-') },
          {
            title: t('common.actions'),
            key: 'buy',
            width: 100,
            fixed: 'right',
            render: (_, r) => (
              <BuyButton productNo={r.productNo} year={r.term} label={t('prices.buy')} testId={`buy-${r.productNo}-${r.term}`} />
            ),
          },
        ]}
      />
    </div>
  );
}
