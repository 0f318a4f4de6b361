import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Target, TargetsAdded } from '@cc/contracts/discovery';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddTargets } from '../api/add-targets.ts';
import { useDeleteTarget } from '../api/delete-target.ts';
import { useImportFromOrders } from '../api/import-from-orders.ts';
import { useImportFromZones } from '../api/import-from-zones.ts';
import { useTargets } from '../api/get-targets.ts';
import { DiscoveryNav } from '../components/discovery-nav.tsx';
import { StateTag } from '../components/state-tag.tsx';
import { useDiscoveryT } from '../i18n.ts';

type AddForm = { lines: string; ports: string; group: string };

const portList = (text: string): number[] | null => {
  const parts = text.split(/[\s,;，]+/).filter(Boolean);
  if (!parts.length) return [];
  const nums = parts.map(Number);
  return nums.every((n) => Number.isInteger(n) && n >= 1 && n <= 65535) ? nums : null;
};

/** /certhub/discovery/manage: the targets to scan, added from lines or from the account's orders. */
export default function ManagePage() {
  const { t } = useDiscoveryT();
  const [form] = Form.useForm<AddForm>();
  const targets = useTargets();
  const add = useAddTargets();
  const fromOrders = useImportFromOrders();
  const fromZones = useImportFromZones();
  const remove = useDeleteTarget();
  const [result, setResult] = useState<TargetsAdded | null>(null);
  const [error, setError] = useState('');

  const done = (r: TargetsAdded) => {
    setResult(r);
    toast.success(t('manage.added', { n: r.added }));
  };
  const submit = async (v: AddForm) => {
    setError('');
    const ports = portList(v.ports ?? '');
    if (ports === null) return setError(t('manage.badPort'));
    try {
      done(await add.mutateAsync({ lines: v.lines.split('\n').map((l) => l.trim()).filter(Boolean), group: v.group ?? '', ...(ports.length ? { ports } : {}) }));
      form.resetFields(['lines']);
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  const importFrom = async (source: typeof fromOrders | typeof fromZones) => {
    setError('');
    try {
      done(await source.mutateAsync({ group: form.getFieldValue('group') ?? '' }));
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };

  return (
    <div data-testid="discovery-manage">
      <DiscoveryNav current="manage" />
      <Card title={t('manage.add')} style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ ports: '443', group: '' }}>
          <Form.Item name="lines" label={t('manage.lines')} extra={t('manage.linesHelp')} rules={[{ required: true, whitespace: true, message: t('manage.required') }]}>
            <Input.TextArea rows={5} placeholder={'example.com\nmail.example.com:465\nsmtp://mail.example.com:587\n203.0.113.0/28\n2001:db8::/120'} data-testid="target-lines" />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="ports" label={t('manage.ports')} extra={t('manage.portsHelp')} style={{ minWidth: 220 }}>
              <Input data-testid="target-ports" />
            </Form.Item>
            <Form.Item name="group" label={t('manage.group')} style={{ minWidth: 220 }}>
              <Input maxLength={50} data-testid="target-group" />
            </Form.Item>
          </Flex>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
          {result?.skipped.length ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('manage.skipped')}
              description={<ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="skipped">{result.skipped.map((s) => <li key={s.line}>{s.msg}</li>)}</ul>}
            />
          ) : null}
          <Flex gap={8} wrap align="center">
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="target-add">{t('manage.submit')}</Button>
            <Button onClick={() => void importFrom(fromOrders)} loading={fromOrders.isPending} data-testid="target-from-orders">{t('manage.fromOrders')}</Button>
            <Button onClick={() => void importFrom(fromZones)} loading={fromZones.isPending} data-testid="target-from-zones">{t('manage.fromZones')}</Button>
          </Flex>
          <Flex vertical style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{t('manage.fromOrdersHelp')}</Typography.Text>
            <Typography.Text type="secondary">{t('manage.fromZonesHelp')}</Typography.Text>
          </Flex>
        </Form>
      </Card>
      <Card>
        <Table<Target>
          rowKey="id"
          size="small"
          loading={targets.isLoading}
          dataSource={targets.data?.items ?? []}
          locale={{ emptyText: t('manage.empty') }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          data-testid="targets"
          columns={[
            { title: t('manage.target'), dataIndex: 'value', key: 'value' },
            { title: t('manage.kind'), key: 'kind', render: (_, r) => t(`manage.kinds.${r.kind}`) },
            { title: t('manage.portsCol'), key: 'ports', render: (_, r) => r.ports.map((p) => (r.starttls[String(p)] ? `${p} (${r.starttls[String(p)]!.toUpperCase()} STARTTLS)` : String(p))).join(', ') },
            { title: t('manage.group'), key: 'group', render: (_, r) => (r.group ? <Tag>{r.group}</Tag> : null) },
            { title: t('manage.endpoints'), dataIndex: 'endpoints', key: 'endpoints' },
            { title: t('manage.status'), key: 'state', render: (_, r) => <StateTag state={r.worstState} /> },
            {
              title: t('manage.actions'),
              key: 'actions',
              render: (_, r) => (
                <Popconfirm
                  title={t('manage.removeConfirm')}
                  onConfirm={() => {
                    void remove.mutateAsync(r.id).then(() => toast.success(t('manage.removed')));
                  }}
                >
                  <Button type="link" danger size="small" aria-label={`${t('manage.remove')} ${r.value}`}>{t('manage.remove')}</Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
