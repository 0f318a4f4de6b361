import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';

/** An error line for a dialog: the server's message (already in the user's language), or "disconnected". */
export function useApiError() {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const report = (e: unknown) => setError(e instanceof ApiError ? e.msg : t('http.disconnected'));
  return { error, setError, report, clear: () => setError('') };
}
