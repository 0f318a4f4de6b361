import { useTranslation } from 'react-i18next';
import { isPkiError, langOf, type Lang } from '@cc/pki';
import '../i18n.ts';

/** The tools' translator plus the parser language (§9: zh selects Chinese labels, anything else English). */
export function useToolsT() {
  const { t, i18n } = useTranslation('tools');
  const lang: Lang = langOf(i18n.language);
  /** A readable message for any failure of the pki library (§8). */
  const errorText = (e: unknown): string =>
    isPkiError(e) ? t(`errors.${e.code}`) : t('errors.unknown', { message: e instanceof Error ? e.message : String(e) });
  return { t, lang, errorText };
}
