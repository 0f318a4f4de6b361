import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { usePurchaseT } from '../i18n.ts';
import { formatDateTime } from '../../../lib/datetime.ts';

/** A page of records as a list query answers it (react-query's result fits). */
export interface PagedList<T> {
  data?: { data: readonly T[]; total: number };
  isFetching: boolean;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export const initialPaging: Paging = { page: 1, pageSize: defaultPageSize };

interface Props<T extends { id: number }> {
  list: PagedList<T>;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  columns: ColumnsType<T>;
  testId: string;
}

/** A server-paged table: page sizes 10, 15, 20, 30, 50, 100, 300, 400, default 20 (§9). */
export function PagedTable<T extends { id: number }>({ list, paging, onPaging, columns, testId }: Props<T>) {
  const { t } = usePurchaseT();
  const { page, pageSize } = paging;
  const total = list.data?.total ?? 0;
  return (
    <Table<T>
      data-testid={testId}
      rowKey="id"
      size="middle"
      loading={list.isFetching}
      columns={columns}
      dataSource={(list.data?.data ?? []) as T[]}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (n) => t('common.total', { total: n }),
        onChange: (p, size) => onPaging({ page: p, pageSize: size }),
      }}
    />
  );
}

/** The row above a list: the caller's search fields on the left, the add button on the right. */
export function ListToolbar({ addTestId, onAdd, children }: { addTestId: string; onAdd: () => void; children: ReactNode }) {
  const { t } = usePurchaseT();
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      {children}
      <div style={{ flex: 1 }} />
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
        {t('common.add')}
      </Button>
    </Flex>
  );
}

/** The edit link and the confirmed delete link of a row; e2e finds them as edit-<id> and delete-<id>. */
function RowActions({ id, onEdit, onDelete, extra }: { id: number; onEdit: () => void; onDelete: () => Promise<void>; extra?: ReactNode }) {
  const { t } = usePurchaseT();
  return (
    <Space size={0}>
      {extra}
      <Button type="link" size="small" onClick={onEdit} data-testid={`edit-${id}`}>
        {t('common.edit')}
      </Button>
      {/* onConfirm returns the promise so the confirm button spins until the delete answers (antd awaits it but types it void). */}
      {/* eslint-disable-next-line @typescript-eslint/no-misused-promises */}
      <Popconfirm title={t('common.confirmDelete')} onConfirm={onDelete} okText={t('common.delete')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }}>
        <Button type="link" size="small" danger data-testid={`delete-${id}`}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/**
 * The last column of a record list: the caller's own links, then edit and delete (titled by the caller, whose `t` is
 * at hand). Fixed to the right so the actions stay in view when the table scrolls sideways on a narrow screen.
 */
export function editDeleteColumn<T extends { id: number }>(
  title: string,
  { onEdit, onDelete, extra }: { onEdit: (row: T) => void; onDelete: (row: T) => Promise<void>; extra?: (row: T) => ReactNode },
): ColumnType<T> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_, row) => <RowActions id={row.id} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} extra={extra?.(row)} />,
  };
}

/** Deletes by id and says how it went: "deleted", or the server's message (a generic one if there is none). */
export function useDeleteWithToast(del: { mutateAsync: (id: number) => Promise<unknown> }) {
  const { t } = usePurchaseT();
  return async (id: number) => {
    try {
      await del.mutateAsync(id);
      toast.success(t('common.deleted'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.msg : t('common.opFailed'));
    }
  };
}

/** ISO time as yyyy-MM-dd HH:mm:ss in the user's time zone (doc 02 §5; lib/datetime). */
export const formatTime = (iso: string): string => formatDateTime(iso);
