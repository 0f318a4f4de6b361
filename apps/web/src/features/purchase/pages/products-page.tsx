import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { priceFor } from '@cc/domain/pricing';
import { defaultPageSize, formatValidity, pageSizes, termChoices } from '@cc/domain/terms';
import { ApiError } from '../../../lib/http.ts';
import { BuyButton } from '../../../components/buy-button.tsx';
import { useDisplayCurrency, useMoney } from '../../../hooks/use-money.ts';
import { useProducts, type ProductsAnswer } from '../../../lib/api/get-products.ts';
import { useMyPrices } from '../api/get-my-prices.ts';
import { usePurchaseT } from '../i18n.ts';
import { productNameFor } from '@cc/domain/product-name';

type Product = ProductsAnswer['data'][number];

/** Below this the table scrolls sideways rather than squeezing the prices column. */
const minTableWidth = 860;

/** /ssl/products: every product the account can buy, with the account's own price for each term it is sold for and a buy button. */
export default function ProductsPage() {
  const { t, lang } = usePurchaseT();
  const products = useProducts();
  const mine = useMyPrices();
  const money = useMoney();
  const currency = useDisplayCurrency();
  const [q, setQ] = useState('');
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const all = products.data?.data ?? [];
    if (!needle) return all;
    return all.filter((p) => [p.productName, p.chineseName, p.englishName, p.brandName, p.productNo].some((s) => s.toLowerCase().includes(needle)));
  }, [products.data, q]);

  const termLabel = (term: number) => {
    const v = formatValidity(term);
    return t(v.unit === 'day' ? 'products.day' : 'products.year', { count: v.value });
  };

  return (
    <div data-testid="products-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('products.title')}
      </Typography.Title>
      <Flex style={{ marginBottom: 16 }}>
        <Input.Search style={{ maxWidth: 320 }} placeholder={t('products.search')} allowClear onChange={(e) => setQ(e.target.value)} data-testid="products-search" />
      </Flex>
      {products.error ? <Alert type="error" showIcon title={products.error instanceof ApiError ? products.error.msg : t('buy.noProducts')} /> : null}
      <Table<Product>
        data-testid="products-table"
        rowKey="productNo"
        size="middle"
        loading={products.isPending}
        dataSource={rows}
        // Columns wrap (names, the price tags) so every term's price fits a 1280-wide window; narrower ones scroll.
        scroll={{ x: minTableWidth }}
        pagination={{ defaultPageSize, showSizeChanger: true, pageSizeOptions: pageSizes.map(String), showTotal: (n) => t('common.total', { total: n }) }}
        columns={[
          {
            title: t('products.product'),
            key: 'name',
            width: 260,
            render: (_, p) => (
              <div>
                <Typography.Text strong>{productNameFor(lang, p)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {p.productNo}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          { title: t('products.brand'), dataIndex: 'brandName' },
          { title: t('products.certType'), dataIndex: 'certType', render: (v: string) => <Tag>{t(`certTypes.${v}`, { defaultValue: v })}</Tag> },
          { title: t('products.productType'), dataIndex: 'productType', render: (v: string) => t(`productTypes.${v}`, { defaultValue: v }) },
          {
            title: t('products.prices', { unit: currency.unit }),
            key: 'prices',
            render: (_, p) => (
              <Flex gap={6} wrap data-testid={`prices-${p.productNo}`}>
                {termChoices(p.maxYear, p.free).map((term) => (
                  <Tag key={term} color={p.free ? 'green' : 'blue'}>
                    {termLabel(term)}: {p.free ? t('products.free') : money(mine.data?.get(`${p.productNo}:${term}`) ?? priceFor(p, { term, domainCount: 1 }).allNowPrice)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: t('common.actions'),
            key: 'buy',
            width: 100,
            fixed: 'right',
            render: (_, p) => (
              <BuyButton productNo={p.productNo} label={t('products.buy')} ariaLabel={`${t('products.buy')} ${productNameFor(lang, p)}`} testId={`buy-${p.productNo}`} />
            ),
          },
        ]}
      />
    </div>
  );
}
