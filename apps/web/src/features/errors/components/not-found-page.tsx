import { useTranslation } from 'react-i18next';
import { ErrorShell } from './error-shell.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorShell status="404" title={t('errors.notFoundTitle')} subTitle={t('errors.notFoundDesc')} testId="not-found-page" />;
}
