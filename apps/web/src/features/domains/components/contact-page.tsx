import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { domainContactBody } from '@cc/contracts/domains';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { validValues } from '../../../lib/form.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteContact, useDomainContacts, useSaveContact, type DomainContact, type DomainContactBody } from '../api/contacts.ts';
import { useDomainsT } from '../i18n.ts';
import { toastError } from './shared.tsx';

const fields = ['name', 'org', 'email', 'telephone', 'country', 'province', 'city', 'address', 'postalCode'] as const;

/** Adding or changing a domain contact; answers the saved contact's id. */
export function ContactDialog({ open, editing, onClose }: { open: boolean; editing: DomainContact | null; onClose: (id?: number) => void }) {
  const { t, msg } = useDomainsT();
  const [form] = Form.useForm<DomainContactBody>();
  const save = useSaveContact();
  useEffect(() => {
    if (open) form.setFieldsValue(editing ?? { kind: 'personal', country: 'CN', name: '', org: '', email: '', telephone: '', province: '', city: '', address: '', postalCode: '' });
  }, [open, editing, form]);
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      const r = await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), body: v });
      toast.success(t('contact.saved'));
      onClose(r.id);
    } catch (e) {
      if (e instanceof ApiError) form.setFields(Object.entries(e.errors).filter(([k]) => (fields as readonly string[]).includes(k)).map(([name, m]) => ({ name: name as keyof DomainContactBody, errors: [m] })));
      toastError(e);
    }
  };
  return (
    <Modal open={open} title={editing ? t('common.edit') : t('contact.add')} onCancel={() => onClose()} onOk={() => void submit()} confirmLoading={save.isPending}
      okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ ...({ 'data-testid': 'contact-save' } as object) }} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="contact-form">
        <Form.Item name="kind" label={t('contact.kind')}>
          <Radio.Group options={[{ value: 'personal', label: t('contact.kinds.personal') }, { value: 'enterprise', label: t('contact.kinds.enterprise') }]} />
        </Form.Item>
        {fields.map((f) => (
          <Form.Item key={f} name={f} label={t(`contact.${f}`)} rules={rulesFrom(domainContactBody.shape[f], msg)}>
            <Input data-testid={`contact-${f}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** /domain/contact: registrant templates and whether each is covered by the account's real-name verification. */
export default function ContactPage() {
  const { t } = useDomainsT();
  const q = useDomainContacts();
  const del = useDeleteContact();
  const [editing, setEditing] = useState<DomainContact | null>(null);
  const [open, setOpen] = useState(false);
  const columns: ColumnsType<DomainContact> = [
    { title: t('contact.name'), dataIndex: 'name' },
    { title: t('contact.kind'), dataIndex: 'kind', render: (k: 'personal' | 'enterprise') => t(`contact.kinds.${k}`) },
    { title: t('contact.email'), dataIndex: 'email' },
    { title: t('contact.telephone'), dataIndex: 'telephone' },
    { title: t('common.status'), dataIndex: 'verified', render: (v: boolean) => (v ? <Tag color="success">{t('contact.verified')}</Tag> : <Flex gap={6} align="center"><Tag>{t('contact.notVerified')}</Tag><Link to="/account/verify">{t('contact.verifyGo')}</Link></Flex>) },
    {
      title: t('common.actions'), key: 'a',
      render: (_: unknown, r) => (
        <Flex gap={4}>
          <Button size="small" type="link" onClick={() => { setEditing(r); setOpen(true); }}>{t('common.edit')}</Button>
          <Popconfirm title={t('common.delete')} onConfirm={() => del.mutate(r.id, { onSuccess: () => toast.success(t('contact.deleted')), onError: toastError })} okText={t('common.delete')} cancelText={t('common.cancel')}>
            <Button size="small" type="link" danger>{t('common.delete')}</Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('contact.title')}</Typography.Title>
        <Button type="primary" onClick={() => { setEditing(null); setOpen(true); }} data-testid="contact-add">{t('contact.add')}</Button>
      </Flex>
      <Table rowKey="id" columns={columns} dataSource={q.data?.items ?? []} loading={q.isLoading} pagination={false} data-testid="contact-table" />
      <ContactDialog open={open} editing={editing} onClose={() => setOpen(false)} />
    </Flex>
  );
}
