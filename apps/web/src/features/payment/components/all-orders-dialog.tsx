import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import { selectPageSize } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import type { PayableOrder } from '../api/get-orders.ts';
import { usePaymentT } from '../i18n.ts';
import { dueOf } from '../lib/due.ts';
import { useTermText } from './term-text.tsx';

/** §2 "all-orders dialog": order number, term, common name, amount; 10 a page, paging past 10. */
export function AllOrdersDialog({ open, orders, onClose }: { open: boolean; orders: readonly PayableOrder[]; onClose: () => void }) {
  const { t } = usePaymentT();
  const money = useMoney();
  const term = useTermText();
  return (
    <Modal open={open} title={t('allOrders.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table<PayableOrder>
        data-testid="all-orders"
        rowKey="orderNo"
        size="small"
        dataSource={[...orders]}
        pagination={orders.length > selectPageSize ? { pageSize: selectPageSize, showSizeChanger: false, size: 'small' } : false}
        columns={[
          { title: t('allOrders.orderNo'), dataIndex: 'orderNo' },
          { title: t('allOrders.term'), dataIndex: 'validity', render: (v: number) => term(v), width: 110 },
          { title: t('allOrders.commonName'), dataIndex: 'commonName', ellipsis: true },
          { title: t('allOrders.amount'), key: 'amount', align: 'right', render: (_: unknown, o) => money(dueOf(o)), width: 130 },
        ]}
      />
    </Modal>
  );
}
