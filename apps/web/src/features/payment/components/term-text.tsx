import { formatValidity } from '@cc/domain/terms';
import { usePaymentT } from '../i18n.ts';

/** A term: 90 → "90 days", 1 → "1 year" (validity above 6 is days, §5). */
export function useTermText() {
  const { t } = usePaymentT();
  return (validity: number) => {
    const v = formatValidity(validity);
    return t(v.unit === 'day' ? 'term.day' : 'term.year', { count: v.value });
  };
}
