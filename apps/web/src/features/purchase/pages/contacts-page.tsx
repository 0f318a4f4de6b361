import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { fullName } from '@cc/domain/account';
import { useContacts } from '../api/get-contacts.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { ContactDialog, type Contact } from '../components/contact-dialog.tsx';
import { ListToolbar, PagedTable, editDeleteColumn, formatTime, initialPaging, useDeleteWithToast } from '../components/list-page.tsx';
import { usePurchaseT } from '../i18n.ts';

/** /orders/contact: the account's order contacts, searched by name, added, edited and deleted. */
export default function ContactsPage() {
  const { t } = usePurchaseT();
  const [paging, setPaging] = useState(initialPaging);
  const [draft, setDraft] = useState({ lastname: '', firstname: '' });
  const [search, setSearch] = useState({ lastname: '', firstname: '' });
  const [dialog, setDialog] = useState<{ editing: Contact | null } | null>(null);
  const list = useContacts({ limit: paging.pageSize, offset: paging.page, lastname: search.lastname || undefined, firstname: search.firstname || undefined });
  const remove = useDeleteWithToast(useDeleteContact());

  return (
    <div data-testid="contacts-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('contact.pageTitle')}
      </Typography.Title>
      <ListToolbar addTestId="contact-add" onAdd={() => setDialog({ editing: null })}>
        <Input style={{ width: 220 }} placeholder={t('contact.searchLastname')} aria-label={t('contact.searchLastname')} value={draft.lastname} onChange={(e) => setDraft({ ...draft, lastname: e.target.value })} allowClear data-testid="search-lastname" />
        <Input style={{ width: 220 }} placeholder={t('contact.searchFirstname')} aria-label={t('contact.searchFirstname')} value={draft.firstname} onChange={(e) => setDraft({ ...draft, firstname: e.target.value })} allowClear data-testid="search-firstname" />
        <Button type="primary" onClick={() => { setSearch(draft); setPaging({ ...paging, page: 1 }); }} data-testid="search">
          {t('common.search')}
        </Button>
        <Button onClick={() => { setDraft({ lastname: '', firstname: '' }); setSearch({ lastname: '', firstname: '' }); }}>{t('common.reset')}</Button>
      </ListToolbar>
      <PagedTable<Contact>
        testId="contacts-table"
        list={list}
        paging={paging}
        onPaging={setPaging}
        columns={[
          { title: t('contact.name'), key: 'name', render: (_, c) => fullName(c.firstname, c.lastname) },
          { title: t('contact.position'), dataIndex: 'position' },
          { title: t('contact.email'), dataIndex: 'email' },
          { title: t('contact.telephone'), dataIndex: 'telephone' },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          editDeleteColumn<Contact>(t('common.actions'), { onEdit: (c) => setDialog({ editing: c }), onDelete: (c) => remove(c.id) }),
        ]}
      />
      <ContactDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
