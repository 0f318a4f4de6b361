import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { selectPageSize } from '@cc/domain/terms';
import { usePurchaseT } from '../i18n.ts';

interface Props<T extends { id: number }> {
  items: readonly T[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  /** The chosen record, shown even when it is not on the page being looked at. */
  selected: T | null;
  onChange: (item: T | null) => void;
  label: (item: T) => string;
  placeholder: string;
  loading?: boolean;
  testId: string;
}

/** A select over a server-paged list: 10 a page, with a pager inside the drop-down when the total is above 10 (§2). */
export function PagedSelect<T extends { id: number }>({ items, total, page, onPage, selected, onChange, label, placeholder, loading, testId }: Props<T>) {
  const { t } = usePurchaseT();
  const pages = Math.max(1, Math.ceil(total / selectPageSize));
  const options = items.map((i) => ({ value: i.id, label: label(i) }));
  if (selected && !items.some((i) => i.id === selected.id)) options.unshift({ value: selected.id, label: label(selected) });
  return (
    <Select
      data-testid={testId}
      style={{ minWidth: 240, flex: 1 }}
      placeholder={placeholder}
      loading={loading}
      value={selected?.id}
      options={options}
      onChange={(id: number) => onChange(items.find((i) => i.id === id) ?? (selected?.id === id ? selected : null))}
      popupRender={(menu) => (
        <>
          {menu}
          {total > selectPageSize ? (
            <Flex justify="space-between" align="center" style={{ padding: '4px 8px' }} data-testid={`${testId}-pager`} onMouseDown={(e) => e.preventDefault()}>
              <Button size="small" icon={<LeftOutlined />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('common.prev')} />
              <Typography.Text type="secondary">{t('common.page', { page, pages })}</Typography.Text>
              <Button size="small" icon={<RightOutlined />} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('common.next')} data-testid={`${testId}-next`} />
            </Flex>
          ) : null}
        </>
      )}
    />
  );
}
