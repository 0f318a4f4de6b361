import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { Rule } from 'antd/es/form';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { sha256Hex } from '../../../lib/hash.ts';
import { ApiError } from '../../../lib/http.ts';
import { useMsg } from '../../../i18n/index.ts';
import type { InvitationAnswer } from '@cc/contracts/team';
import { acceptInvitation, getInvitation } from '../api/invitation.ts';
import { useFieldRules } from '../hooks/use-password-rules.ts';
import { AuthShell } from './auth-shell.tsx';
import { PasswordStrength } from './password-strength.tsx';

/** /invitation?token=…: a member invited by e-mail or SMS sets its password here, then signs in as usual. */
export default function InvitationPage() {
  const { t } = useTranslation();
  const m = useMsg();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const [invitation, setInvitation] = useState<{ data?: InvitationAnswer; failed?: boolean }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return;
    const ctl = new AbortController();
    getInvitation(token, ctl.signal).then(
      (data) => setInvitation({ data }),
      () => {
        if (!ctl.signal.aborted) setInvitation({ failed: true });
      },
    );
    return () => ctl.abort();
  }, [token]);
  const rules = useFieldRules();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const password: string = Form.useWatch('password', form) ?? '';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (v: { password: string }) => {
    setError(null);
    setBusy(true);
    try {
      await acceptInvitation({ token, password: await sha256Hex(v.password) });
      setDone(true);
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
  const data = invitation.data;

  return (
    <AuthShell title={t('auth.invitation.title')} subtitle={data ? t('auth.invitation.lead', { company: data.companyName || data.accountNo, name: data.name }) : undefined} testId="invitation-page">
      {!token || invitation.failed ? (
        <Alert type="error" showIcon title={t('auth.invitation.invalid')} data-testid="invitation-invalid" />
      ) : !data ? (
        <Skeleton active />
      ) : done ? (
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title={t('auth.invitation.done')} data-testid="invitation-done" />
          <Link to="/sign-in">
            <Button type="primary" block size="large">
              {t('auth.invitation.signIn')}
            </Button>
          </Link>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
          <Typography.Paragraph data-testid="invitation-login">{t('auth.invitation.login', { login: data?.login ?? '' })}</Typography.Paragraph>
          <Form.Item name="password" label={t('auth.invitation.password')} rules={rules.password}>
            <Input.Password autoComplete="new-password" data-testid="password" />
          </Form.Item>
          <PasswordStrength value={password} />
          <Form.Item name="confirm" label={t('auth.signUp.confirm')} dependencies={['password']} rules={confirmRules}>
            <Input.Password autoComplete="new-password" data-testid="confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="invitation-submit">
            {t('auth.invitation.accept')}
          </Button>
        </Form>
      )}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="form-error" /> : null}
    </AuthShell>
  );
}
