import Alert from 'antd/es/alert';
import { ApiError } from '../../../lib/http.ts';
import { useBillingT } from '../i18n.ts';

/** A failed load, in the server's words when it gave some. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useBillingT();
  if (!error) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error instanceof ApiError ? error.msg : t('translation:http.disconnected')} />;
}
