import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { usePurchaseT } from '../i18n.ts';

interface Props<T extends { id: number }> {
  rows: readonly T[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  columns: ColumnsType<T>;
  onPage: (page: number, pageSize: number) => void;
  testId: string;
}

/** A server-paged table: page sizes 10, 15, 20, 30, 50, 100, 300, 400, default 20 (§9). */
export function PagedTable<T extends { id: number }>({ rows, total, page, pageSize, loading, columns, onPage, testId }: Props<T>) {
  const { t } = usePurchaseT();
  return (
    <Table<T>
      data-testid={testId}
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows as T[]}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (n) => t('common.total', { total: n }),
        onChange: onPage,
      }}
    />
  );
}

export const initialPaging = { page: 1, pageSize: defaultPageSize };

/** ISO time as yyyy-MM-dd HH:mm:ss in local time (doc 02 §5). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || d.getTime() <= 0) return '/';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
