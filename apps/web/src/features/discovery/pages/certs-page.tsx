import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Link, useSearch } from '@tanstack/react-router';
import { expiryBuckets, type CertsQuery, type CertSummary, type ExpiryBucket } from '@cc/contracts/discovery';
import { formatDate } from '../../../lib/datetime.ts';
import { saveBlob } from '../../../lib/download.ts';
import { toast } from '../../../lib/toast.ts';
import { exportCerts, useCerts } from '../api/get-certs.ts';
import { BucketTag, DaysLeft } from '../components/state-tag.tsx';
import { DiscoveryNav } from '../components/discovery-nav.tsx';
import { useDiscoveryT } from '../i18n.ts';

const isBucket = (v: unknown): v is ExpiryBucket => typeof v === 'string' && (expiryBuckets as readonly string[]).includes(v);

/** /certhub/discovery/certs: every certificate found, soonest end first; filters and CSV export. */
export default function CertsPage() {
  const { t } = useDiscoveryT();
  const search: { bucket?: unknown } = useSearch({ strict: false });
  const [filter, setFilter] = useState<CertsQuery>(isBucket(search.bucket) ? { bucket: search.bucket } : {});
  const certs = useCerts(filter);
  const items = certs.data?.items ?? [];
  const doExport = async () => {
    const f = await exportCerts(filter);
    saveBlob(f.fileName, f.blob);
    toast.success(t('certs.exported'));
  };
  return (
    <div data-testid="discovery-certs">
      <DiscoveryNav current="certs" />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('certs.search')} aria-label={t('certs.search')} style={{ width: 300 }} onSearch={(q) => setFilter((f) => ({ ...f, q: q || undefined }))} data-testid="certs-search" />
          <Select<ExpiryBucket | ''>
            aria-label={t('certs.bucket')}
            style={{ width: 170 }}
            value={filter.bucket ?? ''}
            onChange={(v) => setFilter((f) => ({ ...f, bucket: v || undefined }))}
            options={[{ value: '', label: t('certs.allBuckets') }, ...expiryBuckets.map((b) => ({ value: b, label: t(`bucket.${b}`) }))]}
            data-testid="certs-bucket"
          />
          <Select<'yes' | 'no' | ''>
            aria-label={t('certs.managed')}
            style={{ width: 150 }}
            value={filter.managed ?? ''}
            onChange={(v) => setFilter((f) => ({ ...f, managed: v || undefined }))}
            options={[{ value: '', label: t('certs.all') }, { value: 'yes', label: t('certs.yes') }, { value: 'no', label: t('certs.no') }]}
            data-testid="certs-managed"
          />
          <Button icon={<DownloadOutlined />} onClick={() => void doExport()} data-testid="certs-export">{t('certs.export')}</Button>
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>{t('certs.total', { total: items.length })}</Typography.Text>
        </Flex>
        <Table<CertSummary>
          rowKey="id"
          size="small"
          loading={certs.isLoading}
          dataSource={items}
          locale={{ emptyText: t('certs.empty') }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          data-testid="certs"
          columns={[
            {
              title: t('certs.subject'),
              key: 'subject',
              render: (_, c) => (
                <Link to="/certhub/discovery/certs/$id" params={{ id: String(c.id) }}>
                  {c.names.map((n) => n.replace(/^DNS:/, '')).slice(0, 2).join(', ') || c.subject}
                </Link>
              ),
            },
            { title: t('certs.issuer'), key: 'issuer', render: (_, c) => <Typography.Text ellipsis style={{ maxWidth: 220 }}>{c.issuer}</Typography.Text> },
            { title: t('certs.notAfter'), key: 'notAfter', render: (_, c) => formatDate(c.notAfter) },
            { title: t('certs.days'), key: 'days', render: (_, c) => (<><BucketTag bucket={c.bucket} /><DaysLeft days={c.daysLeft} /></>) },
            { title: t('certs.trusted'), key: 'trusted', render: (_, c) => <Tag color={c.trusted ? 'success' : 'warning'}>{c.trusted ? t('certs.trustedYes') : t('certs.trustedNo')}</Tag> },
            { title: t('certs.order'), key: 'order', render: (_, c) => (c.orderNo ? <Tag color="blue">{c.orderNo}</Tag> : <Tag>{t('certs.no')}</Tag>) },
            { title: t('certs.endpoints'), dataIndex: 'endpoints', key: 'endpoints' },
          ]}
        />
      </Card>
    </div>
  );
}
