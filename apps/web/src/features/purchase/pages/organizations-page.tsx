import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrganizations } from '../api/get-organizations.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { OrgDialog, type Organization } from '../components/org-dialog.tsx';
import { PagedTable, formatTime, initialPaging } from '../components/list-page.tsx';
import { usePurchaseT } from '../i18n.ts';

/** /orders/org: the account's companies, searched by name, added (with lookup), edited and deleted. */
export default function OrganizationsPage() {
  const { t } = usePurchaseT();
  const [paging, setPaging] = useState(initialPaging);
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<{ editing: Organization | null } | null>(null);
  const list = useOrganizations({ limit: paging.pageSize, offset: paging.page, name: name || undefined });
  const del = useDeleteOrganization();

  const remove = async (o: Organization) => {
    try {
      await del.mutateAsync(o.id);
      toast.success(t('common.deleted'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.msg : t('common.opFailed'));
    }
  };

  return (
    <div data-testid="orgs-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('org.pageTitle')}
      </Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
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
        <div style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })} data-testid="org-add">
          {t('common.add')}
        </Button>
      </Flex>
      <PagedTable<Organization>
        testId="orgs-table"
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        loading={list.isFetching}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        columns={[
          { title: t('org.orgName'), dataIndex: 'orgName' },
          { title: t('org.creditCode'), dataIndex: 'creditCode' },
          { title: t('org.nationCode'), dataIndex: 'nationCode' },
          { title: t('org.province'), dataIndex: 'province' },
          { title: t('org.city'), dataIndex: 'city' },
          { title: t('org.telephone'), dataIndex: 'telephone' },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, o) => (
              <Space>
                <Button type="link" size="small" onClick={() => setDialog({ editing: o })} data-testid={`edit-${o.id}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove(o)} okText={t('common.delete')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }}>
                  <Button type="link" size="small" danger data-testid={`delete-${o.id}`}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <OrgDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
