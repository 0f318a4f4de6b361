import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { dcvEmailBody } from '@cc/contracts/purchase';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { validValues } from '../../../lib/form.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useDcvEmails } from '../api/get-dcv-emails.ts';
import { useSaveDcvEmail } from '../api/save-dcv-email.ts';
import { useDeleteDcvEmail } from '../api/delete-dcv-email.ts';
import { useDeleteWithToast } from '../components/list-page.tsx';
import { usePurchaseT } from '../i18n.ts';
import { HelpLink } from '../../../components/help-link.tsx';

/** /ssl/dcv/email: the saved validation e-mails: list, add, delete. */
export default function DcvEmailsPage() {
  const { t, msg } = usePurchaseT();
  const [form] = Form.useForm<{ email: string }>();
  const list = useDcvEmails();
  const save = useSaveDcvEmail();
  const remove = useDeleteWithToast(useDeleteDcvEmail());

  const add = async () => {
    const v = await validValues(form);
    if (!v) return;
    const { email } = v;
    try {
      await save.mutateAsync({ email: email.trim() });
      toast.success(t('common.addSuccess'));
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'email', errors: [fieldErrors(e).email ?? e.msg] }]);
      toast.notice('error', t('common.opFailed'), t('common.addFailed'));
    }
  };

  return (
    <div data-testid="dcv-emails-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dcvEmails.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('dcvEmails.desc')} <HelpLink article="dcv-email">{t('dcvEmails.help')}</HelpLink>
      </Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={() => void add()} style={{ marginBottom: 16 }} validateTrigger={['onChange', 'onBlur']}>
        <Form.Item
          name="email"
          rules={rulesFrom(dcvEmailBody.shape.email, msg)}
        >
          <Input style={{ width: 320 }} placeholder={t('dcvEmails.placeholder')} data-testid="dcv-email-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={save.isPending} data-testid="dcv-email-add">
          {t('common.add')}
        </Button>
      </Form>
      <Table
        data-testid="dcv-emails-table"
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: t('dcvEmails.empty') }}
        pagination={{ defaultPageSize, showSizeChanger: true, pageSizeOptions: pageSizes.map(String), showTotal: (n) => t('common.total', { total: n }) }}
        columns={[
          { title: t('dcvEmails.email'), dataIndex: 'email' },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 120,
            render: (_, r: { id: number; email: string }) => (
              <Popconfirm
                title={t('common.confirmDelete')}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm awaits onConfirm (OK shows loading until it settles); antd types it void
                onConfirm={() => remove(r.id)}
              >
                <Button type="link" danger size="small" data-testid={`delete-${r.email}`}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
