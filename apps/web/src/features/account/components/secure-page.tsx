import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useTranslation } from 'react-i18next';
import { codePattern, maskContact } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';
import { validValues } from '../../../lib/form.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useAccount } from '../../../lib/api/get-account.ts';
import { CodeField } from '../../../components/code-field.tsx';
import { useTwoStepAuth, type TwoStepStatus } from '../api/get-two-step-auth.ts';
import { getTwoStepAuthCode } from '../api/get-two-step-auth-code.ts';
import { useSetTwoStepAuth } from '../api/set-two-step-auth.ts';
import { getGoogleAuth, type GoogleAuthSetup } from '../api/get-google-auth.ts';

type Method = 'tel' | 'email' | 'google';
const statusField: Record<Method, keyof TwoStepStatus> = { tel: 'telAuth', email: 'emailAuth', google: 'googleAuth' };
const icons: Record<Method, React.ReactNode> = { tel: <MobileOutlined />, email: <MailOutlined />, google: <SafetyOutlined /> };

/** /account/secure: the three second-step methods, each turned on or off with a code. */
export default function SecurePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const status = useTwoStepAuth();
  const account = useAccount();
  const [editing, setEditing] = useState<{ method: Method; enable: boolean } | null>(null);
  const info = account.data?.accountInfo;
  const contactOf = (m: Method) => (m === 'tel' ? (info?.telephone ? `+${info.telPrefix} ${maskContact(info.telephone)}` : '') : m === 'email' ? (info?.email ? maskContact(info.email) : '') : '');

  return (
    <div data-testid="secure-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('secure.title')}
      </Typography.Title>
      <Card title={t('secure.twoStep')}>
        <Typography.Paragraph type="secondary">{t('secure.twoStepDesc')}</Typography.Paragraph>
        {status.isPending ? (
          <Skeleton active />
        ) : status.error ? (
          <Alert type="error" showIcon title={status.error instanceof ApiError ? status.error.msg : t('http.disconnected')} />
        ) : (
          (['tel', 'email', 'google'] as const).map((m, i) => {
            const on = status.data?.[statusField[m]] === 'Y';
            const contact = contactOf(m);
            return (
              <Flex
                key={m}
                align="center"
                gap={16}
                wrap
                style={{ padding: '16px 0', borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined }}
                data-testid={`two-step-${m}`}
                data-on={on ? 'Y' : 'N'}
              >
                <span style={{ fontSize: 24, color: token.colorPrimary }}>{icons[m]}</span>
                <div style={{ flex: 1, minWidth: 200 }}>
                  <Flex gap={8} align="center">
                    <Typography.Text strong>{t(`secure.${m}`)}</Typography.Text>
                    <Tag color={on ? 'success' : 'default'}>{on ? t('common.enabled') : t('common.disabled')}</Tag>
                  </Flex>
                  <Typography.Text type="secondary">{t(`secure.${m}Desc`)}</Typography.Text>
                  {m !== 'google' ? (
                    <div>
                      <Typography.Text type="secondary">{contact ? t('secure.bound', { contact }) : t('secure.notBound')}</Typography.Text>
                    </div>
                  ) : null}
                </div>
                <Button type={on ? 'default' : 'primary'} danger={on} onClick={() => setEditing({ method: m, enable: !on })} data-testid={`two-step-${m}-toggle`}>
                  {on ? t('common.disable') : t('common.enable')}
                </Button>
              </Flex>
            );
          })
        )}
      </Card>
      {editing ? <TwoStepDialog method={editing.method} enable={editing.enable} contact={contactOf(editing.method)} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function TwoStepDialog({ method, enable, contact, onClose }: { method: Method; enable: boolean; contact: string; onClose: () => void }) {
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
      await save.mutateAsync({ authType: method, status: enable ? 'Y' : 'N', authCode: authCode.trim() });
      toast.success(t('common.saved'));
      onClose();
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
