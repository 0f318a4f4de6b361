import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteGroup, useGroups, useSaveGroup } from '../api/groups.ts';
import { useDomainsT } from '../i18n.ts';
import { day } from './shared.tsx';

/** Document 02 §8: a domain group call that fails shows a warning with the message. */
const warn = (e: unknown) => {
  if (e instanceof ApiError) toast.warning(e.msg);
};

/** /domain/group: groups (limit 100, offset 1), each with its count of names. */
export default function GroupPage() {
  const { t } = useDomainsT();
  const q = useGroups();
  const save = useSaveGroup();
  const del = useDeleteGroup();
  const [editing, setEditing] = useState<{ id?: number; name: string } | null>(null);
  const submit = () => {
    if (!editing) return;
    save.mutate(editing, { onSuccess: () => { toast.success(t('group.saved')); setEditing(null); }, onError: warn });
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('group.title')}</Typography.Title>
        <Button type="primary" onClick={() => setEditing({ name: '' })} data-testid="group-add">{t('group.add')}</Button>
      </Flex>
      <Table rowKey="id" dataSource={q.data?.items ?? []} loading={q.isLoading} pagination={false} data-testid="group-table" columns={[
        { title: t('group.name'), dataIndex: 'name' },
        { title: t('group.count'), dataIndex: 'count', render: (v: number) => <Link to="/domain/manage/mine">{v}</Link> },
        { title: t('common.createdAt'), dataIndex: 'createdAt', render: day },
        {
          title: t('common.actions'), key: 'a',
          render: (_: unknown, r: { id: number; name: string }) => (
            <Flex gap={4}>
              <Button size="small" type="link" onClick={() => setEditing({ id: r.id, name: r.name })}>{t('common.edit')}</Button>
              <Popconfirm title={t('common.delete')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => del.mutate(r.id, { onSuccess: () => toast.success(t('group.deleted')), onError: warn })}>
                <Button size="small" type="link" danger>{t('common.delete')}</Button>
              </Popconfirm>
            </Flex>
          ),
        },
      ]} />
      <Modal open={!!editing} title={editing?.id ? t('common.edit') : t('group.add')} onCancel={() => setEditing(null)} onOk={submit} confirmLoading={save.isPending}
        okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ ...({ 'data-testid': 'group-save' } as object) }}>
        <Input value={editing?.name ?? ''} maxLength={50} aria-label={t('group.name')} placeholder={t('group.name')} onChange={(e) => setEditing((g) => (g ? { ...g, name: e.target.value } : g))} data-testid="group-name" />
      </Modal>
    </Flex>
  );
}
