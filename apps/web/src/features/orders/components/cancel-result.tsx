import Typography from 'antd/es/typography';
import type { ModalApi } from '../../../components/lazy-modal/use-lazy-modal.tsx';
import { useMoney } from '../../../hooks/use-money.ts';
import type { CancelAnswer } from '../api/cancel-orders.ts';
import { useOrdersT } from '../i18n.ts';

/**
 * What a cancel did, in a dialog that stays until closed (list and details alike): a refund or a refused order
 * is easy to miss in a toast that fades after three seconds.
 */
export function useCancelResult() {
  const { t } = useOrdersT();
  const money = useMoney();
  return (modal: ModalApi, a: CancelAnswer, title = t('cancel.done', { count: a.cancelled.length })) => {
    const refund = a.refunded.reduce((s, r) => s + r.amount, 0);
    modal[a.failed.length ? 'warning' : 'success']({
      title,
      okButtonProps: { ...({ 'data-testid': 'cancel-result-ok' } as object) },
      content: (
        <div data-testid="cancel-result">
          {refund > 0 ? <Typography.Paragraph data-testid="refund-note">{t('cancel.refunded', { amount: money(refund) })}</Typography.Paragraph> : null}
          {a.failed.map((f) => (
            <Typography.Paragraph key={f.orderNo} type="danger" style={{ marginBottom: 4 }} data-testid="cancel-failed">
              {t('cancel.failed', f)}
            </Typography.Paragraph>
          ))}
        </div>
      ),
    });
  };
}
