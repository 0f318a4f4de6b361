import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { useMoney } from '../../../hooks/use-money.ts';
import { useAccount } from '../../../lib/api/get-account.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useBuyCertPackage, useCertPackages, type CertPackages } from '../api/cert-packages.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useBillingT } from '../i18n.ts';

type Offer = CertPackages['offers'][number];
type Owned = CertPackages['packages'][number];

/** /account/cert-package: packages on sale (bought from the balance) and the account's packages with what is left. */
export default function CertPackagePage() {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const pkgs = useCertPackages();
  const account = useAccount();
  const buy = useBuyCertPackage();
  const [offer, setOffer] = useState<Offer | null>(null);
  const balance = account.data?.accountInfo.balance ?? 0;
  const enough = offer ? balance >= offer.price : false;

  const confirm = async () => {
    if (!offer) return;
    try {
      await buy.mutateAsync(offer.id);
      toast.success(t('pkg.bought'));
      setOffer(null);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

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
            { title: t('common.actions'), key: 'buy', width: 100, render: (_, r) => <Button type="primary" size="small" onClick={() => setOffer(r)} data-testid={`buy-package-${r.id}`}>{t('pkg.buy')}</Button> },
          ]}
        />
      </Card>
      <Modal
        title={t('pkg.confirm')}
        open={offer !== null}
        onCancel={() => setOffer(null)}
        onOk={() => void confirm()}
        okText={t('pkg.buy')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !enough, 'data-testid': 'package-pay' } as never}
        confirmLoading={buy.isPending}
      >
        {offer ? (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('pkg.product')}>{lang === 'en' ? offer.productNameEn : offer.productName} × {offer.quantity}</Descriptions.Item>
              <Descriptions.Item label={t('pkg.listPrice')}>{money(offer.listPrice)}</Descriptions.Item>
              <Descriptions.Item label={t('pkg.deduct')}>{money(offer.price)}</Descriptions.Item>
              <Descriptions.Item label={t('pkg.balance')}>{money(balance)}</Descriptions.Item>
              {enough ? <Descriptions.Item label={t('pkg.after')}>{money(balance - offer.price)}</Descriptions.Item> : null}
            </Descriptions>
            <Typography.Text type="secondary">{t('pkg.payWay')}</Typography.Text>
            {enough ? null : <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('pkg.insufficient')} action={<Link to="/deposit">{t('pkg.goTopUp')}</Link>} />}
          </>
        ) : null}
      </Modal>
    </div>
  );
}
