import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { inviteCodeMaxLength, inviteCodeMinLength, inviteCodePattern } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { sha256Hex } from '../../../lib/hash.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { PhoneField } from '../../../components/phone-input.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { getSignupCode } from '../api/get-signup-code.ts';
import { signup } from '../api/signup.ts';
import { AuthShell } from './auth-shell.tsx';
import { TypeSwitch } from './type-switch.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { useFieldRules } from '../hooks/use-password-rules.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

type RegisterType = 'tel' | 'email';
interface Values {
  email?: string;
  telPrefix?: string;
  telephone?: string;
  password: string;
  confirm: string;
  code: string;
  inviteCode?: string;
}

export default function SignUpPage() {
  const { t } = useTranslation();
  const m = useMsg();
  const site = useSiteConfig();
  const rules = useFieldRules();
  const finish = useFinishSignIn();
  const search: { inviteCode?: string } = useSearch({ strict: false });
  const params: { code?: string } = useParams({ strict: false });
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<RegisterType>(site.defaultRegisteType);
  const [busy, setBusy] = useState(false);
  const password = Form.useWatch('password', form) ?? '';

  const inviteRules: Rule[] = [
    { pattern: inviteCodePattern, message: m('v.inviteCodeChars') },
    { min: inviteCodeMinLength, max: inviteCodeMaxLength, message: m('v.inviteCodeLength') },
  ];
  const confirmRules: Rule[] = [
    { required: true, message: m('v.passwordEmpty') },
    ({ getFieldValue }) => ({
      validator: (_, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.signUp.mismatch')))),
    }),
  ];

  const sendCode = async () => {
    const fields = type === 'email' ? ['email'] : ['telephone', 'telPrefix'];
    const v = await form.validateFields(fields);
    try {
      const r = await getSignupCode(type === 'email' ? { email: (v.email ?? '').trim() } : { telephone: (v.telephone ?? '').trim(), telPrefix: v.telPrefix });
      // Answered alike for a registered address, which is mailed a note to sign in instead (no account enumeration).
      toast.success(t('auth.signUp.codeSent', { to: r.to }));
      return r.resendAfter;
    } catch (e) {
      if (e instanceof ApiError) toast.notice('warning', t('auth.signUp.notice'), e.msg);
      throw e;
    }
  };

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const user = await signup({
        ...(type === 'email' ? { email: (v.email ?? '').trim() } : { telephone: (v.telephone ?? '').trim(), telPrefix: v.telPrefix }),
        password: await sha256Hex(v.password),
        code: v.code.trim(),
        inviteCode: v.inviteCode?.trim() || undefined,
      });
      toast.success(t('auth.signUp.success'));
      await finish(user, '/dashboard');
    } catch (e) {
      if (e instanceof ApiError) toast.notice('warning', t('auth.signUp.notice'), e.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.toSignUp')} subtitle={t('auth.signUp.subtitle')} testId="sign-up-page">
      <TypeSwitch<RegisterType>
        value={type}
        onChange={setType}
        label={t('auth.signUp.typeLabel')}
        options={[
          { value: 'tel', label: t('auth.signUp.byTel') },
          { value: 'email', label: t('auth.signUp.byEmail') },
        ]}
        testId="register-type"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void onFinish(v)}
        initialValues={{ telPrefix: site.defaultPrefix, inviteCode: search.inviteCode ?? params.code ?? '' }}
      >
        {type === 'email' ? (
          <Form.Item name="email" label={t('auth.email')} rules={rules.email}>
            <Input placeholder={t('auth.emailPlaceholder')} autoComplete="email" inputMode="email" data-testid="email" />
          </Form.Item>
        ) : (
          <PhoneField label={t('auth.tel')} />
        )}
        <CodeField rules={rules.code} send={sendCode} />
        <Form.Item name="password" label={t('auth.password')} rules={rules.password}>
          <Input.Password placeholder={t('auth.passwordPlaceholder')} autoComplete="new-password" data-testid="password" />
        </Form.Item>
        <PasswordStrength value={password} />
        <Form.Item name="confirm" label={t('auth.signUp.confirm')} dependencies={['password']} rules={confirmRules}>
          <Input.Password placeholder={t('auth.signUp.confirmPlaceholder')} autoComplete="new-password" data-testid="confirm" />
        </Form.Item>
        <Form.Item name="inviteCode" label={t('auth.signUp.inviteCode')} rules={inviteRules}>
          <Input maxLength={inviteCodeMaxLength} data-testid="invite-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="sign-up-submit">
          {t('auth.signUp.submit')}
        </Button>
      </Form>
      <Flex justify="center" gap={4} style={{ marginTop: 20 }}>
        <span>{t('auth.hasAccount')}</span>
        <Link to="/sign-in">{t('auth.toSignIn')}</Link>
      </Flex>
    </AuthShell>
  );
}

