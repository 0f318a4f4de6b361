import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { ownershipTransferBody } from '@cc/contracts/team';
import { OwnerProofFields } from '../../components/owner-proof-fields.tsx';
import { useCodeConfirm } from '../../hooks/use-code-confirm.ts';
import { rulesFrom } from '../../lib/form-rules.ts';
import { sha256Hex } from '../../lib/hash.ts';
import { useManage } from '../../features/account/api/get-manage.ts';
import { useSubAccounts } from '../../features/team/api/get-sub-accounts.ts';
import { getOwnershipCode, useTransferOwnership } from '../../features/team/api/ownership.ts';
import { useTeamT } from '../../features/team/i18n.ts';

type Channel = 'tel' | 'email';
interface Values {
  memberID: number;
  password: string;
  channel: Channel;
  code: string;
}

/** The owner hands the account to an active member: password and a code, then one step on the server. */
export function OwnershipCard() {
  const { t, msg } = useTeamT();
  const manage = useManage();
  const members = useSubAccounts();
  const transfer = useTransferOwnership();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const channels = (manage.data?.closure.channels ?? []) as Channel[];
  const owner = manage.data?.owner;
  const active = (members.data?.data ?? []).filter((m) => m.status === 'active');
  const shape = ownershipTransferBody.shape;
  const { error, setError, send, submit } = useCodeConfirm(form, {
    sendCode: async (channel) => getOwnershipCode({ channel }),
    sentText: (to) => t('owner.codeSent', { to }),
    perform: async (v) => transfer.mutateAsync({ memberID: v.memberID, password: await sha256Hex(v.password), channel: v.channel, code: v.code }),
    doneText: t('owner.done'),
    onDone: () => setOpen(false),
  });

  return (
    <Card title={t('owner.title')} data-testid="ownership-card">
      <Flex align="center" gap={16} wrap>
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: 200 }}>
          {t('owner.desc')}
        </Typography.Text>
        <Button danger onClick={() => { form.resetFields(); setError(null); setOpen(true); }} disabled={!active.length || !channels.length} data-testid="ownership-start">
          {t('owner.start')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('owner.title')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Flex justify="end" gap={8}>
            <Button onClick={() => setOpen(false)}>{t('owner.cancel')}</Button>
            <Button type="primary" loading={transfer.isPending} onClick={() => void submit()} data-testid="ownership-submit">
              {t('owner.submit')}
            </Button>
          </Flex>
        }
      >
        <Alert type="warning" showIcon title={t('owner.warn')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" initialValues={{ channel: channels[0] }} requiredMark={false}>
          <Form.Item name="memberID" label={t('owner.member')} rules={[{ required: true, message: msg('team.v.member') }]}>
            <Select
              placeholder={t('owner.memberPlaceholder')}
              options={active.map((m) => ({ value: m.subAccountID, label: `${m.name} (${m.email || m.telephone})` }))}
              data-testid="ownership-member"
            />
          </Form.Item>
          <OwnerProofFields channels={channels} owner={owner} send={send} codeRules={rulesFrom(shape.code, msg)} testId="ownership" />
        </Form>
        {error ? <Alert type="error" showIcon title={error} data-testid="ownership-error" /> : null}
      </Modal>
    </Card>
  );
}
