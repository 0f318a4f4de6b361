import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import type { BatchVerifyAnswer } from '../api/batch-verify.ts';
import { useOrdersT } from '../i18n.ts';
import { StatusTag } from './status-tag.tsx';

type VerifyRow = BatchVerifyAnswer['data'][number];

/** What "verify now" found for each order: names passed and pending; fully validated orders go on to issuance. */
export function VerifyResultDialog({ answer, onClose }: { answer: BatchVerifyAnswer; onClose: () => void }) {
  const { t } = useOrdersT();
  const done = answer.data.filter((r) => r.pending === 0).length;
  const columns: ColumnsType<VerifyRow> = [
    {
      title: t('list.orderNo'),
      dataIndex: 'orderNo',
      // A table with a fixed header lays its columns out in equal parts: an order number (19 characters, kept on one
      // line) ran into the status beside it.
      width: 190,
      render: (_, r) => (
        <Link to="/ssl/certificate/$id" params={{ id: r.orderNo }} style={{ whiteSpace: 'nowrap' }}>
          {r.orderNo}
        </Link>
      ),
    },
    { title: t('list.status'), dataIndex: 'orderStatus', render: (_, r) => <StatusTag status={r.orderStatus} reSign={0} /> },
    { title: t('list.verifyValidated'), dataIndex: 'validated', align: 'right', width: 90 },
    {
      title: t('list.verifyPending'),
      dataIndex: 'pending',
      align: 'right',
      width: 160,
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
      width={720}
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
