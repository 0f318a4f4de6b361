import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { codePattern } from '@cc/domain/account';
import { useMsg } from '../../../../i18n/index.ts';
import { validValues } from '../../../../lib/form.ts';
import { CodeField } from '../../../../components/code-field.tsx';
import { useRecoveryStatus } from '../../api/get-recovery-status.ts';
import { useRegenerateRecoveryCodes } from '../../api/regenerate-recovery-codes.ts';
import { useApiError } from '../../hooks/use-api-error.ts';
import { RecoveryCodesModal } from './recovery-codes-modal.tsx';

/** Under the authenticator: how many recovery codes are left, and a new set after an authenticator code. */
export function RecoveryCodesRow() {
  const { t } = useTranslation();
  const m = useMsg();
  const status = useRecoveryStatus(true);
  const regenerate = useRegenerateRecoveryCodes();
  const err = useApiError();
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [form] = Form.useForm<{ authCode: string }>();

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    err.clear();
    try {
      setCodes((await regenerate.mutateAsync({ authCode: v.authCode.trim() })).codes);
      setAsking(false);
    } catch (e) {
      err.report(e);
    }
  };

  return (
    <Flex align="center" gap={12} wrap style={{ marginTop: 8 }} data-testid="recovery-row">
      <Typography.Text strong>{t('secure.recoveryTitle')}</Typography.Text>
      {status.data ? <Typography.Text type="secondary" data-testid="recovery-left">{t('secure.recoveryLeft', status.data)}</Typography.Text> : null}
      <Button size="small" onClick={() => setAsking(true)} data-testid="recovery-regenerate">
        {t('secure.recoveryRegenerate')}
      </Button>
      <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
        {t('secure.recoveryDesc')}
      </Typography.Text>
      {asking ? (
        <Modal
          open
          title={t('secure.recoveryRegenerate')}
          onCancel={() => setAsking(false)}
          onOk={() => void submit()}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          confirmLoading={regenerate.isPending}
          destroyOnHidden
        >
          <Typography.Paragraph>{t('secure.recoveryRegenerateHint')}</Typography.Paragraph>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
            <CodeField
              name="authCode"
              label={t('secure.totp')}
              placeholder={t('secure.totpPlaceholder')}
              rules={[
                { required: true, message: m('v.codeFormat') },
                { pattern: codePattern, message: m('v.codeFormat') },
              ]}
              testId="recovery-totp"
            />
          </Form>
          {err.error ? <Alert type="error" showIcon title={err.error} /> : null}
        </Modal>
      ) : null}
      {codes ? <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} /> : null}
    </Flex>
  );
}
