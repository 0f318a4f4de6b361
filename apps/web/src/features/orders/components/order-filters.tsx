import { memo, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
// Input alone: antd/es/input also brings Search, Password, OTP and TextArea to the page's first load.
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import dayjs from 'dayjs';
import { LazyRangePicker } from '../../../components/lazy-range-picker.tsx';
import { useOrdersT } from '../i18n.ts';
import { noFilters, type Filters } from '../lib/list-view.ts';

export interface OrderFiltersProps {
  productOptions: readonly { value: string; label: string }[];
  brandOptions: readonly { value: string; label: string }[];
  /** A product or brand filter is opened (focused): its choices are loaded then. */
  onOpenChoices: () => void;
  /** Search (the button or Enter in a text box): the filters as typed. */
  onApply: (f: Filters) => void;
  /** Reset: the page remounts this card (by key), which empties it. */
  onReset: () => void;
  /** The filters the page opened with (from its address). */
  initial?: Filters;
}

/** The filters above the order list. What is typed stays here until Search: a key re-renders this card, not the table. */
export const OrderFilters = memo(function OrderFilters({ productOptions, brandOptions, onOpenChoices, onApply, onReset, initial }: OrderFiltersProps) {
  const { t } = useOrdersT();
  const [draft, setDraft] = useState<Filters>(initial ?? noFilters);
  return (
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
          onPressEnter={() => onApply(draft)}
        />
        <Input
          allowClear
          style={{ width: 190 }}
          placeholder={t('list.orderNoPlaceholder')}
          aria-label={t('list.orderNo')}
          data-testid="filter-order-no"
          value={draft.orderNo}
          onChange={(e) => setDraft({ ...draft, orderNo: e.target.value })}
          onPressEnter={() => onApply(draft)}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('list.product')}
          aria-label={t('list.product')}
          data-testid="filter-product"
          onFocus={onOpenChoices}
          value={draft.productNo}
          options={productOptions as { value: string; label: string }[]}
          onChange={(v: string | undefined) => setDraft({ ...draft, productNo: v })}
        />
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('list.brand')}
          aria-label={t('list.brand')}
          data-testid="filter-brand"
          onFocus={onOpenChoices}
          value={draft.brand}
          options={brandOptions as { value: string; label: string }[]}
          onChange={(v: string | undefined) => setDraft({ ...draft, brand: v })}
        />
        <LazyRangePicker
          width={260}
          placeholder={t('list.dateRange', { returnObjects: true }) as [string, string]}
          data-testid="filter-dates"
          defaultValue={initial?.dateFrom && initial.dateTo ? [dayjs(initial.dateFrom), dayjs(initial.dateTo)] : undefined}
          onChange={(_, s) => setDraft({ ...draft, dateFrom: s[0] || undefined, dateTo: s[1] || undefined })}
        />
        <Button type="primary" icon={<SearchOutlined />} data-testid="filter-search" onClick={() => onApply(draft)}>
          {t('list.search')}
        </Button>
        <Button data-testid="filter-reset" onClick={onReset}>
          {t('list.reset')}
        </Button>
      </Flex>
    </Card>
  );
});
