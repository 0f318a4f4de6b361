import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useTranslation } from 'react-i18next';
import { codePattern } from '@cc/domain/account';
import { useMsg } from '../../../../i18n/index.ts';
import { validValues } from '../../../../lib/form.ts';
import { ApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/toast.ts';
import { copyText } from '../../../../lib/clipboard.ts';
import { CodeField } from '../../../../components/code-field.tsx';
import { getTwoStepAuthCode } from '../../api/get-two-step-auth-code.ts';
import { useSetTwoStepAuth } from '../../api/set-two-step-auth.ts';
import { getGoogleAuth, type GoogleAuthSetup } from '../../api/get-google-auth.ts';

export type Method = 'tel' | 'email' | 'google';

/** Turns one second-step method on or off with a code; the authenticator first shows its QR code. */
export function TwoStepDialog({ method, enable, contact, onClose, onRecoveryCodes }: { method: Method; enable: boolean; contact: string; onClose: () => void; onRecoveryCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const m = useMsg();
  const [form] = Form.useForm<{ authCode: string }>();
  const save = useSetTwoStepAuth();
  const [error, setError] = useState('');
  const [setup, setSetup] = useState<GoogleAuthSetup | null>(null);
  const needsSetup = method === 'google' && enable;

  useEffect(() => {
    if (!needsSetup) return;
    let live = true;
    getGoogleAuth().then(
      (s) => live && setSetup(s),
      (e: unknown) => live && setError(e instanceof ApiError ? e.msg : t('http.disconnected')),
    );
    return () => {
      live = false;
    };
  }, [needsSetup, t]);

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const { authCode } = v;
    setError('');
    try {
      const r = await save.mutateAsync({ authType: method, status: enable ? 'Y' : 'N', authCode: authCode.trim() });
      toast.success(t('common.saved'));
      onClose();
      if (r.recoveryCodes?.length) onRecoveryCodes(r.recoveryCodes);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
    }
  };

  const send = async () => {
    if (method === 'google') return;
    setError('');
    try {
      const r = await getTwoStepAuthCode({ authType: method });
      toast.success(t('common.codeSentTo', { to: r.to }));
      return r.resendAfter;
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
      throw e;
    }
  };

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('common.copySuccess'));
    else toast.error(t('common.copyFail'));
  };

  const methodName = t(`secure.${method}`);
  return (
    <Modal
      open
      title={enable ? t('secure.enableTitle', { method: methodName }) : t('secure.disableTitle', { method: methodName })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'two-step-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <div data-testid="two-step-dialog">
        {needsSetup ? (
          setup ? (
            <div style={{ marginBottom: 16 }}>
              <Typography.Paragraph>{t('secure.scan')}</Typography.Paragraph>
              <Flex justify="center">
                <img src={setup.qrCode} alt={t('secure.qrAlt')} width={180} height={180} style={{ background: '#fff', padding: 8, borderRadius: 8 }} data-testid="google-qr" />
              </Flex>
              <Typography.Text type="secondary">{t('secure.secret')}</Typography.Text>
              <Flex gap={8} style={{ marginTop: 4 }}>
                <Input readOnly value={setup.secret} data-testid="google-secret" style={{ fontFamily: 'monospace' }} />
                <Button icon={<CopyOutlined />} onClick={() => void copy(setup.secret)} data-testid="copy-secret">
                  {t('common.copy')}
                </Button>
              </Flex>
            </div>
          ) : !error ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : null
        ) : null}
        {method !== 'google' ? <Typography.Paragraph type="secondary">{contact ? t('auth.sec.sendTo', { contact }) : t('secure.notBound')}</Typography.Paragraph> : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <CodeField
            name="authCode"
            label={method === 'google' ? t('secure.totp') : t('common.code')}
            rules={[
              { required: true, message: m('v.codeFormat') },
              { pattern: codePattern, message: m('v.codeFormat') },
            ]}
            placeholder={method === 'google' ? t('secure.totpPlaceholder') : t('common.codePlaceholder')}
            send={method !== 'google' ? send : undefined}
            testId="two-step-code"
          />
        </Form>
        {error ? <Alert type="error" showIcon title={error} data-testid="two-step-error" /> : null}
      </div>
    </Modal>
  );
}
