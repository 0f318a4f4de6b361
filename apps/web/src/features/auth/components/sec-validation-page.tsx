import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { secondStepData } from '@cc/contracts/session';
import { recoveryCodePattern } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/http.ts';
import { CodeField } from '../../../components/code-field.tsx';
import { getSecCode } from '../api/get-sec-code.ts';
import { secValidation } from '../api/sec-validation.ts';
import { AuthShell } from './auth-shell.tsx';
import { useFieldRules } from '../hooks/use-password-rules.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

type AuthType = z.infer<typeof secondStepData>['authType'];
// Runtime copy of the contract's enum: importing the schema module would pull zod into this page.
const allAuthTypes: readonly AuthType[] = ['tel', 'email', 'google'];
const isAuthType = (v: unknown): v is AuthType => typeof v === 'string' && (allAuthTypes as readonly string[]).includes(v);

/** Second step of a sign-in (code 12009): SMS, e-mail or authenticator code. */
export default function SecValidationPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const finish = useFinishSignIn();
  const search: { secToken?: string; authType?: string; authTypes?: string; contact?: string; telContact?: string; emailContact?: string; redirect?: string } = useSearch({ strict: false });
  const enabled = (search.authTypes ?? '').split(',').filter(isAuthType);
  const [method, setMethod] = useState<AuthType | undefined>(isAuthType(search.authType) ? search.authType : enabled[0]);
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  // Instead of the authenticator: one of its one-time recovery codes.
  const [recovery, setRecovery] = useState(false);
  const m = useMsg();

  if (!search.secToken || !method) {
    return (
      <AuthShell title={t('auth.sec.title')} testId="sec-validation-page">
        <Alert type="warning" showIcon title={t('auth.sec.missing')} />
        <Link to="/sign-in">
          <Button type="primary" block style={{ marginTop: 16 }}>
            {t('auth.sec.backToSignIn')}
          </Button>
        </Link>
      </AuthShell>
    );
  }
  const secToken = search.secToken;
  const methods = enabled.length ? enabled : [method];

  const send = async () => {
    setError('');
    try {
      const r = await getSecCode({ secToken, authType: method });
      setSentTo(r.to);
      return r.resendAfter;
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
      throw e;
    }
  };

  const onFinish = async ({ code }: { code: string }) => {
    setBusy(true);
    setError('');
    try {
      const user = await secValidation({ secToken, authType: recovery && method === 'google' ? 'recovery' : method, code: code.trim() });
      await finish(user, search.redirect);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.sec.title')} subtitle={t('auth.sec.desc')} testId="sec-validation-page">
      {methods.length > 1 ? (
        <Segmented<AuthType>
          block
          value={method}
          onChange={(v) => {
            setMethod(v);
            setRecovery(false);
            setSentTo('');
            setError('');
          }}
          options={methods.map((m) => ({ value: m, label: t(`auth.sec.${m}`) }))}
          style={{ marginBottom: 16 }}
          data-testid="sec-method"
        />
      ) : (
        <Typography.Paragraph strong>{t(`auth.sec.${method}`)}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" data-testid="sec-hint">
        {method === 'google' ? (recovery ? t('auth.sec.recoveryHint') : t('auth.sec.googleHint')) : sentTo ? t('common.codeSentTo', { to: sentTo }) : t('auth.sec.sendTo', { contact: (method === 'tel' ? search.telContact : search.emailContact) ?? search.contact ?? '' })}
      </Typography.Paragraph>
      <Form<{ code: string }> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} key={`${method}-${recovery}`}>
        {method === 'google' && recovery ? (
          <Form.Item
            name="code"
            label={t('auth.sec.recoveryCode')}
            rules={[
              { required: true, whitespace: true, message: m('sec.v.recoveryFormat') },
              { validator: (_, v: string | undefined) => (!v || recoveryCodePattern.test(v.trim().toLowerCase()) ? Promise.resolve() : Promise.reject(new Error(m('sec.v.recoveryFormat')))) },
            ]}
          >
            <Input maxLength={11} placeholder="xxxxx-xxxxx" autoComplete="off" autoFocus data-testid="recovery-code" />
          </Form.Item>
        ) : (
          <CodeField rules={rules.code} send={method !== 'google' ? send : undefined} autoFocus />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="sec-submit">
          {t('auth.sec.submit')}
        </Button>
      </Form>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="form-error" /> : null}
      {method === 'google' ? (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button
            type="link"
            onClick={() => {
              setRecovery(!recovery);
              setError('');
            }}
            data-testid="use-recovery"
          >
            {recovery ? t('auth.sec.useAuthenticator') : t('auth.sec.useRecovery')}
          </Button>
        </Flex>
      ) : null}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/sign-in">{t('auth.sec.backToSignIn')}</Link>
      </Flex>
    </AuthShell>
  );
}
