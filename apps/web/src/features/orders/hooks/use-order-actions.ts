import { useState } from 'react';
import type { ModalApi } from '../../../components/lazy-modal/use-lazy-modal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { saveBlob, saveText, stamp } from '../../../lib/download.ts';
import { batchHashValues } from '../api/batch-hash-values.ts';
import { useBatchVerify, type BatchVerifyAnswer } from '../api/batch-verify.ts';
import { useCancelOrders } from '../api/cancel-orders.ts';
import { downloadZip } from '../api/download-zip.ts';
import type { OrderListItem } from '../api/get-orders.ts';
import { useCancelResult } from '../components/cancel-result.tsx';
import type { OrdersPageProps } from '../components/page-props.ts';
import { useRenew } from '../components/use-renew.ts';
import { flattenHashValues, hashValuesCsv } from '../lib/dcv-export.ts';
import { payAimOf } from '../lib/list-view.ts';
import { isCancellable, isIssued, isPayable, isVerifiable } from '../lib/status.ts';
import { useOrdersT } from '../i18n.ts';

/**
 * What the order list does to one order or a selection: cancel (after a confirm), pay, download the certificates,
 * verify now, export the DCV values or the rows. Each refuses, with a warning, orders it cannot take.
 */
export function useOrderActions({ modal, onPay, rows, selected, clearSelection }: { modal: ModalApi; onPay: OrdersPageProps['onPay']; rows: readonly OrderListItem[]; selected: readonly OrderListItem[]; clearSelection: () => void }) {
  const { t } = useOrdersT();
  const showCancelResult = useCancelResult();
  const cancel = useCancelOrders();
  const verify = useBatchVerify();
  const { renew, renewing } = useRenew();
  const [busy, setBusy] = useState<'zip' | 'hash' | null>(null);
  const [verified, setVerified] = useState<BatchVerifyAnswer | null>(null);

  const onCancel = (orders: readonly OrderListItem[]) => {
    if (orders.some((o) => !isCancellable(o))) return toast.warning(t('list.cancelNotAllowed'));
    const nos = orders.map((o) => o.orderNo);
    modal.confirm({
      title: t('cancel.title'),
      content: t('cancel.content', { count: nos.length, orderNos: nos.join(', ') }),
      okText: t('cancel.ok'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'cancel-confirm' } as object) },
      cancelText: t('cancel.back'),
      onOk: async () => {
        try {
          showCancelResult(modal, await cancel.mutateAsync(nos));
          clearSelection();
        } catch (e) {
          if (e instanceof ApiError) toast.error(e.msg);
        }
      },
    });
  };

  const onPayOrders = (orders: readonly OrderListItem[]) => {
    if (!orders.length || orders.some((o) => !isPayable(o))) return toast.warning(t('list.payNotAllowed'));
    onPay?.(orders.map((o) => o.orderNo), payAimOf(orders));
  };

  const onZip = async (orders: readonly OrderListItem[]) => {
    if (!orders.length || orders.some((o) => !isIssued(o))) return toast.warning(t('list.downloadNotAllowed'));
    setBusy('zip');
    try {
      const f = await downloadZip(orders.map((o) => o.orderNo));
      saveBlob(f.fileName, f.blob);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(null);
    }
  };

  const onVerify = async (orders: readonly OrderListItem[]) => {
    if (!orders.length || orders.some((o) => !isVerifiable(o))) return toast.warning(t('list.verifyNotAllowed'));
    try {
      setVerified(await verify.mutateAsync(orders.map((o) => o.orderNo)));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

  const onHashValues = async (orders: readonly OrderListItem[], format: 'csv' | 'json') => {
    if (!orders.length) return;
    setBusy('hash');
    try {
      const flat = flattenHashValues((await batchHashValues(orders.map((o) => o.orderNo))).data);
      if (!flat.length) return toast.warning(t('list.hashEmpty'));
      if (format === 'csv') saveText(`dcv-values-${stamp()}.csv`, hashValuesCsv(flat), 'text/csv');
      else saveText(`dcv-values-${stamp()}.json`, JSON.stringify(flat, null, 2), 'application/json');
      toast.success(t('list.hashExported', { count: flat.length }));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(null);
    }
  };

  const onExport = () => {
    const data = selected.length ? selected : rows;
    saveText(`orders-${stamp()}.json`, JSON.stringify(data, null, 2), 'application/json');
  };

  return { onCancel, onPayOrders, onZip, onVerify, onHashValues, onExport, busy, verifying: verify.isPending, verified, closeVerified: () => setVerified(null), renew, renewing };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
