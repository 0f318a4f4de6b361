import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import type { DnsZone } from '@cc/contracts/dns';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useZones } from '../api/get-zones.ts';
import { useAddZone } from '../api/add-zone.ts';
import { useCheckZone } from '../api/check-zone.ts';
import { useDeleteZone } from '../api/delete-zone.ts';
import { useDnsT } from '../i18n.ts';
import { PendingZone } from '../components/pending-zone.tsx';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/**
 * /domain/dns: the hosted zones, adding one registered elsewhere and checking its proof of control. A pending zone
 * opens below its row with what to do (the nameservers, or its TXT verification record) and the last check's reason.
 */
export default function ZonesPage() {
  const { t } = useDnsT();
  const zones = useZones();
  const add = useAddZone();
  const check = useCheckZone();
  const del = useDeleteZone();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [search, setSearch] = useState('');
  // Pending zones are open (what to do) unless the user closed them.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => (zones.data?.zones ?? []).filter((z) => z.name.includes(search.trim().toLowerCase())), [zones.data, search]);
  const open = useMemo(() => shown.filter((z) => z.status === 'pending' && !closed.has(z.name)).map((z) => z.name), [shown, closed]);

  const submit = async () => {
    setError('');
    try {
      const z = await add.mutateAsync(name.trim());
      if (z.status === 'active') toast.success(t('zones.addedLive', { zone: z.name }));
      else toast.show('info', t('zones.added', { zone: z.name }));
      setName('');
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
      else throw e;
    }
  };
  const runCheck = async (zone: string) => {
    try {
      const z = await check.mutateAsync(zone);
      if (z.status === 'active') toast.success(t('zones.checkedLive', { zone }));
      else toast.warning(t('zones.checkedNot', { zone, note: z.checkNote }));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      else throw e;
    }
  };

  if (zones.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Card title={t('zones.title')}>
        <Typography.Paragraph>{t('zones.intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('zones.nameserversHelp')}</Typography.Paragraph>
        <Space wrap data-testid="dns-nameservers" aria-label={t('zones.nameservers')}>
          <Typography.Text strong>{t('zones.nameservers')}:</Typography.Text>
          {(zones.data?.nameservers ?? []).map((n) => (
            <Typography.Text key={n} code copyable style={mono}>{n}</Typography.Text>
          ))}
        </Space>
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Input style={{ maxWidth: 320 }} value={name} onChange={(e) => setName(e.target.value)} onPressEnter={() => void submit()} placeholder={t('zones.addPlaceholder')} aria-label={t('zones.addPlaceholder')} data-testid="zone-name" />
          <Button type="primary" loading={add.isPending} disabled={!name.trim()} onClick={() => void submit()} data-testid="zone-add">{t('zones.add')}</Button>
          <Link to="/domain/batch/dns"><Button>{t('zones.batch')}</Button></Link>
        </Flex>
        {error ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} data-testid="zone-error" /> : null}
      </Card>
      <Card>
        <Input.Search allowClear style={{ maxWidth: 280, marginBottom: 12 }} placeholder={t('zones.search')} aria-label={t('zones.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Table
          rowKey="name"
          data-testid="dns-zones"
          dataSource={shown}
          locale={{ emptyText: t('zones.empty') }}
          pagination={shown.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 760 }}
          expandable={{
            rowExpandable: (z: DnsZone) => z.status === 'pending',
            expandedRowKeys: open,
            onExpand: (expanded: boolean, z: DnsZone) =>
              setClosed((c) => {
                const next = new Set(c);
                if (expanded) next.delete(z.name);
                else next.add(z.name);
                return next;
              }),
            expandedRowRender: (z: DnsZone) => <PendingZone zone={z} onCheck={() => void runCheck(z.name)} checking={check.isPending && check.variables === z.name} />,
          }}
          columns={[
            { title: t('zones.colZone'), dataIndex: 'name', render: (n: string) => <Link style={{ whiteSpace: 'nowrap' }} to="/domain/dns/$domain" params={{ domain: n }}>{n}</Link> },
            {
              title: t('zones.colStatus'),
              key: 'status',
              render: (_: unknown, z: DnsZone) => (
                <Space size={4}>
                  {z.status === 'active' ? <Tag color="green">{t('zones.active')}</Tag> : <Tag color="orange">{t('zones.pending')}</Tag>}
                  {z.origin === 'registered' ? <Tag color="blue">{t('zones.registered')}</Tag> : null}
                </Space>
              ),
            },
            { title: t('zones.colRecords'), dataIndex: 'recordCount', width: 90 },
            { title: t('zones.colSerial'), dataIndex: 'serial', width: 120 },
            { title: t('zones.colUpdated'), dataIndex: 'updatedAt', width: 170 },
            {
              title: t('zones.colActions'),
              key: 'a',
              render: (_: unknown, z: DnsZone) => (
                <Space size={0}>
                  <Link to="/domain/dns/$domain" params={{ domain: z.name }}><Button type="link" size="small">{t('zones.manage')}</Button></Link>
                  <Button type="link" size="small" onClick={() => void runCheck(z.name)} data-testid={`zone-check-${z.name}`}>{t('zones.check')}</Button>
                  <Popconfirm title={t('zones.removeConfirm', { zone: z.name })} onConfirm={() => void del.mutateAsync(z.name).then(() => toast.success(t('zones.removed', { zone: z.name })))}>
                    <Button type="link" size="small" danger>{t('zones.remove')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
