import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import PayCircleOutlined from '@ant-design/icons/PayCircleOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Link } from '@tanstack/react-router';
import { expiringWithinDays, orderStatus, reSignStatus } from '@cc/contracts/orders';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { useRouteTitle } from '../../../hooks/use-route-title.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { batchHashValues } from '../api/batch-hash-values.ts';
import { useBatchVerify, type BatchVerifyAnswer } from '../api/batch-verify.ts';
import { useCancelOrders } from '../api/cancel-orders.ts';
import { downloadZip } from '../api/download-zip.ts';
import { useOrderCount } from '../api/get-order-count.ts';
import { useOrders, type OrderListItem, type OrderListParams } from '../api/get-orders.ts';
import { useProducts } from '../api/get-products.ts';
import { useCancelResult } from '../components/cancel-result.tsx';
import { StatusTag, useValidityText } from '../components/status-tag.tsx';
import type { OrdersPageProps } from '../components/page-props.ts';
import { useRenew } from '../components/use-renew.ts';
import { flattenHashValues, hashValuesCsv } from '../lib/dcv-export.ts';
import { daysLeft } from '../../../lib/datetime.ts';
import { formatDate, formatTime, orderExpiry } from '../lib/format.ts';
import { saveBlob, saveText, stamp } from '../../../lib/download.ts';
import { filterStatuses, isCancellable, isIssued, isPayable, isVerifiable } from '../lib/status.ts';
import { useOrdersT } from '../i18n.ts';
import { productNameFor } from '@cc/domain/product-name';

interface Filters {
  domain: string;
  orderNo: string;
  productNo?: string;
  brand?: string;
  dateFrom?: string;
  dateTo?: string;
}
const noFilters: Filters = { domain: '', orderNo: '' };
/** The tabs: every status users filter by (1006 reads as 1003), 5004 for re-sign orders. */
const tabCodes = [1001, 1002, 1009, 1005, 1003, 1004, 1007, 1008, 5004] as const;
/** Shown even when empty; the others appear once some order has that status. */
const alwaysTabs: readonly number[] = [1001, 1002, 1005];

/** /orders/list and /orders/expiring (same screen; `expiring` presets "issued, ending within 30 days"). */
export function OrdersListPage({ expiring = false, onPay }: OrdersPageProps & { expiring?: boolean }) {
  const { t, lang } = useOrdersT();
  const title = useRouteTitle();
  const money = useMoney();
  const validityText = useValidityText();
  const [modal, modalHolder] = Modal.useModal();
  const showCancelResult = useCancelResult();

  const [status, setStatus] = useState<number | undefined>(undefined);
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const [paging, setPaging] = useState({ page: 1, pageSize: defaultPageSize });
  const [selected, setSelected] = useState<OrderListItem[]>([]);
  const [rangeKey, setRangeKey] = useState(0);
  const [busy, setBusy] = useState<'zip' | 'hash' | null>(null);
  const [verified, setVerified] = useState<BatchVerifyAnswer | null>(null);

  const params: OrderListParams = {
    limit: paging.pageSize,
    offset: paging.page,
    status,
    productNo: applied.productNo,
    brand: applied.brand,
    domain: applied.domain || undefined,
    orderNo: applied.orderNo || undefined,
    dateFrom: applied.dateFrom,
    dateTo: applied.dateTo,
    expiring: expiring || undefined,
  };
  const list = useOrders(params);
  const count = useOrderCount();
  const products = useProducts();
  const cancel = useCancelOrders();
  const verify = useBatchVerify();
  const { renew, renewing } = useRenew();

  const rows = list.data?.data ?? [];
  const productOptions = useMemo(() => (products.data?.data ?? []).map((p) => ({ value: p.productNo, label: productNameFor(lang, p) })), [products.data, lang]);
  const brandOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of products.data?.data ?? []) if (!seen.has(p.brand)) seen.set(p.brand, p.brandName);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [products.data]);

  const apply = (f: Filters) => {
    setApplied(f);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const reset = () => {
    setDraft(noFilters);
    setRangeKey((k) => k + 1);
    setStatus(undefined);
    apply(noFilters);
  };

  const onCancel = (orders: OrderListItem[]) => {
    if (orders.some((o) => !isCancellable(o))) return toast.warning(t('list.cancelNotAllowed'));
    const nos = orders.map((o) => o.orderNo);
    void modal.confirm({
      title: t('cancel.title'),
      content: t('cancel.content', { count: nos.length, orderNos: nos.join(', ') }),
      okText: t('cancel.ok'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'cancel-confirm' } as object) },
      cancelText: t('cancel.back'),
      onOk: async () => {
        try {
          showCancelResult(modal, await cancel.mutateAsync(nos));
          setSelected([]);
        } catch (e) {
          if (e instanceof ApiError) toast.error(e.msg);
        }
      },
    });
  };

  const onPayOrders = (orders: OrderListItem[]) => {
    if (!orders.length || orders.some((o) => !isPayable(o))) return toast.warning(t('list.payNotAllowed'));
    const reSign = orders.every((o) => o.reSignStatus === reSignStatus.reSign && o.orderStatus !== 1001);
    onPay?.(orders.map((o) => o.orderNo), reSign ? 'reSign' : 'makeOrder');
  };

  const onZip = async (orders: OrderListItem[]) => {
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

  const onVerify = async (orders: OrderListItem[]) => {
    if (!orders.length || orders.some((o) => !isVerifiable(o))) return toast.warning(t('list.verifyNotAllowed'));
    try {
      setVerified(await verify.mutateAsync(orders.map((o) => o.orderNo)));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

  const onHashValues = async (orders: OrderListItem[], format: 'csv' | 'json') => {
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

  const columns: ColumnsType<OrderListItem> = [
    {
      title: t('list.orderNo'),
      dataIndex: 'orderNo',
      render: (_, o) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Link to="/ssl/certificate/$id" params={{ id: o.orderNo }} data-testid="order-link">
            {o.orderNo}
          </Link>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatTime(o.createdAt)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: `${t('list.commonName')} / ${t('list.product')}`,
      dataIndex: 'commonName',
      render: (_, o) => {
        const others = o.domainNames.filter((d) => d !== o.commonName);
        return (
          // Narrow enough that every column, Expires included, fits beside the fixed Actions column at 1280 wide
          // (with the 248 px sider).
          <div style={{ maxWidth: 196 }}>
            <Flex gap={4} align="center">
              <Typography.Text strong ellipsis={{ tooltip: o.commonName }} style={{ maxWidth: others.length ? 156 : 196 }} data-testid="order-cn">
                {o.commonName}
              </Typography.Text>
              {others.length ? (
                <Tooltip title={others.join(', ')}>
                  <Typography.Text type="secondary">{t('list.moreNames', { count: others.length })}</Typography.Text>
                </Tooltip>
              ) : null}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.productName} · {o.certType} · {validityText(o.validity)}
            </Typography.Text>
          </div>
        );
      },
    },
    { title: t('list.status'), dataIndex: 'orderStatus', render: (_, o) => <StatusTag status={o.orderStatus} reSign={o.reSignStatus} /> },
    {
      title: t('list.amount'),
      dataIndex: 'payAmount',
      align: 'right',
      render: (_, o) => (o.reSignStatus === reSignStatus.reSign && o.reSignPriceDiff > 0 ? money(o.reSignPriceDiff) : money(o.payAmount)),
    },
    {
      title: t('list.expires'),
      dataIndex: 'notAfter',
      render: (_, o) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{o.notAfter ? formatDate(o.notAfter) : o.orderStatus === orderStatus.cancelled ? '-' : orderExpiry(o.paidAt, o.validity)}</div>
          <DaysLeft notAfter={o.notAfter} expiring={expiringWithinDays} />
        </div>
      ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, o) => (
        <Space size={0} wrap style={{ maxWidth: 130 }}>
          <Link to="/ssl/certificate/$id" params={{ id: o.orderNo }}>
            <Button type="link" size="small">
              {t('list.details')}
            </Button>
          </Link>
          {isPayable(o) && onPay ? (
            <Button type="link" size="small" data-testid="row-pay" onClick={() => onPayOrders([o])}>
              {t('list.pay')}
            </Button>
          ) : null}
          {isIssued(o) ? (
            <Button type="link" size="small" onClick={() => void onZip([o])}>
              {t('list.rowDownload')}
            </Button>
          ) : null}
          {isIssued(o) ? (
            <Button type="link" size="small" loading={renewing === o.orderNo} data-testid="row-renew" onClick={() => void renew(o.orderNo)}>
              {t('list.renew')}
            </Button>
          ) : null}
          {isCancellable(o) ? (
            <Button type="link" size="small" danger data-testid="row-cancel" onClick={() => onCancel([o])}>
              {t('list.rowCancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const byStatus = count.data?.byStatus ?? {};
  const tabCount = (code: number) => (byStatus[String(code)] ?? 0) + (code === 1003 ? (byStatus['1006'] ?? 0) : 0);
  const tabLabel = (code: number) => {
    const entry = filterStatuses.find((s) => s.code === code);
    return `${entry ? entry[lang] : code} (${tabCount(code)})`;
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
      <Card size="small" style={{ marginBottom: 12 }}>
        <Flex wrap gap={8} align="center" data-testid="order-filters">
          <Input
            allowClear
            style={{ width: 200 }}
            prefix={<SearchOutlined />}
            placeholder={t('list.domainPlaceholder')}
            aria-label={t('list.domain')}
            data-testid="filter-domain"
            value={draft.domain}
            onChange={(e) => setDraft({ ...draft, domain: e.target.value })}
            onPressEnter={() => apply(draft)}
          />
          <Input
            allowClear
            style={{ width: 190 }}
            placeholder={t('list.orderNoPlaceholder')}
            aria-label={t('list.orderNo')}
            data-testid="filter-order-no"
            value={draft.orderNo}
            onChange={(e) => setDraft({ ...draft, orderNo: e.target.value })}
            onPressEnter={() => apply(draft)}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            placeholder={t('list.product')}
            aria-label={t('list.product')}
            data-testid="filter-product"
            value={draft.productNo}
            options={productOptions}
            onChange={(v: string | undefined) => setDraft({ ...draft, productNo: v })}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('list.brand')}
            aria-label={t('list.brand')}
            data-testid="filter-brand"
            value={draft.brand}
            options={brandOptions}
            onChange={(v: string | undefined) => setDraft({ ...draft, brand: v })}
          />
          <DatePicker.RangePicker
            key={rangeKey}
            placeholder={t('list.dateRange', { returnObjects: true }) as [string, string]}
            data-testid="filter-dates"
            onChange={(_, s) => setDraft({ ...draft, dateFrom: s[0] || undefined, dateTo: s[1] || undefined })}
          />
          <Button type="primary" icon={<SearchOutlined />} data-testid="filter-search" onClick={() => apply(draft)}>
            {t('list.search')}
          </Button>
          <Button onClick={reset}>{t('list.reset')}</Button>
        </Flex>
      </Card>
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
              ...tabCodes
                .filter((c) => alwaysTabs.includes(c) || c === status || tabCount(c) > 0)
                .map((c) => ({ key: String(c), label: <span data-testid={`tab-${c}`}>{tabLabel(c)}</span> })),
            ]}
          />
        )}
        <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="bulk-actions">
          <Typography.Text type="secondary" data-testid="selected-count">
            {t('list.selected', { count: selected.length })}
          </Typography.Text>
          {onPay ? (
            <Button icon={<PayCircleOutlined />} disabled={!selected.length} data-testid="bulk-pay" onClick={() => onPayOrders(selected)}>
              {t('list.pay')}
            </Button>
          ) : null}
          <Button icon={<SyncOutlined />} disabled={!selected.length} loading={verify.isPending} data-testid="bulk-verify" onClick={() => void onVerify(selected)}>
            {t('list.verify')}
          </Button>
          <Dropdown
            disabled={!selected.length || busy === 'hash'}
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: <span data-testid="hash-values-csv">{t('list.hashCsv')}</span> },
                { key: 'json', label: <span data-testid="hash-values-json">{t('list.hashJson')}</span> },
              ],
              onClick: ({ key }) => void onHashValues(selected, key === 'json' ? 'json' : 'csv'),
            }}
          >
            <Button icon={<FileTextOutlined />} loading={busy === 'hash'} data-testid="bulk-hash-values">
              {t('list.hashValues')} <DownOutlined />
            </Button>
          </Dropdown>
          <Button icon={<StopOutlined />} danger disabled={!selected.length} data-testid="bulk-cancel" onClick={() => onCancel(selected)}>
            {t('list.cancel')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!selected.length} loading={busy === 'zip'} data-testid="bulk-download" onClick={() => void onZip(selected)}>
            {t('list.download')}
          </Button>
          <Tooltip title={t('list.exportHint')}>
            <Button icon={<ExportOutlined />} disabled={!rows.length && !selected.length} data-testid="export-json" onClick={onExport}>
              {t('list.exportJson')}
            </Button>
          </Tooltip>
        </Flex>
        {list.error instanceof ApiError ? <Alert type="error" showIcon title={list.error.msg} style={{ marginBottom: 12 }} /> : null}
        <Table<OrderListItem>
          data-testid="orders-table"
          rowKey="orderNo"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('list.empty') }}
          rowSelection={{
            selectedRowKeys: selected.map((o) => o.orderNo),
            onChange: (_, picked) => setSelected(picked),
            preserveSelectedRowKeys: true,
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (n) => t('list.total', { total: n }),
            onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
      {verified ? <VerifyResultDialog answer={verified} onClose={() => setVerified(null)} /> : null}
    </div>
  );
}

type VerifyRow = BatchVerifyAnswer['data'][number];

/** What "verify now" found for each order: names passed and pending; fully validated orders go on to issuance. */
/** Days left before notAfter, counted as the order details count them (lib/datetime: calendar days, user zone). */
function DaysLeft({ notAfter, expiring }: { notAfter: string | null; expiring: number }) {
  const { t } = useOrdersT();
  const left = daysLeft(notAfter);
  if (left === null) return null;
  return (
    <Typography.Text type={left < 0 ? 'danger' : left <= expiring ? 'warning' : 'secondary'} style={{ fontSize: 12 }} data-testid="days-left">
      {left < 0 ? t('list.expiredAgo') : t('list.daysLeft', { days: left })}
    </Typography.Text>
  );
}

function VerifyResultDialog({ answer, onClose }: { answer: BatchVerifyAnswer; onClose: () => void }) {
  const { t } = useOrdersT();
  const done = answer.data.filter((r) => r.pending === 0).length;
  const columns: ColumnsType<VerifyRow> = [
    {
      title: t('list.orderNo'),
      dataIndex: 'orderNo',
      render: (_, r) => (
        <Link to="/ssl/certificate/$id" params={{ id: r.orderNo }} style={{ whiteSpace: 'nowrap' }}>
          {r.orderNo}
        </Link>
      ),
    },
    { title: t('list.status'), dataIndex: 'orderStatus', render: (_, r) => <StatusTag status={r.orderStatus} reSign={0} /> },
    { title: t('list.verifyValidated'), dataIndex: 'validated', align: 'right' },
    {
      title: t('list.verifyPending'),
      dataIndex: 'pending',
      align: 'right',
      render: (_, r) => (r.pending === 0 ? <Typography.Text type="success">{t('list.verifyIssuing')}</Typography.Text> : <Typography.Text type="warning">{r.pending}</Typography.Text>),
    },
  ];
  return (
    <Modal
      open
      title={t('list.verifyTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('list.verifyClose')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      destroyOnHidden
    >
      <div data-testid="batch-verify-result">
        <Alert
          type={done === answer.data.length ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={t('list.verifySummary', { done, left: answer.data.length - done })}
        />
        <Table<VerifyRow> size="small" rowKey="orderNo" pagination={false} dataSource={answer.data} columns={columns} scroll={{ y: 360 }} />
      </div>
    </Modal>
  );
}

export default function OrdersListRoute() {
  return <OrdersListPage />;
}
