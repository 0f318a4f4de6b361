import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client.ts';
import { useMoney } from '../../../hooks/use-money.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { operatorCall, type OperatorInvoices, type OperatorWithdrawals } from '../api/operator.ts';
import { useBillingT } from '../i18n.ts';
import { DiscountsTab, OffersTab } from '../components/operator-prices.tsx';

// Kept for this tab only: closing it forgets the secret.
const storageKey = 'operator-secret';
type Target = { kind: 'invoices' | 'withdrawals'; id: number } | null;

/**
 * /operator: the platform's sandbox back office (invoices, withdrawals, each account's discounts, package offers). Outside the customer's session: every call carries the operator
 * secret, which the server compares with OPERATOR_SECRET (or DATA_DIR/operator.secret).
 */
export default function OperatorPage() {
  // Outside the signed-in layout, so it brings the query client itself.
  return (
    <QueryClientProvider client={queryClient}>
      <OperatorArea />
    </QueryClientProvider>
  );
}

function OperatorArea() {
  const { t } = useBillingT();
  const money = useMoney();
  const qc = useQueryClient();
  const [secret, setSecret] = useState(() => sessionStorage.getItem(storageKey) ?? '');
  const [pendingOnly, setPendingOnly] = useState(true);
  // The filter is of the review queues only: the price tabs have no pending state.
  const [tab, setTab] = useState('invoices');
  const [rejecting, setRejecting] = useState<Target>(null);
  const [reason, setReason] = useState('');
  const status = pendingOnly ? '&status=pending' : '';
  const invoices = useQuery({ queryKey: ['operator', 'invoices', secret, pendingOnly], enabled: Boolean(secret), retry: false, queryFn: () => operatorCall<OperatorInvoices>(secret, `/v1/operator/invoices?limit=100${status}`) });
  const withdrawals = useQuery({ queryKey: ['operator', 'withdrawals', secret, pendingOnly], enabled: Boolean(secret), retry: false, queryFn: () => operatorCall<OperatorWithdrawals>(secret, `/v1/operator/withdrawals?limit=100${status}`) });
  const act = useMutation({
    mutationFn: (a: { path: string; body?: object }) => operatorCall<{ status: string }>(secret, a.path, 'POST', a.body ?? {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['operator'] }),
  });
  const run = async (path: string, done: string, body?: object) => {
    try {
      await act.mutateAsync({ path, ...(body ? { body } : {}) });
      toast.success(done);
      return true;
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      return false;
    }
  };
  const denied = [invoices.error, withdrawals.error].some((e) => e instanceof ApiError && e.status === 401);

  if (!secret || denied) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Card title={t('operator.title')} style={{ width: 420 }} data-testid="operator-sign-in">
          <Form
            layout="vertical"
            onFinish={(v: { secret: string }) => {
              sessionStorage.setItem(storageKey, v.secret.trim());
              setSecret(v.secret.trim());
            }}
          >
            <Form.Item name="secret" label={t('operator.secret')} extra={t('operator.secretHelp')} rules={[{ required: true, message: t('operator.secret') }]} {...(denied ? { validateStatus: 'error' as const, help: t('operator.denied') } : {})}>
              <Input.Password autoComplete="off" data-testid="operator-secret" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block data-testid="operator-enter">
              {t('operator.enter')}
            </Button>
          </Form>
        </Card>
      </Flex>
    );
  }

  const statusTag = (s: string, label: string) => <Tag color={s === 'pending' ? 'processing' : s === 'issued' || s === 'paid' ? 'success' : 'default'}>{label}</Tag>;
  return (
    <div style={{ padding: 24 }} data-testid="operator-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('operator.title')}
        </Typography.Title>
        <Flex gap={16} align="center">
          {tab === 'invoices' || tab === 'withdrawals' ? (
            <Checkbox checked={pendingOnly} onChange={(e) => setPendingOnly(e.target.checked)}>
              {t('operator.pendingOnly')}
            </Checkbox>
          ) : null}
          <Button
            onClick={() => {
              sessionStorage.removeItem(storageKey);
              setSecret('');
            }}
          >
            {t('operator.signOut')}
          </Button>
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'invoices',
            label: t('operator.invoices'),
            children: (
              <Table<OperatorInvoices['data'][number]>
                rowKey="id"
                data-testid="operator-invoices"
                loading={invoices.isFetching}
                dataSource={invoices.data?.data ?? []}
                scroll={invoices.data?.data.length ? { x: 1000 } : undefined}
                pagination={false}
                locale={{ emptyText: t('common.empty') }}
                columns={[
                  { title: 'ID', dataIndex: 'id', width: 70 },
                  { title: t('common.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
                  { title: t('operator.account'), dataIndex: 'accountNo', width: 150 },
                  { title: t('invoice.type'), dataIndex: 'invoiceType', width: 150, render: (v: 'ordinary' | 'special') => t(`invoice.types.${v}`) },
                  { title: t('invoice.org'), key: 'org', render: (_, r) => `${r.orgName}（${r.taxNum}）` },
                  { title: t('common.amount'), dataIndex: 'amount', width: 120, render: (v: number) => money(v) },
                  { title: t('common.status'), dataIndex: 'status', width: 110, render: (v: 'pending' | 'issued' | 'rejected' | 'cancelled') => statusTag(v, t(`invoice.statuses.${v}`)) },
                  {
                    title: t('common.actions'),
                    key: 'a',
                    width: 170,
                    render: (_, r) =>
                      r.status === 'pending' ? (
                        <Flex gap={8}>
                          <Button size="small" type="primary" loading={act.isPending} onClick={() => void run(`/v1/operator/invoices/${r.id}/issue`, t('operator.issued'))} data-testid={`issue-${r.id}`}>
                            {t('operator.issue')}
                          </Button>
                          <Button size="small" danger onClick={() => setRejecting({ kind: 'invoices', id: r.id })}>
                            {t('operator.reject')}
                          </Button>
                        </Flex>
                      ) : (
                        (r.invoiceNo ?? '')
                      ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'withdrawals',
            label: t('operator.withdrawals'),
            children: (
              <Table<OperatorWithdrawals['data'][number]>
                rowKey="id"
                data-testid="operator-withdrawals"
                loading={withdrawals.isFetching}
                dataSource={withdrawals.data?.data ?? []}
                scroll={withdrawals.data?.data.length ? { x: 1000 } : undefined}
                pagination={false}
                locale={{ emptyText: t('common.empty') }}
                columns={[
                  { title: 'ID', dataIndex: 'id', width: 70 },
                  { title: t('common.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
                  { title: t('operator.account'), dataIndex: 'accountNo', width: 150 },
                  { title: t('common.amount'), dataIndex: 'amount', width: 120, render: (v: number) => money(v) },
                  { title: t('withdraw.method'), key: 'm', render: (_, r) => (r.method === 'bank' ? `${r.bankName} ${r.bankAccount} ${r.accountName}` : t('withdraw.original')) },
                  { title: t('common.status'), dataIndex: 'status', width: 160, render: (v: 'pending' | 'paid' | 'rejected') => statusTag(v, t(`withdraw.statuses.${v}`)) },
                  {
                    title: t('common.actions'),
                    key: 'a',
                    width: 200,
                    render: (_, r) =>
                      r.status === 'pending' ? (
                        <Flex gap={8}>
                          <Button size="small" type="primary" onClick={() => void run(`/v1/operator/withdrawals/${r.id}/pay`, t('operator.paid'))}>
                            {t('operator.pay')}
                          </Button>
                          <Button size="small" danger onClick={() => setRejecting({ kind: 'withdrawals', id: r.id })}>
                            {t('operator.reject')}
                          </Button>
                        </Flex>
                      ) : null,
                  },
                ]}
              />
            ),
          },
          { key: 'discounts', label: t('operator.discounts'), children: <DiscountsTab secret={secret} /> },
          { key: 'offers', label: t('operator.offers'), children: <OffersTab secret={secret} /> },
        ]}
      />
      <Modal
        title={t('operator.rejectReason')}
        open={rejecting !== null}
        onCancel={() => setRejecting(null)}
        okText={t('operator.reject')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onOk={() => {
          if (!rejecting) return;
          void run(`/v1/operator/${rejecting.kind}/${rejecting.id}/reject`, t('operator.rejected'), { reason }).then((ok) => {
            if (ok) {
              setRejecting(null);
              setReason('');
            }
          });
        }}
      >
        <Input.TextArea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('operator.rejectReason')} />
      </Modal>
    </div>
  );
}
