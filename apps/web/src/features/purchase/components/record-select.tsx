import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { usePurchaseT } from '../i18n.ts';
import type { PagedList } from './list-page.tsx';
import { PagedSelect } from './paged-select.tsx';
import type { RecordDialogProps } from './save-dialog.tsx';

/** The chosen record, as an order form holds it. */
export interface ChoiceProps<T> {
  value: T | null;
  onChange: (item: T | null) => void;
}

interface Props<T extends { id: number }> extends ChoiceProps<T> {
  /** Prefix of the test ids: <prefix>-select, <prefix>-add, <prefix>-edit. */
  testId: string;
  /** The page the caller fetched: the caller owns the page number because its query needs it. */
  list: PagedList<T>;
  page: number;
  onPage: (page: number) => void;
  label: (item: T) => string;
  placeholder: string;
  /** The add / edit dialog: lazy is fine, it is mounted (and its code loaded) when first opened. */
  Dialog: ComponentType<RecordDialogProps<T>>;
  /** Choose the first (newest) record while nothing is chosen. */
  pickFirst?: boolean;
}

/** An order's contact or company: a paged select with add and edit buttons (§2). A saved record becomes the choice. */
export function RecordSelect<T extends { id: number }>({ testId, list, page, onPage, value, onChange, label, placeholder, Dialog, pickFirst }: Props<T>) {
  const { t } = usePurchaseT();
  const [dialog, setDialog] = useState<{ editing: T | null } | null>(null);
  // The dialog is mounted from its first opening on (and kept, so that it closes with its animation).
  const [opened, setOpened] = useState(false);
  const openDialog = (editing: T | null) => {
    setOpened(true);
    setDialog({ editing });
  };
  const [justSaved, setJustSaved] = useState<number | null>(null);
  const items = useMemo(() => list.data?.data ?? [], [list.data]);
  const first = pickFirst ? items[0] : undefined;

  // Not while a saved record is awaited: it, not the first one, is to be chosen.
  useEffect(() => {
    if (!value && first && justSaved === null) onChange(first);
  }, [value, first, justSaved, onChange]);

  // After an add or edit, pick the saved record up from the refreshed page (or keep the edited one fresh).
  useEffect(() => {
    if (justSaved === null) return;
    const hit = items.find((i) => i.id === justSaved);
    if (hit) {
      onChange(hit);
      setJustSaved(null);
    }
  }, [items, justSaved, onChange]);

  return (
    <Flex gap={8} align="center" wrap>
      <PagedSelect
        testId={`${testId}-select`}
        items={items}
        total={list.data?.total ?? 0}
        page={page}
        onPage={onPage}
        selected={value}
        onChange={onChange}
        label={label}
        placeholder={placeholder}
        loading={list.isFetching}
      />
      <Button icon={<PlusOutlined />} onClick={() => openDialog(null)} data-testid={`${testId}-add`}>
        {t('common.add')}
      </Button>
      <Button icon={<EditOutlined />} disabled={!value} onClick={() => openDialog(value)} data-testid={`${testId}-edit`}>
        {t('common.edit')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <Dialog
            open={dialog !== null}
            editing={dialog?.editing ?? null}
            onClose={() => setDialog(null)}
            onSaved={(id) => {
              // A new record is the newest: it is on the first page.
              if (!dialog?.editing) onPage(1);
              setJustSaved(id);
            }}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
