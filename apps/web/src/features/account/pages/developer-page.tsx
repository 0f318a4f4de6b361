import { useState, type HTMLAttributes } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { apiKeyCreateBody, apiKeyPrefix, apiKeyScopes, type ApiKey, type ApiKeyScope, type ApiKeySecretAnswer } from '@cc/contracts/api-keys';
import { ApiError, buildUrl } from '../../../lib/http.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { validValues } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useBecomeDeveloper } from '../api/become-developer.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useUpdateApiKey } from '../api/update-api-key.ts';
import { useRotateApiKey } from '../api/rotate-api-key.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { useAccountT } from '../i18n.ts';
import { HelpLink } from '../../../components/help-link.tsx';
import { EabKeysCard } from '../components/eab-keys.tsx';
import { CopyBlock, mono } from '../components/copy-block.tsx';


/** The curl command that lists the orders with `key`, against this console's own API address. */
function curlFor(key: string): string {
  const url = new URL(buildUrl('/v1/orders'), window.location.origin).href;
  return `curl -H "Authorization: Bearer ${key}" "${url}"`;
}

/** Agreeing to the developer terms. */
function BecomeDeveloper() {
  const { t } = useAccountT();
  const become = useBecomeDeveloper();
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState('');
  const terms = t('developer.termsItems', { returnObjects: true }) as unknown as string[];
  const submit = async () => {
    setError('');
    try {
      await become.mutateAsync({ agree: true });
      toast.success(t('developer.became'));
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  return (
    <Card data-testid="developer-terms">
      <Typography.Paragraph>{t('developer.intro')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('developer.terms')}</Typography.Title>
      <ol style={{ paddingInlineStart: 20 }}>
        {terms.map((x) => (
          <li key={x}>
            <Typography.Text>{x}</Typography.Text>
          </li>
        ))}
      </ol>
      <Flex vertical gap={12} align="start">
        <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} data-testid="developer-agree">
          {t('developer.agree')}
        </Checkbox>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Button type="primary" disabled={!agree} loading={become.isPending} onClick={() => void submit()} data-testid="developer-become">
          {t('developer.become')}
        </Button>
      </Flex>
    </Card>
  );
}

type KeyForm = { name: string; scope: ApiKeyScope };

/** Creating a key, or renaming one and changing its scope. */
function KeyDialog({ editing, onClose, onCreated }: { editing: ApiKey | null; onClose: () => void; onCreated: (a: ApiKeySecretAnswer) => void }) {
  const { t, msg } = useAccountT();
  const [form] = Form.useForm<KeyForm>();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const [error, setError] = useState('');
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setError('');
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, name: v.name.trim(), scope: v.scope });
        toast.success(t('developer.saved'));
        onClose();
      } else {
        onCreated(await create.mutateAsync({ name: v.name.trim(), scope: v.scope }));
      }
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  return (
    <Modal
      open
      title={editing ? t('developer.editTitle') : t('developer.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('developer.confirm')}
      cancelText={t('developer.cancel')}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'api-key-dialog-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<KeyForm> form={form} layout="vertical" initialValues={editing ? { name: editing.name, scope: editing.scope } : { name: '', scope: 'read' }} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('developer.name')} rules={rulesFrom(apiKeyCreateBody.shape.name, msg, { field: t('developer.name') })}>
          <Input placeholder={t('developer.namePlaceholder')} maxLength={50} data-testid="api-key-name" autoFocus />
        </Form.Item>
        <Form.Item name="scope" label={t('developer.scope')} rules={rulesFrom(apiKeyCreateBody.shape.scope, msg)}>
          <Radio.Group data-testid="api-key-scope">
            <Space direction="vertical">
              {apiKeyScopes.map((s) => (
                <Radio key={s} value={s} data-testid={`api-key-scope-${s}`}>
                  {t(`developer.scopes.${s}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="api-key-dialog-error" /> : null}
    </Modal>
  );
}

/** The new secret, shown this once. */
function SecretDialog({ answer, onClose }: { answer: ApiKeySecretAnswer; onClose: () => void }) {
  const { t } = useAccountT();
  return (
    <Modal
      open
      title={t('developer.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('developer.copiedDone')}
        </Button>
      }
      width={640}
    >
      <Flex vertical gap={16} data-testid="api-key-secret-dialog">
        <Alert type="warning" showIcon title={t('developer.secretWarning')} />
        <div>
          <Typography.Text strong>
            {t('developer.secret')} · {answer.key.name}
          </Typography.Text>
          <CopyBlock text={answer.secret} testId="api-key-secret" label={t('developer.secret')} />
        </div>
        <div>
          <Typography.Text strong>{t('developer.curlTitle')}</Typography.Text>
          <CopyBlock text={curlFor(answer.secret)} testId="api-key-secret-curl" label={t('developer.curlTitle')} />
        </div>
      </Flex>
    </Modal>
  );
}

function KeyActions({ k, onEdit, onSecret }: { k: ApiKey; onEdit: () => void; onSecret: (a: ApiKeySecretAnswer) => void }) {
  const { t } = useAccountT();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const fail = (e: unknown) => {
    if (e instanceof ApiError) toast.error(e.msg);
  };
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onEdit} data-testid={`api-key-edit-${k.id}`}>
        {t('developer.edit')}
      </Button>
      <Popconfirm
        title={t('developer.rotateConfirm', { name: k.name })}
        okText={t('developer.rotate')}
        cancelText={t('developer.cancel')}
        okButtonProps={{ 'data-testid': 'api-key-rotate-ok' } as Record<string, string>}
        onConfirm={() => void rotate.mutateAsync(k.id).then(onSecret, fail)}
      >
        <Button type="link" size="small" loading={rotate.isPending} data-testid={`api-key-rotate-${k.id}`}>
          {t('developer.rotate')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('developer.revokeConfirm', { name: k.name })}
        okText={t('developer.revoke')}
        cancelText={t('developer.cancel')}
        okButtonProps={{ danger: true, ...({ 'data-testid': 'api-key-revoke-ok' } as Record<string, string>) }}
        onConfirm={() => void revoke.mutateAsync(k.id).then(() => toast.success(t('developer.revoked')), fail)}
      >
        <Button type="link" size="small" danger loading={revoke.isPending} data-testid={`api-key-revoke-${k.id}`}>
          {t('developer.revoke')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** /account/developer: the developer terms, then the account's API keys and how to call the API with one. */
export default function DeveloperPage() {
  const { t, msg } = useAccountT();
  const keys = useApiKeys();
  const [dialog, setDialog] = useState<{ editing: ApiKey | null } | null>(null);
  const [secret, setSecret] = useState<ApiKeySecretAnswer | null>(null);

  const body = () => {
    if (keys.isPending) return <Skeleton active />;
    if (keys.error || !keys.data) return <Alert type="error" showIcon title={keys.error instanceof ApiError ? keys.error.msg : t('translation:http.disconnected')} />;
    const d = keys.data;
    if (!d.developer) return <BecomeDeveloper />;
    const full = d.keys.length >= d.limit;
    return (
      <Flex vertical gap={16}>
        <Card
          title={t('developer.keys')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setDialog({ editing: null })} data-testid="api-key-create">
              {t('developer.create')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary" data-testid="developer-since">
            {t('developer.since', { time: d.developerSince })} · {t('developer.count', { count: d.keys.length, limit: d.limit })}
          </Typography.Paragraph>
          <Table<ApiKey>
            rowKey="id"
            dataSource={d.keys}
            pagination={false}
            scroll={{ x: 880 }}
            data-testid="api-key-table"
            locale={{ emptyText: t('developer.empty') }}
            onRow={(k) => ({ 'data-testid': `api-key-row-${k.id}`, 'data-prefix': k.prefix }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('developer.name'), dataIndex: 'name', key: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
              { title: t('developer.prefix'), dataIndex: 'prefix', key: 'prefix', render: (v: string) => <Typography.Text style={mono}>{`${v}…`}</Typography.Text> },
              { title: t('developer.scope'), dataIndex: 'scope', key: 'scope', render: (v: ApiKeyScope) => msg(`apiKey.scope.${v}`) },
              {
                title: t('developer.createdAt'),
                key: 'createdAt',
                render: (_, k) => (
                  <Flex vertical>
                    <span>{k.createdAt}</span>
                    {k.rotatedAt ? <Typography.Text type="secondary">{t('developer.rotatedAt', { time: k.rotatedAt })}</Typography.Text> : null}
                  </Flex>
                ),
              },
              {
                title: t('developer.lastUsed'),
                key: 'lastUsed',
                render: (_, k) =>
                  k.lastUsedAt ? (
                    <Flex vertical data-testid={`api-key-last-used-${k.id}`}>
                      <span>{k.lastUsedAt}</span>
                      <Typography.Text type="secondary">{k.lastUsedIp}</Typography.Text>
                    </Flex>
                  ) : (
                    <Typography.Text type="secondary" data-testid={`api-key-last-used-${k.id}`}>{t('developer.never')}</Typography.Text>
                  ),
              },
              { title: t('developer.actions'), key: 'actions', render: (_, k) => <KeyActions k={k} onEdit={() => setDialog({ editing: k })} onSecret={setSecret} /> },
            ]}
          />
        </Card>
        <Card title={t('developer.curlTitle')}>
          <Typography.Paragraph>{t('developer.curlDesc')}</Typography.Paragraph>
          <CopyBlock text={curlFor(`${d.keys[0]?.prefix ?? apiKeyPrefix}…`)} testId="developer-curl" label={t('developer.curlTitle')} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('developer.curlPlaceholder', { prefix: d.keys[0]?.prefix ?? apiKeyPrefix })}
          </Typography.Paragraph>
          <ul style={{ paddingInlineStart: 20 }}>
            {apiKeyScopes.map((s) => (
              <li key={s}>
                <Typography.Text>{t(`developer.scopes.${s}`)}</Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Link href="/docs" target="_blank" rel="noopener">
            {t('developer.docs')}
          </Typography.Link>
        </Card>
        <EabKeysCard />
      </Flex>
    );
  };

  return (
    <div data-testid="account-developer-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.developer')}
      </Typography.Title>
      <Typography.Paragraph>
        <HelpLink article="api-keys">{t('developer.helpLink')}</HelpLink>
      </Typography.Paragraph>
      {body()}
      {dialog ? (
        <KeyDialog
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onCreated={(a) => {
            setDialog(null);
            setSecret(a);
          }}
        />
      ) : null}
      {secret ? <SecretDialog answer={secret} onClose={() => setSecret(null)} /> : null}
    </div>
  );
}
