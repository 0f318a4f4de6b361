import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { expiringWithinDays, orderStatus } from '@cc/contracts/order-status';
import { pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { useNarrow } from '../../../hooks/use-narrow.ts';
import type { OrderListItem } from '../api/get-orders.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { useOrdersT } from '../i18n.ts';
import { formatDate, formatTime, orderExpiry } from '../lib/format.ts';
import { rowAmount, type Paging } from '../lib/list-view.ts';
import { isCancellable, isIssued, isPayable } from '../lib/status.ts';
import { DaysLeft } from './days-left.tsx';
import { StatusTag, useValidityText } from './status-tag.tsx';
import { MeasureSafe } from '../../../components/measure-safe.tsx';

export interface OrdersTableProps {
  rows: readonly OrderListItem[];
  total: number;
  loading: boolean;
  paging: Paging;
  onPaging: (p: Paging) => void;
  selected: readonly OrderListItem[];
  onSelected: (rows: OrderListItem[]) => void;
  canPay: boolean;
  actions: OrderActions;
}

/** The order list's table: one row per order with its actions, ticked rows kept across pages. */
export function OrdersTable({ rows, total, loading, paging, onPaging, selected, onSelected, canPay, actions }: OrdersTableProps) {
  const { t } = useOrdersT();
  const money = useMoney();
  const validityText = useValidityText();
  // On a phone the table scrolls sideways in a box of its own, its actions with it. A fixed Actions column would keep
  // a third of the screen, and a table that scrolls itself measures every column as it mounts: the browser lays out
  // the whole page in the middle of the list's first render, its longest task on a phone.
  const narrow = useNarrow();
  const columns: ColumnsType<OrderListItem> = [
    {
      title: t('list.orderNo'),
      dataIndex: 'orderNo',
      render: (_, o) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Link to="/ssl/certificate/$id" params={{ id: o.orderNo }} data-testid="order-link">
            {o.orderNo}
          </Link>
          {o.origin === 'ACME' ? (
            <Tooltip title={t('list.originAcme')}>
              <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="order-origin">
                ACME
              </Tag>
            </Tooltip>
          ) : null}
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
      render: (_, o) => money(rowAmount(o)),
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
      fixed: narrow ? undefined : 'right',
      width: 130,
      render: (_, o) => (
        <Space size={0} wrap style={{ maxWidth: 130 }}>
          <Link to="/ssl/certificate/$id" params={{ id: o.orderNo }}>
            <Button type="link" size="small">
              {t('list.details')}
            </Button>
          </Link>
          {isPayable(o) && canPay ? (
            <Button type="link" size="small" data-testid="row-pay" onClick={() => actions.onPayOrders([o])}>
              {t('list.pay')}
            </Button>
          ) : null}
          {isIssued(o) ? (
            <Button type="link" size="small" onClick={() => void actions.onZip([o])}>
              {t('list.rowDownload')}
            </Button>
          ) : null}
          {isIssued(o) ? (
            <Button type="link" size="small" loading={actions.renewing === o.orderNo} data-testid="row-renew" onClick={() => void actions.renew(o.orderNo)}>
              {t('list.renew')}
            </Button>
          ) : null}
          {isCancellable(o) ? (
            <Button type="link" size="small" danger data-testid="row-cancel" onClick={() => actions.onCancel([o])}>
              {t('list.rowCancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const table = (
    <Table<OrderListItem>
      data-testid="orders-table"
      rowKey="orderNo"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows as OrderListItem[]}
      scroll={narrow ? undefined : { x: 'max-content' }}
      // As wide as its columns unwrapped, as a table that scrolls itself would be; empty, as wide as the screen, so that
      // its "no orders" shows in view.
      style={narrow && rows.length ? { minWidth: 'max-content' } : undefined}
      locale={{ emptyText: t('list.empty') }}
      rowSelection={{
        columnTitle: (checkbox) => <MeasureSafe>{checkbox}</MeasureSafe>,
        selectedRowKeys: selected.map((o) => o.orderNo),
        onChange: (_, picked) => onSelected(picked),
        preserveSelectedRowKeys: true,
      }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (n) => t('list.total', { total: n }),
        // On a phone at the box's start, in view before it is scrolled.
        placement: narrow ? ['bottomStart'] : undefined,
        onChange: (page, pageSize) => onPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
      }}
    />
  );
  // inline-size containment: the box is as wide as the card whatever the table's width, which it scrolls.
  return narrow ? (
    <div data-testid="orders-table-box" style={{ overflowX: 'auto', contain: 'inline-size' }}>
      {table}
    </div>
  ) : (
    table
  );
}
