import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Profile, ProfileBody } from '@cc/contracts/discovery';
import { ApiError } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { toast } from '../../../lib/toast.ts';
import { useProfiles } from '../api/get-profiles.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useScanNow } from '../api/scan-now.ts';
import { DiscoveryNav } from '../components/discovery-nav.tsx';
import { useDiscoveryT } from '../i18n.ts';
import { TextLink } from '../../../components/text-link.tsx';

type Editing = { id: number | null; values: ProfileBody };

function ProfileDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useDiscoveryT();
  const [form] = Form.useForm<ProfileBody>();
  const save = useSaveProfile();
  const [error, setError] = useState('');
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync({ id: editing.id, body: await form.validateFields() });
      toast.success(t('profile.saved'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  return (
    <Modal open title={editing.id === null ? t('profile.create') : t('profile.edit')} onOk={() => void submit()} onCancel={onClose} okText={t('profile.save')} cancelText={t('profile.cancel')} confirmLoading={save.isPending}>
      <Form form={form} layout="vertical" initialValues={editing.values} data-testid="profile-form">
        <Form.Item name="name" label={t('profile.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="everyHours" label={t('profile.everyHours')} rules={[{ required: true }]}>
            <InputNumber min={1} max={720} precision={0} />
          </Form.Item>
          <Form.Item name="timeoutMs" label={t('profile.timeoutMs')} rules={[{ required: true }]}>
            <InputNumber min={500} max={30000} step={500} precision={0} />
          </Form.Item>
          <Form.Item name="concurrency" label={t('profile.concurrency')} rules={[{ required: true }]}>
            <InputNumber min={1} max={32} precision={0} />
          </Form.Item>
        </Flex>
        <Form.Item name="enabled" label={t('profile.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}

/** /certhub/discovery/profile: how often and how hard targets are scanned; "scan now". */
export default function ProfilePage() {
  const { t } = useDiscoveryT();
  const profiles = useProfiles();
  const scan = useScanNow();
  const [editing, setEditing] = useState<Editing | null>(null);
  const scanNow = async (p: Profile) => {
    const r = await scan.mutateAsync(p.id);
    toast.success(t('profile.scanning', { n: r.queued }));
  };
  return (
    <div data-testid="discovery-profile">
      <DiscoveryNav current="profile" />
      <Card
        title={t('nav.profile')}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ id: null, values: { name: '', everyHours: 24, timeoutMs: 5000, concurrency: 8, enabled: true } })} data-testid="profile-create">
            {t('profile.create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          {t('profile.intro')} <TextLink to="/account/notify">{t('profile.notify')}</TextLink>
        </Typography.Paragraph>
        <Table<Profile>
          rowKey="id"
          size="small"
          loading={profiles.isLoading}
          dataSource={profiles.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('profile.empty') }}
          data-testid="profiles"
          columns={[
            { title: t('profile.name'), dataIndex: 'name', key: 'name' },
            { title: t('profile.everyHours'), dataIndex: 'everyHours', key: 'every' },
            { title: t('profile.timeoutMs'), dataIndex: 'timeoutMs', key: 'timeout' },
            { title: t('profile.concurrency'), dataIndex: 'concurrency', key: 'conc' },
            { title: t('profile.enabled'), key: 'enabled', render: (_, p) => <Tag color={p.enabled ? 'success' : 'default'}>{p.enabled ? '✓' : '—'}</Tag> },
            { title: t('profile.targetsEndpoints'), key: 'targets', render: (_, p) => `${p.targets} / ${p.endpoints}` },
            { title: t('profile.lastRunAt'), key: 'last', render: (_, p) => (p.lastRunAt ? formatDateTime(p.lastRunAt) : t('profile.never')) },
            { title: t('profile.nextScanAt'), key: 'next', render: (_, p) => (p.nextScanAt ? formatDateTime(p.nextScanAt) : '—') },
            {
              title: '',
              key: 'actions',
              render: (_, p) => (
                <Flex gap={4}>
                  <Button size="small" type="primary" onClick={() => void scanNow(p)} loading={scan.isPending} data-testid={`scan-${p.id}`}>{t('profile.scanNow')}</Button>
                  <Button size="small" onClick={() => setEditing({ id: p.id, values: { name: p.name, everyHours: p.everyHours, timeoutMs: p.timeoutMs, concurrency: p.concurrency, enabled: p.enabled } })}>
                    {t('profile.edit')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      {editing ? <ProfileDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
