import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/download.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadInvoicePdf, useApplyInvoice, useCancelInvoice, useInvoices, type Invoice } from '../api/invoices.ts';
import { useTemplates, type InvoiceContact, type InvoiceOrg } from '../api/invoice-templates.ts';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useBillingT } from '../i18n.ts';

type FormValues = { invoiceType: 'ordinary' | 'special'; invoiceOrgID?: number; invoiceConID?: number; amount?: number };
const statusColor = { pending: 'processing', issued: 'success', rejected: 'error', cancelled: 'default' } as const;

/** /account/invoice: what can be invoiced, the application form (type, title, mailing address, amount) and the applications. */
export default function InvoicePage() {
  const { t } = useBillingT();
  const money = useMoney();
  const [page, setPage] = useState({ offset: 1, limit: defaultPageSize });
  const invoices = useInvoices(page);
  const orgs = useTemplates<InvoiceOrg>('invoiceOrganizations');
  const contacts = useTemplates<InvoiceContact>('invoiceContacts');
  const apply = useApplyInvoice();
  const cancel = useCancelInvoice();
  const [form] = Form.useForm<FormValues>();
  const due = invoices.data?.toBeInvoicedAmount ?? 0;

  const submit = async (v: FormValues) => {
    try {
      await apply.mutateAsync({ invoiceType: v.invoiceType, invoiceOrgID: v.invoiceOrgID ?? 0, invoiceConID: v.invoiceConID ?? 0, amount: Math.round((v.amount ?? 0) * 100) });
      toast.success(t('invoice.applied'));
      form.resetFields(['amount']);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.entries(e.errors).filter(([k]) => k !== 'msg');
        if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof FormValues, errors: [errors] })));
        else toast.error(e.msg);
      }
    }
  };
  const download = async (r: Invoice) => {
    try {
      const f = await downloadInvoicePdf(r.id);
      saveBlob(f.fileName, f.blob);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

  return (
    <div data-testid="invoice-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('invoice.title')}
      </Typography.Title>
      <ErrorAlert error={invoices.error} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={48} wrap align="center" style={{ marginBottom: 16 }}>
          <Statistic title={t('invoice.due')} value={money(due)} data-testid="invoice-due" />
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 480 }}>
            {t('invoice.dueNote')}
          </Typography.Text>
        </Flex>
        <Form<FormValues> form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ invoiceType: 'ordinary' }} onFinish={(v) => void submit(v)} data-testid="invoice-form">
          <Form.Item name="invoiceType" label={t('invoice.type')}>
            <Radio.Group options={(['ordinary', 'special'] as const).map((v) => ({ value: v, label: t(`invoice.types.${v}`) }))} />
          </Form.Item>
          <Form.Item label={t('invoice.org')} required extra={<Link to="/account/invoice/invoice-template">{t('invoice.manageOrgs')}</Link>}>
            <Form.Item name="invoiceOrgID" noStyle rules={[{ required: true, message: t('invoice.noOrg') }]}>
              <Select
                aria-label={t('invoice.org')}
                data-testid="invoice-org"
                placeholder={orgs.data?.total ? t('invoice.org') : t('invoice.noOrg')}
                options={(orgs.data?.data ?? []).map((o) => ({ value: o.id, label: `${o.orgName}（${o.taxNum}）` }))}
              />
            </Form.Item>
          </Form.Item>
          <Form.Item label={t('invoice.contact')} required extra={<Link to="/account/invoice/mailling-template">{t('invoice.manageContacts')}</Link>}>
            <Form.Item name="invoiceConID" noStyle rules={[{ required: true, message: t('invoice.noContact') }]}>
              <Select
                aria-label={t('invoice.contact')}
                data-testid="invoice-contact"
                placeholder={contacts.data?.total ? t('invoice.contact') : t('invoice.noContact')}
                options={(contacts.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.telephone} ${c.address}` }))}
              />
            </Form.Item>
          </Form.Item>
          <Form.Item name="amount" label={t('invoice.amount')} rules={[{ required: true, message: t('invoice.amount') }]}>
            <InputNumber min={0.01} max={due / 100} precision={2} style={{ width: '100%' }} data-testid="invoice-amount" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending} disabled={due <= 0} data-testid="invoice-submit">
            {t('invoice.apply')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('invoice.list')}>
        <Table<Invoice>
          rowKey="id"
          data-testid="invoice-table"
          loading={invoices.isFetching}
          dataSource={invoices.data?.data ?? []}
          scroll={invoices.data?.data.length ? { x: 1100 } : undefined}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            { title: t('common.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
            { title: t('invoice.type'), dataIndex: 'invoiceType', width: 150, render: (v: 'ordinary' | 'special') => t(`invoice.types.${v}`) },
            { title: t('invoice.org'), dataIndex: 'orgName', width: 220 },
            { title: t('common.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => money(v) },
            { title: t('invoice.invoiceNo'), dataIndex: 'invoiceNo', width: 190, render: (v: string | null) => v ?? '-' },
            {
              title: t('common.status'),
              dataIndex: 'status',
              width: 180,
              render: (v: keyof typeof statusColor, r) => (
                <Tag color={statusColor[v]} data-testid={`invoice-status-${r.id}`}>
                  {t(`invoice.statuses.${v}`)}
                  {r.rejectReason ? `: ${r.rejectReason}` : ''}
                </Tag>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              width: 130,
              render: (_, r) =>
                r.status === 'pending' ? (
                  <Popconfirm title={t('invoice.confirmCancel')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => void cancel.mutateAsync(r.id).then(() => toast.success(t('invoice.cancelled')), (e: unknown) => e instanceof ApiError && toast.error(e.msg))}>
                    <Button size="small">{t('invoice.cancelApply')}</Button>
                  </Popconfirm>
                ) : r.hasPdf ? (
                  <Button size="small" type="link" onClick={() => void download(r)} data-testid={`invoice-pdf-${r.id}`}>
                    {t('invoice.download')}
                  </Button>
                ) : null,
            },
          ]}
          pagination={{
            current: page.offset,
            pageSize: page.limit,
            total: invoices.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (total) => t('common.total', { total }),
            onChange: (offset, limit) => setPage({ offset: limit === page.limit ? offset : 1, limit }),
          }}
        />
      </Card>
    </div>
  );
}
