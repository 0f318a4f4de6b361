import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useWithdraw, useWithdrawals, type Withdrawals } from '../api/withdraw.ts';
import { useBillingT } from '../i18n.ts';

type FormValues = { amount: number; method: 'original' | 'bank'; bankName?: string; bankAccount?: string; accountName?: string };
const statusColor = { pending: 'processing', paid: 'success', rejected: 'default' } as const;

/** Balance, the refundable part, the withdrawal request and its history. */
export function WithdrawCard() {
  const { t } = useBillingT();
  const money = useMoney();
  const list = useWithdrawals({ limit: 5, offset: 1 });
  const withdraw = useWithdraw();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const method = Form.useWatch('method', form);
  const submit = async (v: FormValues) => {
    try {
      await withdraw.mutateAsync({ ...v, amount: Math.round(v.amount * 100) });
      toast.success(t('withdraw.done'));
      setOpen(false);
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.entries(e.errors).filter(([k]) => k !== 'msg');
        if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof FormValues, errors: [errors] })));
        else toast.error(e.msg);
      }
    }
  };
  const rows = list.data?.data ?? [];
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="withdraw-card">
      <Flex gap={48} wrap align="center">
        <Statistic title={t('credit.balance')} value={money(list.data?.balance ?? 0)} />
        <Statistic title={t('withdraw.refundable')} value={money(list.data?.refundable ?? 0)} />
        <Button onClick={() => setOpen(true)} disabled={!list.data?.refundable} data-testid="withdraw-open">
          {t('withdraw.apply')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 420 }}>
          {t('withdraw.refundableNote')}
        </Typography.Text>
      </Flex>
      {rows.length ? (
        <Table<Withdrawals['data'][number]>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('common.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: t('common.amount'), dataIndex: 'amount', render: (v: number) => money(v) },
            { title: t('withdraw.method'), dataIndex: 'method', render: (v: 'original' | 'bank', r) => (v === 'bank' ? `${r.bankName} ${r.bankAccount}` : t('withdraw.original')) },
            { title: t('common.status'), dataIndex: 'status', render: (v: keyof typeof statusColor, r) => <Tag color={statusColor[v]}>{t(`withdraw.statuses.${v}`)}{r.rejectReason ? `: ${r.rejectReason}` : ''}</Tag> },
          ]}
        />
      ) : null}
      <Modal title={t('withdraw.title')} open={open} onCancel={() => setOpen(false)} onOk={() => form.submit()} okText={t('withdraw.submit')} cancelText={t('common.cancel')} confirmLoading={withdraw.isPending} destroyOnHidden>
        <Form<FormValues> form={form} layout="vertical" initialValues={{ method: 'original' }} onFinish={(v) => void submit(v)} data-testid="withdraw-form">
          <Form.Item name="amount" label={t('withdraw.amount')} rules={[{ required: true, message: t('withdraw.amount') }]} extra={`${t('withdraw.refundable')}: ${money(list.data?.refundable ?? 0)}`}>
            <InputNumber min={0.01} max={(list.data?.refundable ?? 0) / 100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="method" label={t('withdraw.method')}>
            <Radio.Group options={[{ value: 'original', label: t('withdraw.original') }, { value: 'bank', label: t('withdraw.bank') }]} />
          </Form.Item>
          {method === 'bank' ? (
            <>
              <Form.Item name="bankName" label={t('withdraw.bankName')} rules={[{ required: true, message: t('withdraw.bankName') }]}>
                <Input />
              </Form.Item>
              <Form.Item name="bankAccount" label={t('withdraw.bankAccount')} rules={[{ required: true, pattern: /^\d{6,34}$/, message: t('withdraw.bankAccount') }]}>
                <Input inputMode="numeric" />
              </Form.Item>
              <Form.Item name="accountName" label={t('withdraw.accountName')} rules={[{ required: true, message: t('withdraw.accountName') }]}>
                <Input />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </Card>
  );
}
