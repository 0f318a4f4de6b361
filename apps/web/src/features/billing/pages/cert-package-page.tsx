import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { useCertPackages, type CertPackages } from '../api/cert-packages.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useBillingT } from '../i18n.ts';

export type Offer = CertPackages['offers'][number];
type Owned = CertPackages['packages'][number];

/** /account/cert-package: packages on sale (bought through the payment dialog: `onBuy`) and the account's packages with what is left. */
export default function CertPackagePage({ onBuy }: { onBuy: (offer: Offer) => void }) {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const pkgs = useCertPackages();

  return (
    <div data-testid="cert-package-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('pkg.title')}
      </Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('pkg.note')} />
      <ErrorAlert error={pkgs.error} />
      <Card size="small" title={t('pkg.mine')} style={{ marginBottom: 16 }}>
        <Table<Owned>
          rowKey="id"
          data-testid="my-packages"
          size="small"
          pagination={false}
          loading={pkgs.isPending}
          dataSource={pkgs.data?.packages ?? []}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('pkg.product'), key: 'product', render: (_, r) => (lang === 'en' ? r.productNameEn : r.productName) },
            { title: t('pkg.quantity'), dataIndex: 'quantity', width: 120 },
            { title: t('pkg.used'), dataIndex: 'used', width: 160, render: (v: number, r) => <Progress percent={Math.round((v / r.quantity) * 100)} size="small" aria-label={`${t('pkg.used')} ${v}/${r.quantity}`} format={() => `${v}/${r.quantity}`} /> },
            { title: t('pkg.remaining'), dataIndex: 'remaining', width: 100, render: (v: number, r) => <Tag color={v ? 'green' : 'default'} data-testid={`pkg-remaining-${r.id}`}>{v}</Tag> },
            { title: t('pkg.price'), dataIndex: 'price', width: 120, render: (v: number) => money(v) },
            { title: t('pkg.boughtAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
          ]}
        />
      </Card>
      <Card size="small" title={t('pkg.offers')}>
        <Table<Offer>
          rowKey="id"
          data-testid="package-offers"
          size="small"
          pagination={false}
          loading={pkgs.isPending}
          dataSource={pkgs.data?.offers ?? []}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('pkg.product'), key: 'product', render: (_, r) => (lang === 'en' ? r.productNameEn : r.productName) },
            { title: t('pkg.quantity'), dataIndex: 'quantity', width: 120 },
            { title: t('pkg.listPrice'), dataIndex: 'listPrice', width: 120, render: (v: number) => <Typography.Text delete type="secondary">{money(v)}</Typography.Text> },
            {
              title: t('pkg.price'),
              dataIndex: 'price',
              width: 220,
              render: (v: number, r) => (
                <>
                  <Typography.Text strong>{money(v)}</Typography.Text> {r.listPrice > v ? <Tag color="blue">{t('pkg.save', { amount: money(r.listPrice - v) })}</Tag> : null}
                </>
              ),
            },
            { title: t('common.actions'), key: 'buy', width: 100, render: (_, r) => <Button type="primary" size="small" onClick={() => onBuy(r)} data-testid={`buy-package-${r.id}`}>{t('pkg.buy')}</Button> },
          ]}
        />
      </Card>
    </div>
  );
}
