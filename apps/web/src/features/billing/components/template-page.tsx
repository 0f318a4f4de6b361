import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Rule } from 'antd/es/form';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteTemplate, useSaveTemplate, useTemplates, type TemplateKind } from '../api/invoice-templates.ts';
import { ErrorAlert } from './error-alert.tsx';
import { useBillingT } from '../i18n.ts';

export interface TemplateField {
  name: string;
  label: string;
  rules?: Rule[];
  textarea?: boolean;
}

/**
 * A template list with add, edit and delete in a dialog (document 02 §2 "company / contact dialog": closing clears
 * the edited id, so the next open is an add; saving updates when an id exists). Shared by invoice titles and
 * mailing addresses.
 */
export function TemplatePage<T extends { id: number }>({ kind, title, dialogTitle, fields, testId }: { kind: TemplateKind; title: string; dialogTitle: string; fields: TemplateField[]; testId: string }) {
  const { t } = useBillingT();
  const list = useTemplates<T>(kind);
  const save = useSaveTemplate<Record<string, string | number>>(kind);
  const del = useDeleteTemplate(kind);
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();

  const openWith = (row: T | null) => {
    setEditing(row);
    form.resetFields();
    if (row) form.setFieldsValue(row as unknown as Record<string, string>);
    setOpen(true);
  };
  const submit = async (v: Record<string, string>) => {
    try {
      await save.mutateAsync({ ...v, ...(editing ? { id: editing.id } : {}) });
      toast.success(editing ? t('common.saved') : t('common.added'));
      setOpen(false);
      setEditing(null);
    } catch (e) {
      if (e instanceof ApiError) {
        const errs = Object.entries(e.errors).filter(([k]) => k !== 'msg');
        if (errs.length) form.setFields(errs.map(([name, errors]) => ({ name, errors: [errors] })));
        else toast.error(e.msg);
      }
    }
  };

  return (
    <div data-testid={testId}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <ErrorAlert error={list.error} />
      <Card size="small" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => openWith(null)} data-testid={`${testId}-add`}>{t('common.add')}</Button>}>
        <Table<T>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          scroll={list.data?.data.length ? { x: 900 } : undefined}
          locale={{ emptyText: t('common.empty') }}
          pagination={false}
          columns={[
            ...fields.map((f) => ({ title: f.label, dataIndex: f.name, key: f.name })),
            {
              title: t('common.actions'),
              key: 'actions',
              width: 150,
              render: (_: unknown, r: T) => (
                <>
                  <Button type="link" size="small" onClick={() => openWith(r)}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm title={t('common.confirmDelete')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => void del.mutateAsync(r.id).then(() => toast.success(t('common.deleted')), (e: unknown) => e instanceof ApiError && toast.error(e.msg))}>
                    <Button type="link" size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={dialogTitle}
        open={open}
        onCancel={() => {
          setOpen(false);
          setEditing(null);
        }}
        onOk={() => form.submit()}
        okText={editing ? t('common.save') : t('common.add')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid={`${testId}-form`}>
          {fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} rules={f.rules ?? [{ required: true, whitespace: true, message: f.label }]}>
              {f.textarea ? <Input.TextArea rows={2} /> : <Input />}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </div>
  );
}
