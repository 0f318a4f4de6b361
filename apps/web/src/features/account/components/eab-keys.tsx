import { useState, type HTMLAttributes } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { eabKeyCreateBody, type EabKey, type EabKeySecretAnswer } from '@cc/contracts/acme';
import { ApiError } from '../../../lib/http.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { validValues } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateEabKey, useEabChoices, useEabKeys, useRevokeEabKey } from '../api/eab-keys.ts';
import { useAccountT } from '../i18n.ts';
import { CopyBlock, mono } from './copy-block.tsx';
import { useMoney } from '../../../hooks/use-money.ts';


type EabForm = { name: string; productNos: string[]; spendLimit: number | null; orgId: number | null };

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (a: EabKeySecretAnswer) => void }) {
  const { t, msg, lang } = useAccountT();
  const [form] = Form.useForm<EabForm>();
  const create = useCreateEabKey();
  const choices = useEabChoices(true);
  const [error, setError] = useState('');
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setError('');
    try {
      onCreated(await create.mutateAsync({
        name: v.name.trim(), productNos: v.productNos ?? [], spendLimit: v.spendLimit === null || v.spendLimit === undefined ? null : Math.round(v.spendLimit * 100), orgId: v.orgId ?? null,
      }));
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  return (
    <Modal
      open
      title={t('eab.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('eab.confirm')}
      cancelText={t('eab.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'eab-dialog-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<EabForm> form={form} layout="vertical" initialValues={{ name: '', productNos: [], spendLimit: null, orgId: null }}>
        <Form.Item name="name" label={t('eab.name')} rules={rulesFrom(eabKeyCreateBody.shape.name, msg, { field: t('eab.name') })}>
          <Input placeholder={t('eab.namePlaceholder')} maxLength={50} data-testid="eab-name" autoFocus />
        </Form.Item>
        <Form.Item name="productNos" label={t('eab.products')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('eab.productsPlaceholder')}
            data-testid="eab-products"
            aria-label={t('eab.products')}
            optionFilterProp="label"
            options={choices.products.map((p) => ({ value: p.productNo, label: `${lang === 'en' ? p.englishName || p.productName : p.chineseName || p.productName} (${p.productNo})` }))}
          />
        </Form.Item>
        <Form.Item name="spendLimit" label={t('eab.spendLimit')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} placeholder={t('eab.spendLimitPlaceholder')} data-testid="eab-limit" aria-label={t('eab.spendLimit')} />
        </Form.Item>
        <Form.Item name="orgId" label={t('eab.org')}>
          <Select allowClear placeholder={t('eab.orgPlaceholder')} data-testid="eab-org" aria-label={t('eab.org')} options={choices.orgs.map((o) => ({ value: o.id, label: o.orgName }))} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="eab-dialog-error" /> : null}
    </Modal>
  );
}

function SecretDialog({ answer, directoryBase, onClose }: { answer: EabKeySecretAnswer; directoryBase: string; onClose: () => void }) {
  const { t } = useAccountT();
  const product = answer.key.productNos[0] ?? '{productNo}';
  const directory = `${directoryBase}/${product}/directory`;
  const certbot = `certbot certonly --server ${directory} --eab-kid ${answer.key.kid} --eab-hmac-key=${answer.hmacKey} -d example.com`;
  return (
    <Modal
      open
      title={t('eab.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      width={680}
      footer={
        <Button type="primary" onClick={onClose} data-testid="eab-secret-done">
          {t('eab.done')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid="eab-secret-dialog">
        <Alert type="warning" showIcon title={t('eab.secretWarning')} />
        <Typography.Text strong>{t('eab.kid')}</Typography.Text>
        <CopyBlock text={answer.key.kid} testId="eab-kid" label={t('eab.kid')} />
        <Typography.Text strong>{t('eab.hmac')}</Typography.Text>
        <CopyBlock text={answer.hmacKey} testId="eab-hmac" label={t('eab.hmac')} />
        <Typography.Text strong>{t('eab.directory')}</Typography.Text>
        <CopyBlock text={directory} testId="eab-directory" label={t('eab.directory')} />
        <Typography.Text strong>{t('eab.certbot')}</Typography.Text>
        <CopyBlock text={certbot} testId="eab-certbot" label={t('eab.certbot')} />
      </Flex>
    </Modal>
  );
}

/** The EAB keys section of /account/developer: ACME clients bound to this account. */
export function EabKeysCard() {
  const { t } = useAccountT();
  const money = useMoney();
  const keys = useEabKeys();
  const revoke = useRevokeEabKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<EabKeySecretAnswer | null>(null);
  const d = keys.data;
  const full = !!d && d.keys.length >= d.limit;
  return (
    <Card
      title={t('eab.title')}
      data-testid="eab-card"
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!d || full} onClick={() => setCreating(true)} data-testid="eab-create">
          {t('eab.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('eab.intro')}</Typography.Paragraph>
      {keys.error ? <Alert type="error" showIcon title={keys.error instanceof ApiError ? keys.error.msg : t('translation:http.disconnected')} /> : null}
      <Table<EabKey>
        rowKey="id"
        loading={keys.isPending}
        dataSource={d?.keys ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        data-testid="eab-table"
        locale={{ emptyText: t('eab.empty') }}
        onRow={(k) => ({ 'data-testid': `eab-row-${k.id}`, 'data-kid': k.kid }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('eab.name'), dataIndex: 'name', key: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
          { title: t('eab.kid'), dataIndex: 'kid', key: 'kid', render: (v: string) => <Typography.Text style={mono}>{v}</Typography.Text> },
          { title: t('eab.products'), key: 'products', render: (_, k) => (k.productNos.length ? k.productNos.join(', ') : t('eab.all')) },
          { title: t('eab.spent'), key: 'spent', render: (_, k) => `${money(k.spent)} / ${k.spendLimit === null ? t('eab.noLimit') : money(k.spendLimit)}` },
          { title: t('eab.org'), dataIndex: 'orgName', key: 'org', render: (v: string) => v || '—' },
          { title: t('eab.accounts'), dataIndex: 'accounts', key: 'accounts' },
          { title: t('eab.lastUsed'), key: 'lastUsed', render: (_, k) => k.lastUsedAt || <Typography.Text type="secondary">{t('eab.never')}</Typography.Text> },
          {
            title: t('eab.actions'),
            key: 'actions',
            render: (_, k) => (
              <Popconfirm
                title={t('eab.revokeConfirm', { name: k.name })}
                okText={t('eab.revoke')}
                cancelText={t('eab.cancel')}
                okButtonProps={{ danger: true, ...({ 'data-testid': 'eab-revoke-ok' } as Record<string, string>) }}
                onConfirm={() =>
                  void revoke.mutateAsync(k.id).then(
                    () => toast.success(t('eab.revoked')),
                    (e: unknown) => e instanceof ApiError && toast.error(e.msg),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`eab-revoke-${k.id}`}>
                  {t('eab.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(a) => {
            setCreating(false);
            setSecret(a);
          }}
        />
      ) : null}
      {secret && d ? <SecretDialog answer={secret} directoryBase={d.directoryBase} onClose={() => setSecret(null)} /> : null}
    </Card>
  );
}
