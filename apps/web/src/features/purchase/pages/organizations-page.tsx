import { useState } from 'react';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { useLinkColor } from '../../../lib/link-color.ts';
import { useOrganizations } from '../api/get-organizations.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { OrgDialog, type Organization } from '../components/org-dialog.tsx';
import { ListToolbar, PagedTable, editDeleteColumn, formatTime, initialPaging, useDeleteWithToast } from '../components/list-page.tsx';
import { usePurchaseT } from '../i18n.ts';

/** /orders/org: the account's companies, searched by name, added (with lookup), edited and deleted. */
export default function OrganizationsPage() {
  const { t } = usePurchaseT();
  const [paging, setPaging] = useState(initialPaging);
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<{ editing: Organization | null } | null>(null);
  const list = useOrganizations({ limit: paging.pageSize, offset: paging.page, name: name || undefined });
  const remove = useDeleteWithToast(useDeleteOrganization());
  const linkColor = useLinkColor();

  return (
    <div data-testid="orgs-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('org.pageTitle')}
      </Typography.Title>
      <ListToolbar addTestId="org-add" onAdd={() => setDialog({ editing: null })}>
        <Input.Search
          style={{ width: 300 }}
          placeholder={t('org.searchName')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => { setName(v.trim()); setPaging({ ...paging, page: 1 }); }}
          allowClear
          enterButton={t('common.search')}
          data-testid="search-name"
        />
      </ListToolbar>
      <PagedTable<Organization>
        testId="orgs-table"
        list={list}
        paging={paging}
        onPaging={setPaging}
        columns={[
          { title: t('org.orgName'), dataIndex: 'orgName' },
          { title: t('org.creditCode'), dataIndex: 'creditCode' },
          { title: t('org.nationCode'), dataIndex: 'nationCode' },
          { title: t('org.province'), dataIndex: 'province' },
          { title: t('org.city'), dataIndex: 'city' },
          { title: t('org.telephone'), dataIndex: 'telephone' },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          editDeleteColumn<Organization>(t('common.actions'), {
            onEdit: (o) => setDialog({ editing: o }),
            onDelete: (o) => remove(o.id),
            // The names validated for the company, which its later orders reuse.
            extra: (o) => (
              <Link to="/orders/org/$id/domains" params={{ id: String(o.id) }} style={{ padding: '0 7px', whiteSpace: 'nowrap', color: linkColor }} data-testid={`org-domains-${o.id}`}>
                {t('org.verifiedDomains')}
              </Link>
            ),
          }),
        ]}
      />
      <OrgDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
