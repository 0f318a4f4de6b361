import { useTranslation } from 'react-i18next';
import { ErrorShell } from './error-shell.tsx';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  return <ErrorShell status="500" title={t('errors.serverTitle')} subTitle={t('errors.serverDesc')} testId="server-error-page" />;
}
