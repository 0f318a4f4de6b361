import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { typedPasswordField } from '@cc/contracts/security';
import { useMsg } from '../../../../i18n/index.ts';
import { rulesFrom } from '../../../../lib/form-rules.ts';
import { validValues } from '../../../../lib/form.ts';
import { toast } from '../../../../lib/toast.ts';
import { useChangePassword } from '../../api/change-password.ts';
import { useApiError } from '../../hooks/use-api-error.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Old password, then the new one twice (the password rule of document 02 §5); other sessions end. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const m = useMsg();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const err = useApiError();

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    err.clear();
    try {
      const r = await change.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      toast.success(t('secure.passwordChanged', { count: r.signedOut }));
      onClose();
    } catch (e) {
      err.report(e);
    }
  };

  return (
    <Modal
      open
      title={t('secure.changePassword')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      okButtonProps={{ 'data-testid': 'password-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()} data-testid="password-dialog">
        <Form.Item name="oldPassword" label={t('secure.oldPassword')} rules={[{ required: true, message: m('v.passwordEmpty') }]}>
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('secure.newPassword')} rules={rulesFrom(typedPasswordField, m)}>
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('secure.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: m('v.passwordEmpty') },
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('secure.passwordMismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
      </Form>
      {err.error ? <Alert type="error" showIcon title={err.error} data-testid="password-error" /> : null}
    </Modal>
  );
}
