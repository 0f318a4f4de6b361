import Button from 'antd/es/button';
import Result from 'antd/es/result';
import theme from 'antd/es/theme';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../lib/session.ts';

/** 404 and 500 live outside the layout; the way back leads home (dashboard, or sign-in when signed out). */
export function ErrorShell({ status, title, subTitle, testId }: { status: '404' | '500'; title: string; subTitle: string; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const signedIn = getToken() !== null;
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Link to={signedIn ? '/dashboard' : '/sign-in'}>
            <Button type="primary">{signedIn ? t('common.backToDashboard') : t('common.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
