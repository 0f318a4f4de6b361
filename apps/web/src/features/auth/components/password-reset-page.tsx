import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { Rule } from 'antd/es/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isEmail, isPhone } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { sha256Hex } from '../../../lib/hash.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { telPrefixes } from '../../../components/phone-number-input.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { forgotPassword, type ForgotPasswordRoute } from '../api/forgot-password.ts';
import { changePwdSendEmail } from '../api/change-pwd-send-email.ts';
import { changePwdSendSms } from '../api/change-pwd-send-sms.ts';
import { changePwdByEmail } from '../api/change-pwd-by-email.ts';
import { changePwdByTel } from '../api/change-pwd-by-tel.ts';
import { AuthShell } from './auth-shell.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { useFieldRules } from '../hooks/use-password-rules.ts';

interface Target extends ForgotPasswordRoute {
  identifier: string;
  telPrefix: string;
}

/** Identifier → phone or e-mail route (POST /forgot_password) → code + new password. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const m = useMsg();
  const site = useSiteConfig();
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [idForm] = Form.useForm<{ identifier: string; telPrefix: string }>();
  const [form] = Form.useForm<{ code: string; password: string; confirm: string }>();
  const identifier: string = Form.useWatch('identifier', idForm) ?? '';
  const password: string = Form.useWatch('password', form) ?? '';
  const looksLikePhone = /^\d+$/.test(identifier.trim());

  const identifierRules: Rule[] = [
    { required: true, whitespace: true, message: m('v.usernameEmpty') },
    ({ getFieldValue }) => ({
      validator(_, v: string | undefined) {
        const s = (v ?? '').trim();
        if (!s || isEmail(s)) return Promise.resolve();
        if (s.includes('@')) return Promise.reject(new Error(m('v.emailFormat')));
        if (/^\d+$/.test(s)) return isPhone(s, String(getFieldValue('telPrefix') ?? '86')) ? Promise.resolve() : Promise.reject(new Error(m('v.phoneFormat')));
        return Promise.reject(new Error(m('v.usernameFormat')));
      },
    }),
  ];

  const lookUp = async (v: { identifier: string; telPrefix: string }) => {
    setBusy(true);
    setError('');
    try {
      const r = await forgotPassword({ username: v.identifier.trim() });
      setTarget({ ...r, identifier: v.identifier.trim(), telPrefix: v.telPrefix ?? site.defaultPrefix });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!target) return;
    setError('');
    try {
      const r = target.route === 'email' ? await changePwdSendEmail({ email: target.identifier }) : await changePwdSendSms({ telephone: target.identifier, telPrefix: target.telPrefix });
      // The server answers alike whether or not an account uses the address (no account enumeration): so does the page.
      toast.success(t('auth.reset.codeSentIfAccount', { to: r.to }));
      return r.resendAfter;
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
      throw e;
    }
  };

  const reset = async (v: { code: string; password: string }) => {
    if (!target) return;
    setBusy(true);
    setError('');
    try {
      const newPwd = await sha256Hex(v.password);
      const code = v.code.trim();
      if (target.route === 'email') await changePwdByEmail({ email: target.identifier, code, newPwd });
      else await changePwdByTel({ telephone: target.identifier, telPrefix: target.telPrefix, code, newPwd });
      await navigate({ to: '/sign-in', search: { reset: '1' } });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
    } finally {
      setBusy(false);
    }
  };

  const confirmRules: Rule[] = [
    { required: true, message: m('v.passwordEmpty') },
    ({ getFieldValue }) => ({
      validator: (_, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.signUp.mismatch')))),
    }),
  ];

  return (
    <AuthShell title={t('route.passwordReset')} testId="password-reset-page">
      {!target ? (
        <Form form={idForm} layout="vertical" requiredMark={false} onFinish={(v) => void lookUp(v)} initialValues={{ telPrefix: site.defaultPrefix, identifier: '' }}>
          <Form.Item label={t('auth.reset.identifier')} required>
            <Space.Compact block>
              {looksLikePhone ? (
                <Form.Item name="telPrefix" noStyle>
                  <Select style={{ width: 96 }} aria-label={t('auth.prefix')} options={telPrefixes.map((p) => ({ value: p, label: `+${p}` }))} popupMatchSelectWidth={false} />
                </Form.Item>
              ) : null}
              <Form.Item name="identifier" noStyle rules={identifierRules}>
                <Input placeholder={t('auth.reset.identifierPlaceholder')} autoComplete="username" data-testid="identifier" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-next">
            {t('auth.reset.next')}
          </Button>
        </Form>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void reset(v)}>
          <Typography.Paragraph type="secondary" data-testid="reset-target">
            {t('auth.reset.sendTo', { contact: target.contact })}
          </Typography.Paragraph>
          <CodeField rules={rules.code} send={send} />
          <Form.Item name="password" label={t('auth.reset.newPassword')} rules={rules.password}>
            <Input.Password autoComplete="new-password" data-testid="password" />
          </Form.Item>
          <PasswordStrength value={password} />
          <Form.Item name="confirm" label={t('auth.signUp.confirm')} dependencies={['password']} rules={confirmRules}>
            <Input.Password autoComplete="new-password" data-testid="confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
            {t('auth.reset.submit')}
          </Button>
          <Button type="link" block onClick={() => setTarget(null)} style={{ marginTop: 8 }}>
            {t('auth.reset.changeIdentifier')}
          </Button>
        </Form>
      )}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="form-error" /> : null}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/sign-in">{t('auth.sec.backToSignIn')}</Link>
      </Flex>
    </AuthShell>
  );
}
