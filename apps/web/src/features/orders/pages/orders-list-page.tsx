import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { expiringWithinDays } from '@cc/contracts/order-status';
import { defaultPageSize } from '@cc/domain/terms';
import { productNameFor } from '@cc/domain/product-name';
import { useRouteTitle } from '../../../hooks/use-route-title.ts';
import { ApiError } from '../../../lib/http.ts';
import { useOrderCount } from '../api/get-order-count.ts';
import { useOrders, type OrderListItem } from '../api/get-orders.ts';
import { useProducts } from '../../../lib/api/get-products.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { OrderFilters } from '../components/order-filters.tsx';
import { OrdersTable } from '../components/orders-table.tsx';
import type { OrdersPageProps } from '../components/page-props.ts';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import { brandOptionsOf, listParams, noFilters, shownTabs, tabCount, type Filters, type ListInitial, type Paging } from '../lib/list-view.ts';
import { filterStatuses } from '../lib/status.ts';
import { useOrdersT } from '../i18n.ts';
import { useLazyModal } from '../../../components/lazy-modal/use-lazy-modal.tsx';

// Dialogs open on a click: their code (antd's Modal with them) is not needed to show the list.
const VerifyResultDialog = lazy(() => import('../components/verify-result-dialog.tsx').then((m) => ({ default: m.VerifyResultDialog })));

/** /orders/list and /orders/expiring (same screen; `expiring` presets "issued, ending within 30 days"). */
export function OrdersListPage({ expiring = false, onPay, initial = {} }: OrdersPageProps & { expiring?: boolean; initial?: ListInitial }) {
  const { t, lang } = useOrdersT();
  const title = useRouteTitle();
  const [modal, modalHolder] = useLazyModal();

  const [status, setStatus] = useState<number | undefined>(initial.status);
  const [applied, setApplied] = useState<Filters>(initial.filters ?? noFilters);
  const [renewalFailed, setRenewalFailed] = useState(initial.renewalFailed ?? false);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: defaultPageSize });
  const [selected, setSelected] = useState<OrderListItem[]>([]);
  /** Bumped by Reset: the filter card starts again empty. */
  const [filtersKey, setFiltersKey] = useState(0);

  const list = useOrders(listParams(applied, paging, status, expiring, renewalFailed));
  const count = useOrderCount();
  // The product and brand choices wait for a filter to be opened: the catalogue is not needed to show the list.
  const [wantChoices, setWantChoices] = useState(() => Boolean(initial.filters?.productNo || initial.filters?.brand));
  const products = useProducts(wantChoices);
  const loadChoices = useCallback(() => setWantChoices(true), []);
  const rows = list.data?.data ?? [];
  const actions = useOrderActions({ modal, onPay, rows, selected, clearSelection: () => setSelected([]) });

  const productOptions = useMemo(() => (products.data?.data ?? []).map((p) => ({ value: p.productNo, label: productNameFor(lang, p) })), [products.data, lang]);
  const brandOptions = useMemo(() => brandOptionsOf(products.data?.data ?? []), [products.data]);

  const apply = useCallback((f: Filters) => {
    setApplied(f);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  }, []);
  const reset = useCallback(() => {
    setFiltersKey((k) => k + 1);
    setStatus(undefined);
    setRenewalFailed(false);
    apply(noFilters);
  }, [apply]);

  const byStatus = count.data?.byStatus ?? {};
  const tabLabel = (code: number) => {
    const entry = filterStatuses.find((s) => s.code === code);
    return `${entry ? entry[lang] : code} (${tabCount(byStatus, code)})`;
  };

  return (
    <div data-testid={expiring ? 'orders-expiring-page' : 'orders-list-page'}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link to="/ssl/certificates">
          <Button type="primary">{t('list.buy')}</Button>
        </Link>
      </Flex>
      {expiring ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('list.expiringIntro', { days: expiringWithinDays })} />
      ) : null}
      {renewalFailed ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="renewal-failed-filter"
          title={t('list.renewalFailed')}
          action={
            <Button size="small" onClick={reset}>
              {t('list.reset')}
            </Button>
          }
        />
      ) : null}
      <OrderFilters key={filtersKey} initial={filtersKey === 0 ? initial.filters : undefined} productOptions={productOptions} brandOptions={brandOptions} onOpenChoices={loadChoices} onApply={apply} onReset={reset} />
      <Card size="small">
        {expiring ? null : (
          <Tabs
            size="small"
            activeKey={status === undefined ? 'all' : String(status)}
            data-testid="status-tabs"
            onChange={(k) => {
              setStatus(k === 'all' ? undefined : Number(k));
              setPaging((p) => ({ ...p, page: 1 }));
              setSelected([]);
            }}
            items={[
              { key: 'all', label: <span data-testid="tab-all">{`${t('list.all')} (${count.data?.total ?? 0})`}</span> },
              ...shownTabs(byStatus, status).map((c) => ({ key: String(c), label: <span data-testid={`tab-${c}`}>{tabLabel(c)}</span> })),
            ]}
          />
        )}
        <BulkActions selected={selected} rowsShown={rows.length} canPay={Boolean(onPay)} actions={actions} />
        {list.error instanceof ApiError ? <Alert type="error" showIcon title={list.error.msg} style={{ marginBottom: 12 }} /> : null}
        <OrdersTable rows={rows} total={list.data?.total ?? 0} loading={list.isFetching} paging={paging} onPaging={setPaging} selected={selected} onSelected={setSelected} canPay={Boolean(onPay)} actions={actions} />
      </Card>
      {actions.verified ? (
        <Suspense fallback={null}>
          <VerifyResultDialog answer={actions.verified} onClose={actions.closeVerified} />
        </Suspense>
      ) : null}
    </div>
  );
}

export default function OrdersListRoute() {
  return <OrdersListPage />;
}
