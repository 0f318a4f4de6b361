import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { fullName } from '@cc/domain/account';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useContacts } from '../api/get-contacts.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { ContactDialog, type Contact } from '../components/contact-dialog.tsx';
import { PagedTable, formatTime, initialPaging } from '../components/list-page.tsx';
import { usePurchaseT } from '../i18n.ts';

/** /orders/contact: the account's order contacts, searched by name, added, edited and deleted. */
export default function ContactsPage() {
  const { t } = usePurchaseT();
  const [paging, setPaging] = useState(initialPaging);
  const [draft, setDraft] = useState({ lastname: '', firstname: '' });
  const [search, setSearch] = useState({ lastname: '', firstname: '' });
  const [dialog, setDialog] = useState<{ editing: Contact | null } | null>(null);
  const list = useContacts({ limit: paging.pageSize, offset: paging.page, lastname: search.lastname || undefined, firstname: search.firstname || undefined });
  const del = useDeleteContact();

  const remove = async (c: Contact) => {
    try {
      await del.mutateAsync(c.id);
      toast.success(t('common.deleted'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.msg : t('common.opFailed'));
    }
  };

  return (
    <div data-testid="contacts-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('contact.pageTitle')}
      </Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input style={{ width: 180 }} placeholder={t('contact.searchLastname')} value={draft.lastname} onChange={(e) => setDraft({ ...draft, lastname: e.target.value })} allowClear data-testid="search-lastname" />
        <Input style={{ width: 180 }} placeholder={t('contact.searchFirstname')} value={draft.firstname} onChange={(e) => setDraft({ ...draft, firstname: e.target.value })} allowClear data-testid="search-firstname" />
        <Button type="primary" onClick={() => { setSearch(draft); setPaging({ ...paging, page: 1 }); }} data-testid="search">
          {t('common.search')}
        </Button>
        <Button onClick={() => { setDraft({ lastname: '', firstname: '' }); setSearch({ lastname: '', firstname: '' }); }}>{t('common.reset')}</Button>
        <div style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })} data-testid="contact-add">
          {t('common.add')}
        </Button>
      </Flex>
      <PagedTable<Contact>
        testId="contacts-table"
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        loading={list.isFetching}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        columns={[
          { title: t('contact.name'), key: 'name', render: (_, c) => fullName(c.firstname, c.lastname) },
          { title: t('contact.position'), dataIndex: 'position' },
          { title: t('contact.email'), dataIndex: 'email' },
          { title: t('contact.telephone'), dataIndex: 'telephone' },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, c) => (
              <Space>
                <Button type="link" size="small" onClick={() => setDialog({ editing: c })} data-testid={`edit-${c.id}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove(c)} okText={t('common.delete')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }}>
                  <Button type="link" size="small" danger data-testid={`delete-${c.id}`}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ContactDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
