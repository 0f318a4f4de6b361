import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useMsg } from '../../../../i18n/index.ts';
import { validValues } from '../../../../lib/form.ts';
import { sha256Hex } from '../../../../lib/hash.ts';
import { toast } from '../../../../lib/toast.ts';
import { useMemberTwoStep, useSetMemberTwoStep } from '../../api/member-two-step.ts';
import { useApiError } from '../../hooks/use-api-error.ts';

/** A member's own second step: a code to its own e-mail (or phone) after the password, on or off with its password. */
export function MemberTwoStepCard() {
  const { t } = useTranslation();
  const m = useMsg();
  const { token } = theme.useToken();
  const q = useMemberTwoStep(true);
  const set = useSetMemberTwoStep();
  const err = useApiError();
  const [form] = Form.useForm<{ password: string }>();
  const [open, setOpen] = useState(false);
  const on = q.data?.twoStep === 'Y';

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    err.clear();
    try {
      await set.mutateAsync({ twoStep: on ? 'N' : 'Y', password: await sha256Hex(v.password) });
      toast.success(t('secure.memberTwoStepSaved'));
      setOpen(false);
    } catch (e) {
      err.report(e);
    }
  };

  return (
    <Card title={t('secure.memberTwoStepTitle')} data-testid="member-two-step-card">
      {!q.data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex align="center" gap={16} wrap>
          <span style={{ fontSize: 24, color: token.colorPrimary }}>
            <SafetyOutlined />
          </span>
          <Typography.Text type="secondary" style={{ flex: 1, minWidth: 200 }}>
            {q.data.channel ? t('secure.memberTwoStepDesc', { contact: q.data.contact }) : t('secure.memberTwoStepNone')}
          </Typography.Text>
          <Tag color={on ? 'success' : 'default'} data-testid="member-two-step-state" data-state={q.data.twoStep}>
            {on ? t('secure.memberTwoStepOn') : t('secure.memberTwoStepOff')}
          </Tag>
          <Button onClick={() => { form.resetFields(); err.clear(); setOpen(true); }} disabled={!q.data.channel} data-testid="member-two-step-toggle">
            {on ? t('secure.memberTwoStepDisable') : t('secure.memberTwoStepEnable')}
          </Button>
        </Flex>
      )}
      <Modal
        open={open}
        title={on ? t('secure.memberTwoStepDisable') : t('secure.memberTwoStepEnable')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={set.isPending}
        okButtonProps={{ 'data-testid': 'member-two-step-ok' } as Record<string, string>}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <Form.Item name="password" label={t('secure.memberTwoStepPassword')} rules={[{ required: true, message: m('v.passwordEmpty') }]}>
            <Input.Password autoComplete="current-password" data-testid="member-two-step-password" />
          </Form.Item>
        </Form>
        {err.error ? <Alert type="error" showIcon title={err.error} data-testid="member-two-step-error" /> : null}
      </Modal>
    </Card>
  );
}
