import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../lib/toast.ts';
import { useDomainContacts } from '../api/contacts.ts';
import { transferPrice, useDecideTransferOut, useTransferIn, useTransfersOut } from '../api/transfer.ts';
import { useDomainsT } from '../i18n.ts';
import { OrdersTable } from './renew-pages.tsx';
import { day, toastError, useMoney } from './shared.tsx';

type Row = { key: number; domain: string; authCode: string };

/** /domain/transfer/in: names with their auth codes, priced, paid from the balance. */
export function TransferInPage() {
  const { t } = useDomainsT();
  const money = useMoney();
  const navigate = useNavigate();
  const contacts = useDomainContacts();
  const go = useTransferIn();
  const [rows, setRows] = useState<Row[]>([{ key: 1, domain: '', authCode: '' }]);
  const [contactId, setContactId] = useState<number | undefined>();
  const names = rows.map((r) => r.domain.trim()).filter(Boolean);
  const price = useQuery({ queryKey: ['domains', 'transferPrice', names], queryFn: () => transferPrice(names), enabled: names.length > 0 });
  const contact = contactId ?? contacts.data?.items[0]?.id;
  const set = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = () => {
    if (!contact) return;
    go.mutate({ items: rows.filter((r) => r.domain.trim()).map((r) => ({ domain: r.domain.trim(), authCode: r.authCode.trim() })), contactId: contact }, {
      onSuccess: (r) => { toast.success(t('transfer.submitted', { count: r.orders.length })); void navigate({ to: '/domain/transfer/in-list' }); },
      onError: toastError,
    });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('transfer.inTitle')}</Typography.Title>
      <Alert type="info" showIcon title={t('transfer.inHint')} />
      {rows.map((r, i) => (
        <Flex key={r.key} gap={8} wrap>
          <Input style={{ maxWidth: 320 }} placeholder={t('common.domain')} aria-label={`${t('common.domain')} ${i + 1}`} value={r.domain} onChange={(e) => set(r.key, { domain: e.target.value })} data-testid={`transfer-domain-${i}`} />
          <Input style={{ maxWidth: 260 }} placeholder={t('transfer.authCode')} aria-label={`${t('transfer.authCode')} ${i + 1}`} value={r.authCode} onChange={(e) => set(r.key, { authCode: e.target.value })} data-testid={`transfer-code-${i}`} />
          <Typography.Text type="secondary">{price.data?.items.find((x) => x.unicode === r.domain.trim().toLowerCase() || x.domain === r.domain.trim().toLowerCase())?.price != null ? `¥${money(price.data.items.find((x) => x.unicode === r.domain.trim().toLowerCase() || x.domain === r.domain.trim().toLowerCase())!.price)}` : ''}</Typography.Text>
        </Flex>
      ))}
      <Button style={{ alignSelf: 'start' }} onClick={() => setRows((rs) => [...rs, { key: Math.max(...rs.map((x) => x.key)) + 1, domain: '', authCode: '' }])}>{t('transfer.addRow')}</Button>
      <Flex gap={8} align="center" wrap>
        <Typography.Text id="transfer-contact-label">{t('cart.contact')}</Typography.Text>
        <Select aria-labelledby="transfer-contact-label" style={{ minWidth: 260 }} value={contact} onChange={setContactId} options={(contacts.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.email}` }))} />
      </Flex>
      <Button type="primary" size="large" style={{ alignSelf: 'start' }} disabled={!names.length || !contact} loading={go.isPending} onClick={submit} data-testid="transfer-submit">
        {t('transfer.submit', { amount: money(price.data?.total ?? 0) })}
      </Button>
    </Flex>
  );
}

export function TransferInListPage() {
  const { t } = useDomainsT();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('transfer.inList')}</Typography.Title>
      <OrdersTable path="transferIn" testId="transfer-in-list" progress />
    </Flex>
  );
}

/** /domain/transfer/out (pending requests, with approve and reject) and out-list (every request). */
function TransferOut({ pendingOnly }: { pendingOnly: boolean }) {
  const { t } = useDomainsT();
  const q = useTransfersOut();
  const decide = useDecideTransferOut();
  const items = (q.data?.items ?? []).filter((i) => !pendingOnly || i.status === 'pending');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{pendingOnly ? t('transfer.outTitle') : t('transfer.outList')}</Typography.Title>
      {pendingOnly ? <Alert type="info" showIcon title={t('transfer.outHint')} /> : null}
      <Table rowKey="id" dataSource={items} loading={q.isLoading} pagination={false} data-testid="transfer-out-table" columns={[
        { title: t('common.domain'), dataIndex: 'unicode' },
        { title: t('common.status'), dataIndex: 'status', render: (s: string) => <Tag>{t(`transfer.states.${s}`, { defaultValue: s })}</Tag> },
        { title: t('transfer.requestedAt'), dataIndex: 'requestedAt', render: day },
        { title: pendingOnly ? t('transfer.actBy') : t('transfer.settledAt'), key: 'x', render: (_: unknown, r) => day(pendingOnly ? r.actBy : r.settledAt) },
        ...(pendingOnly ? [{
          title: t('common.actions'), key: 'a',
          render: (_: unknown, r: { id: number }) => (
            <Flex gap={4}>
              <Popconfirm title={t('transfer.approve')} okText={t('transfer.approve')} cancelText={t('common.cancel')} onConfirm={() => decide.mutate({ id: r.id, approve: true }, { onError: toastError })}><Button size="small">{t('transfer.approve')}</Button></Popconfirm>
              <Button size="small" danger onClick={() => decide.mutate({ id: r.id, approve: false }, { onError: toastError })}>{t('transfer.reject')}</Button>
            </Flex>
          ),
        }] : []),
      ]} />
    </Flex>
  );
}
export const TransferOutPage = () => <TransferOut pendingOnly />;
export const TransferOutListPage = () => <TransferOut pendingOnly={false} />;
