import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useSearch } from '@tanstack/react-router';
import type { CtEntry, CtQuery } from '@cc/contracts/ct';
import { formatDate, formatDateTime } from '../../../lib/datetime.ts';
import { saveBlob } from '../../../lib/download.ts';
import { toast } from '../../../lib/toast.ts';
import { exportCt, useCt } from '../api/get-ct.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { DiscoveryNav } from '../components/discovery-nav.tsx';
import { useDiscoveryT } from '../i18n.ts';

/** A fingerprint shortened for a table cell: its first and last bytes. */
const shortHash = (h: string) => (h.length > 24 ? `${h.slice(0, 11)}…${h.slice(-11)}` : h);

/**
 * /certhub/discovery/log: Certificate Transparency lookup. Certificates logged for the account's names (hosted zones,
 * host targets, names bought here), managed (bought here) or not; search by name, serial or fingerprint; CSV.
 */
export default function LogPage() {
  const { t } = useDiscoveryT();
  const search: { q?: unknown; managed?: unknown } = useSearch({ strict: false });
  const [filter, setFilter] = useState<CtQuery>({
    ...(typeof search.q === 'string' && search.q ? { q: search.q } : {}),
    ...(search.managed === 'yes' || search.managed === 'no' ? { managed: search.managed } : {}),
  });
  const ct = useCt(filter);
  const items = ct.data?.items ?? [];
  const sth = ct.data?.sth;
  const doExport = async () => {
    const f = await exportCt(filter);
    saveBlob(f.fileName, f.blob);
    toast.success(t('certs.exported'));
  };
  return (
    <div data-testid="discovery-log">
      <DiscoveryNav current="log" />
      <Card title={t('log.title')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('log.intro')}</Typography.Paragraph>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          data-testid="log-sth"
          items={[
            { key: 'size', label: t('log.treeSize'), children: sth?.tree_size ?? '-' },
            { key: 'time', label: t('log.sthTime'), children: sth ? formatDateTime(new Date(sth.timestamp).toISOString()) : '-' },
            { key: 'root', label: t('log.rootHash'), children: <Typography.Text code copyable={sth ? { text: sth.sha256_root_hash } : false}>{sth ? shortHash(sth.sha256_root_hash) : '-'}</Typography.Text> },
            {
              key: 'domains',
              label: t('log.domains'),
              span: 3,
              children: ct.data?.domains.length ? (
                <Flex gap={4} wrap data-testid="log-domains">{ct.data.domains.map((d) => <Tag key={d}>{d}</Tag>)}</Flex>
              ) : (
                <span>
                  {t('log.noDomains')} <TextLink to="/certhub/discovery/manage">{t('dashboard.addTargets')}</TextLink>
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            defaultValue={filter.q}
            placeholder={t('log.search')}
            aria-label={t('log.search')}
            style={{ width: 320 }}
            onSearch={(q) => setFilter((f) => ({ ...f, q: q.trim() || undefined }))}
            data-testid="log-search"
          />
          <Select<'yes' | 'no' | ''>
            aria-label={t('certs.managed')}
            style={{ width: 170 }}
            value={filter.managed ?? ''}
            onChange={(v) => setFilter((f) => ({ ...f, managed: v || undefined }))}
            options={[{ value: '', label: t('certs.all') }, { value: 'yes', label: t('certs.yes') }, { value: 'no', label: t('log.unexpected') }]}
            data-testid="log-managed"
          />
          <Button icon={<DownloadOutlined />} onClick={() => void doExport()} data-testid="log-export">{t('certs.export')}</Button>
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>{t('certs.total', { total: items.length })}</Typography.Text>
        </Flex>
        <Table<CtEntry>
          rowKey="idx"
          size="small"
          loading={ct.isLoading}
          dataSource={items}
          locale={{ emptyText: t('log.empty') }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          data-testid="log-entries"
          columns={[
            { title: t('log.index'), dataIndex: 'idx', key: 'idx', width: 70 },
            {
              title: t('certs.names'),
              key: 'names',
              render: (_, e) => (
                <>
                  <div>{e.names.slice(0, 3).join(', ') || e.subject}</div>
                  {e.entryType === 'precert' ? <Tag>{t('log.precert')}</Tag> : null}
                </>
              ),
            },
            { title: t('certs.issuer'), key: 'issuer', render: (_, e) => <Typography.Text ellipsis style={{ maxWidth: 220 }}>{e.issuer}</Typography.Text> },
            {
              title: t('log.serial'),
              key: 'serial',
              render: (_, e) => <Typography.Text code style={{ whiteSpace: 'nowrap' }} title={e.serial}>{e.serial.length > 14 ? `${e.serial.slice(0, 8)}…${e.serial.slice(-4)}` : e.serial}</Typography.Text>,
            },
            { title: t('log.validity'), key: 'validity', render: (_, e) => `${formatDate(e.notBefore)} ~ ${formatDate(e.notAfter)}` },
            { title: t('log.loggedAt'), key: 'loggedAt', render: (_, e) => formatDateTime(e.loggedAt) },
            {
              title: t('certs.managed'),
              key: 'managed',
              render: (_, e) => (e.managed ? <Tag color="blue">{e.orderNo}</Tag> : <Tag color="error">{t('log.unexpected')}</Tag>),
            },
          ]}
        />
      </Card>
    </div>
  );
}
