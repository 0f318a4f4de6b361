import Tag from 'antd/es/tag';
import { ApiError } from '../../../lib/http.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { useDomainsT } from '../i18n.ts';

/** Cents as yuan with two decimals, in the page's language. */
export function useMoney() {
  const { lang } = useDomainsT();
  return (cents: number | null | undefined) => formatMoney(cents ?? 0, 1, lang);
}

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '-');

/** Names typed one per line (or separated by commas, spaces, semicolons). */
export const splitNames = (text: string) => [...new Set(text.split(/[\s,;，；]+/).map((s) => s.trim()).filter(Boolean))];

/** A failed call's message as a toast (business errors carry a translated msg; others were toasted by http). */
export function toastError(e: unknown) {
  if (e instanceof ApiError) toast.error(e.msg);
}

export function OrderStatusTag({ status }: { status: 'paid' | 'pending' | 'succeeded' | 'refunded' }) {
  const { t } = useDomainsT();
  const color = { paid: 'blue', pending: 'processing', succeeded: 'success', refunded: 'default' }[status];
  return <Tag color={color}>{t(`orderStatus.${status}`)}</Tag>;
}
