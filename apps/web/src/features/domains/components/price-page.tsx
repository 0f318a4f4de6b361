import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTlds, type TldAnswer } from '../api/search.ts';
import { useDomainsT } from '../i18n.ts';
import { useMoney } from './shared.tsx';

type Tld = TldAnswer['commonTlds'][number];

/** /domain/price: every TLD and operation. */
export default function PricePage() {
  const { t } = useDomainsT();
  const money = useMoney();
  const q = useTlds();
  const columns = [
    { title: t('common.domain'), dataIndex: 'tld', render: (v: string) => <Typography.Text strong>.{v}</Typography.Text> },
    ...(['register', 'renew', 'transfer', 'redemption'] as const).map((k) => ({ title: t(`price.${k}`), dataIndex: k, render: (v: number) => `¥${money(v)}` })),
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('price.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('price.note', { grace: q.data?.rules.graceDays ?? 30, redemption: q.data?.rules.redemptionDays ?? 30 })}</Typography.Paragraph>
      <Typography.Title level={5}>{t('price.common')}</Typography.Title>
      <Table<Tld> rowKey="ascii" size="middle" pagination={false} loading={q.isLoading} dataSource={q.data?.commonTlds ?? []} columns={columns} data-testid="price-common" />
      <Typography.Title level={5}>{t('price.other')}</Typography.Title>
      <Table<Tld> rowKey="ascii" size="middle" pagination={false} loading={q.isLoading} dataSource={q.data?.otherTlds ?? []} columns={columns} data-testid="price-other" />
    </Flex>
  );
}
