import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { maxYears } from '@cc/domain/registrar';
import { useCart, useRemoveFromCart, useUpdateCart, type Cart } from '../api/cart.ts';
import { useDomainContacts } from '../api/contacts.ts';
import { useDomainsT } from '../i18n.ts';
import { toastError, useMoney } from './shared.tsx';
import { ContactDialog } from './contact-page.tsx';

type Item = Cart['items'][number];

/** What the cart checks out: the payment dialog pays it (src/app/compose/domain-cart-with-payment.tsx). */
export interface CartCheckout {
  cartIds: number[];
  contactId: number;
  items: Item[];
  total: number;
}

/** /domain/cart: items with years, the registrant, and checkout through the payment dialog (`onCheckout`). */
export default function CartPage({ onCheckout }: { onCheckout: (c: CartCheckout) => void }) {
  const { t } = useDomainsT();
  const money = useMoney();
  const cart = useCart();
  const contacts = useDomainContacts();
  const update = useUpdateCart();
  const remove = useRemoveFromCart();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [contactId, setContactId] = useState<number | undefined>();
  const [newContact, setNewContact] = useState(false);
  const items = cart.data?.items ?? [];
  const chosen = (selected ?? items.filter((i) => i.available).map((i) => i.id)).filter((id) => items.some((i) => i.id === id && i.available));
  const total = items.filter((i) => chosen.includes(i.id)).reduce((s, i) => s + (i.price ?? 0), 0);
  const contact = contactId ?? contacts.data?.items[0]?.id;

  const columns: ColumnsType<Item> = [
    { title: t('common.domain'), dataIndex: 'unicode', render: (v: string, r) => <Flex gap={6} align="center"><Typography.Text strong>{v}</Typography.Text>{r.premium ? <Tag color="gold">{t('search.premium')}</Tag> : null}{r.realName ? <Tag>{t('search.realName')}</Tag> : null}</Flex> },
    {
      title: t('common.years'), dataIndex: 'years',
      render: (v: number, r) => (
        <Select aria-label={`${t('common.years')} ${r.unicode}`} value={v} style={{ width: 100 }} data-testid={`cart-years-${r.domain}`}
          options={Array.from({ length: maxYears }, (_, i) => ({ value: i + 1, label: t('common.yearsN', { count: i + 1 }) }))}
          onChange={(years) => update.mutate({ id: r.id, years }, { onError: toastError })} />
      ),
    },
    { title: t('common.price'), dataIndex: 'price', render: (v: number | null) => (v === null ? <Tag color="error">{t('cart.unavailable')}</Tag> : `¥${money(v)}`) },
    { title: t('common.actions'), key: 'a', render: (_: unknown, r) => <Button size="small" onClick={() => remove.mutate(r.id, { onError: toastError })}>{t('common.delete')}</Button> },
  ];

  if (cart.isSuccess && !items.length) {
    return <Empty description={t('cart.empty')}><Link to="/domain/search"><Button type="primary">{t('cart.goSearch')}</Button></Link></Empty>;
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('cart.title')}</Typography.Title>
      <Table rowKey="id" columns={columns} dataSource={items} loading={cart.isLoading} pagination={false} data-testid="cart-table"
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(Number)), getCheckboxProps: (r) => ({ disabled: !r.available, 'aria-label': r.unicode }) }} />
      {items.some((i) => i.realName) ? <Alert type="info" showIcon title={t('cart.realNameHint')} /> : null}
      <Flex gap={8} align="center" wrap>
        <Typography.Text id="cart-contact-label">{t('cart.contact')}</Typography.Text>
        <Select aria-labelledby="cart-contact-label" style={{ minWidth: 260 }} placeholder={t('cart.contactPlaceholder')} value={contact} onChange={setContactId} data-testid="cart-contact"
          options={(contacts.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.email}${c.verified ? ` · ${t('contact.verified')}` : ''}` }))} />
        <Button onClick={() => setNewContact(true)} data-testid="cart-new-contact">{t('cart.newContact')}</Button>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <span />
        <Flex gap={8} align="center">
          <Typography.Text strong>{t('common.total')}: ¥{money(total)}</Typography.Text>
          <Button type="primary" size="large" disabled={!chosen.length || !contact} onClick={() => contact && onCheckout({ cartIds: chosen, contactId: contact, items: items.filter((i) => chosen.includes(i.id)), total })} data-testid="cart-pay">{t('cart.pay', { amount: money(total) })}</Button>
        </Flex>
      </Flex>
      <ContactDialog open={newContact} editing={null} onClose={(id) => { setNewContact(false); if (id) setContactId(id); }} />
    </Flex>
  );
}
