import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '@cc/contracts/errors';
import { emailPattern, isPhone } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { sha256Hex } from '../../../lib/hash.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import type { PhoneValue } from '../../../components/phone-number-input.tsx';
import { PlainInput } from '../../../components/plain-input.tsx';
import { login, type SecondStepData } from '../api/login.ts';
import { AuthShell } from './auth-shell.tsx';
import { TypeSwitch } from './type-switch.tsx';
import { Notice } from './notice.tsx';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

type LoginType = 'email' | 'tel';
type Field = 'email' | 'telephone' | 'password';


// Loaded on demand so that the first page stays small: the phone field brings antd's Select,
// the slider check its own code; both are fetched when they are about to be needed.
const loadPhone = () => import('../../../components/phone-number-input.tsx');
const loadCaptcha = () => import('./slider-captcha.tsx');
const PhoneNumberInput = lazy(() => loadPhone().then((m) => ({ default: m.PhoneNumberInput })));
const SliderCaptcha = lazy(() => loadCaptcha().then((m) => ({ default: m.SliderCaptcha })));

/**
 * /sign-in: account + password, then the slider check, then POST /login (doc 02 §4).
 * A plain form (no antd Form): this is the page everyone loads first.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const m = useMsg();
  const { token } = theme.useToken();
  const site = useSiteConfig();
  const search: { redirect?: string; reset?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [type, setType] = useState<LoginType>(site.defaultLoginType);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ telPrefix: site.defaultPrefix, telephone: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checked, setChecked] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');

  const validate = (v: { email: string; phone: PhoneValue; password: string }) => {
    const e: Partial<Record<Field, string>> = {};
    if (type === 'email') {
      // Left empty: the required-field message, as on sign-up; otherwise the format one.
      if (!v.email.trim()) e.email = m('v.emailEmpty');
      else if (!emailPattern.test(v.email.trim())) e.email = m('v.emailFormat');
    } else if (!v.phone.telephone.trim()) e.telephone = m('v.phoneEmpty');
    else if (!isPhone(v.phone.telephone.trim(), v.phone.telPrefix)) e.telephone = m('v.phoneWrong');
    if (!v.password) e.password = m('v.passwordEmpty');
    return e;
  };
  // Doc 02 §5: validation on change. A field speaks once it has been changed; after a submit, every field does.
  const recheck = (field: Field, next: { email?: string; phone?: PhoneValue; password?: string }) => {
    const seen = new Set(touched).add(field);
    setTouched(seen);
    const found = validate({ email, phone, password, ...next });
    setErrors(checked ? found : Object.fromEntries(Object.entries(found).filter(([f]) => seen.has(f as Field))));
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const found = validate({ email, phone, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setError('');
    setCaptchaOpen(true);
  };

  const onCaptcha = async (captchaToken: string) => {
    try {
      const user = await login({
        username: type === 'email' ? email.trim() : phone.telephone.trim(),
        password: await sha256Hex(password),
        captchaToken,
        ...(type === 'tel' ? { telPrefix: phone.telPrefix } : {}),
      });
      await finish(user, search.redirect);
    } catch (e) {
      setCaptchaOpen(false);
      if (e instanceof ApiError && e.code === errorCodes.SECOND_STEP_REQUIRED && e.data) {
        const d = e.data as SecondStepData;
        await navigate({
          to: '/sec-validation',
          search: {
            secToken: d.secToken,
            authType: d.authType,
            authTypes: d.authTypes.join(','),
            contact: d.contact,
            telContact: d.contacts?.tel,
            emailContact: d.contacts?.email,
            redirect: search.redirect,
          },
        });
        return;
      }
      setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
    }
  };

  const fieldError = (f: Field) =>
    errors[f] ? (
      <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM + 1, marginTop: 4 }} data-testid={`error-${f}`}>
        {errors[f]}
      </div>
    ) : null;
  const label = (text: string, htmlFor: string) => (
    <label htmlFor={htmlFor} style={{ display: 'block', marginBottom: 8 }}>
      {text}
    </label>
  );

  return (
    <AuthShell title={t('auth.signIn')} testId="sign-in-page">
      {search.reset ? <Notice type="success" text={t('auth.resetDone')} /> : null}
      <form onSubmit={onSubmit} noValidate style={{ display: captchaOpen ? 'none' : undefined }} onFocus={() => void loadCaptcha()}>
        <TypeSwitch
          value={type}
          label={t('auth.typeLabel')}
          options={[
            { value: 'email', label: t('auth.tabEmail') },
            { value: 'tel', label: t('auth.tabTel') },
          ]}
          onChange={(v) => {
            setType(v);
            setErrors({});
            setChecked(false);
          }}
          onMouseEnter={() => void loadPhone()}
          testId="login-type"
        />
        <div style={{ marginBottom: 20 }}>
          {type === 'email' ? (
            <>
              {label(t('auth.email'), 'sign-in-email')}
              <PlainInput
                id="sign-in-email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  recheck('email', { email: e.target.value });
                }}
                invalid={Boolean(errors.email)}
                placeholder={t('auth.emailPlaceholder')}
                autoComplete="username"
                inputMode="email"
                data-testid="email"
              />
              {fieldError('email')}
            </>
          ) : (
            <>
              {label(t('auth.tel'), 'sign-in-tel')}
              <Suspense fallback={<div style={{ height: 32 }} />}>
                <PhoneNumberInput
                  value={phone}
                  onChange={(v) => {
                    setPhone(v);
                    recheck('telephone', { phone: v });
                  }}
                  invalid={Boolean(errors.telephone)}
                />
              </Suspense>
              {fieldError('telephone')}
            </>
          )}
        </div>
        <div style={{ marginBottom: 8 }}>
          {label(t('auth.password'), 'sign-in-password')}
          <PlainInput
            id="sign-in-password"
            type={showPassword ? 'text' : 'password'}
            suffix={
              <span
                role="button"
                tabIndex={0}
                aria-label={t('auth.password')}
                onClick={() => setShowPassword((v) => !v)}
                onKeyDown={(e) => e.key === 'Enter' && setShowPassword((v) => !v)}
                style={{ cursor: 'pointer', color: token.colorTextTertiary }}
              >
                {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </span>
            }
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              recheck('password', { password: e.target.value });
            }}
            invalid={Boolean(errors.password)}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="password"
          />
          {fieldError('password')}
        </div>
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Link to="/password-reset">{t('auth.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" data-testid="sign-in-submit">
          {t('auth.signIn')}
        </Button>
      </form>
      {captchaOpen ? (
        <div>
          <Suspense fallback={<div style={{ height: 260 }} />}>
            <SliderCaptcha who={type === 'email' ? { username: email.trim() } : { username: phone.telephone.trim(), telPrefix: phone.telPrefix }} onPassed={(tok) => void onCaptcha(tok)} />
          </Suspense>
          <Button type="link" style={{ paddingLeft: 0, marginTop: 8 }} onClick={() => setCaptchaOpen(false)}>
            {t('auth.captcha.back')}
          </Button>
        </div>
      ) : null}
      {error ? <Notice type="error" text={error} testId="form-error" /> : null}
      <Flex justify="center" gap={4} style={{ marginTop: 20 }}>
        <span>{t('auth.noAccount')}</span>
        <Link to="/sign-up">{t('auth.toSignUp')}</Link>
      </Flex>
    </AuthShell>
  );
}
