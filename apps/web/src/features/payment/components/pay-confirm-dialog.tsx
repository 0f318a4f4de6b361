import { useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { usePaymentT } from '../i18n.ts';

export type ConfirmState = 'pending' | 'success' | 'fail';

interface Props {
  open: boolean;
  state: ConfirmState;
  /** The fail state because the payer declined (another tab's return page said so), not a wait that ran out. */
  declined?: boolean;
  onDone: () => void;
  onRetry: () => void;
  onClose: () => void;
  /** Opens the provider's page again (the payer closed it, or the pop-up was blocked). */
  onReopen?: () => void;
  /** Where success leads (document 01 §4): the order's details for one order, the order list for several. */
  successTarget?: 'order' | 'list' | 'next';
}

/** Seconds the success is shown before the payer is taken on (the button goes at once). */
export const successRedirectSeconds = 3;

/** Counts down while `running`, then calls `onZero` once. */
function useCountdown(running: boolean, from: number, onZero: () => void): number {
  const [left, setLeft] = useState(from);
  const latest = useRef(onZero);
  useEffect(() => {
    latest.current = onZero;
  }, [onZero]);
  useEffect(() => {
    if (!running) return;
    setLeft(from);
    const started = Date.now();
    const id = setInterval(() => {
      const n = from - Math.floor((Date.now() - started) / 1000);
      setLeft(n);
      if (n <= 0) {
        clearInterval(id);
        latest.current();
      }
    }, 250);
    return () => clearInterval(id);
  }, [running, from]);
  return left;
}

/** §2: "please confirm on the verification page", pending → success | fail. */
export function PayConfirmDialog({ open, state, declined = false, onDone, onRetry, onClose, onReopen, successTarget = 'order' }: Props) {
  const { t } = usePaymentT();
  const left = useCountdown(open && state === 'success', successRedirectSeconds, onDone);
  const footer =
    state === 'success'
      ? [
          <Button key="done" type="primary" onClick={onDone} data-testid="confirm-done">
            {t('confirm.goNow')}
          </Button>,
        ]
      : state === 'fail'
        ? [
            <Button key="close" onClick={onClose}>
              {t('confirm.close')}
            </Button>,
            <Button key="retry" type="primary" onClick={onRetry} data-testid="confirm-retry">
              {declined ? t('confirm.payAgain') : t('confirm.retry')}
            </Button>,
          ]
        : [
            onReopen ? (
              <Button key="reopen" onClick={onReopen}>
                {t('confirm.openAgain')}
              </Button>
            ) : null,
            <Button key="close" onClick={onClose}>
              {t('confirm.close')}
            </Button>,
          ];
  return (
    <Modal open={open} title={t('confirm.title')} onCancel={onClose} footer={footer} mask={{ closable: false }} width={480}>
      <div data-testid="pay-confirm-state" data-state={state} data-reason={state === 'fail' ? (declined ? 'declined' : 'unconfirmed') : ''}>
        {state === 'pending' ? (
          <Result icon={<Spin size="large" />} title={t('confirm.pendingHint')} subTitle={t('confirm.pending')} />
        ) : state === 'success' ? (
          <Result
            status="success"
            title={t('confirm.success')}
            subTitle={<span data-testid="confirm-redirect" style={{ color: 'var(--ant-color-text-secondary)' }}>{t(successTarget === 'list' ? 'confirm.successToList' : successTarget === 'next' ? 'confirm.successToNext' : 'confirm.successToOrder', { seconds: Math.max(left, 0) })}</span>}
          />
        ) : declined ? (
          <Result status="warning" title={t('result.declined')} subTitle={t('result.declinedHint')} />
        ) : (
          <Result status="warning" title={t('confirm.fail')} subTitle={t('confirm.failHint')} />
        )}
      </div>
    </Modal>
  );
}
