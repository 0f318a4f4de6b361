import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { selectPageSize } from '@cc/domain/terms';
import { useContacts } from '../api/get-contacts.ts';
import { usePurchaseT } from '../i18n.ts';
import { ContactDialog, contactLabel, type Contact } from './contact-dialog.tsx';
import { PagedSelect } from './paged-select.tsx';

interface Props {
  value: Contact | null;
  onChange: (c: Contact | null) => void;
}

/** The order's contact: a paged select with add and edit buttons (§2). A saved contact becomes the choice. */
export function ContactSelect({ value, onChange }: Props) {
  const { t } = usePurchaseT();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: Contact | null } | null>(null);
  const [justSaved, setJustSaved] = useState<number | null>(null);
  const list = useContacts({ limit: selectPageSize, offset: page });
  const items = list.data?.data ?? [];

  // After an add or edit, pick the saved record up from the refreshed page (or keep the edited one fresh).
  useEffect(() => {
    if (justSaved === null) return;
    const hit = items.find((c) => c.id === justSaved);
    if (hit) {
      onChange(hit);
      setJustSaved(null);
    }
  }, [items, justSaved, onChange]);

  return (
    <Flex gap={8} align="center" wrap>
      <PagedSelect
        testId="contact-select"
        items={items}
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
        selected={value}
        onChange={onChange}
        label={contactLabel}
        placeholder={t('contact.select')}
        loading={list.isFetching}
      />
      <Button icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })} data-testid="contact-add">
        {t('common.add')}
      </Button>
      <Button icon={<EditOutlined />} disabled={!value} onClick={() => setDialog({ editing: value })} data-testid="contact-edit">
        {t('common.edit')}
      </Button>
      <ContactDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(id) => {
          // A new contact is the newest: it is on the first page.
          if (!dialog?.editing) setPage(1);
          setJustSaved(id);
        }}
      />
    </Flex>
  );
}
