import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { DomainOrder } from '@cc/contracts/domains';
import { toast } from '../../../lib/toast.ts';
import { useAuthCode, useDomainDetail, useSetForSale, useSetLock, useSetNameservers, useSetRemark } from '../api/domains.ts';
import { useDomainsT } from '../i18n.ts';
import { OrderStatusTag, day, splitNames, toastError, useMoney } from './shared.tsx';

/** /domain/manage/{orderNo}: status, dates, lock, auth code, nameservers, remark, contacts and orders of one name. */
export default function DetailPage() {
  const { t } = useDomainsT();
  const money = useMoney();
  const navigate = useNavigate();
  const params: { orderNo?: string } = useParams({ strict: false });
  const q = useDomainDetail(params.orderNo ?? '');
  const lock = useSetLock();
  const sale = useSetForSale();
  const code = useAuthCode();
  const remark = useSetRemark();
  const ns = useSetNameservers();
  const [remarkText, setRemarkText] = useState('');
  const [nsText, setNsText] = useState('');
  const [authCode, setAuthCode] = useState('');
  const d = q.data;
  useEffect(() => {
    if (d) {
      setRemarkText(d.remark);
      setNsText(d.nameservers.join('\n'));
    }
  }, [d]);
  if (q.error) return <Alert type="error" showIcon title={q.error.message} />;
  if (!d) return <Skeleton active />;
  const contact = (c: (typeof d.contacts)['registrant']) => (c ? `${c.name} · ${c.email}` : '-');
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8}>
        <Link to="/domain/manage/mine" aria-label={t('detail.back')}><ArrowLeftOutlined /></Link>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-name">{d.unicode}</Typography.Title>
        <Tag color={d.phase === 'active' ? 'success' : 'warning'}>{t(`manage.phase.${d.phase}`)}</Tag>
      </Flex>
      <Card title={t('detail.info')} size="small">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" items={[
          { key: 'o', label: t('common.orderNo'), children: d.orderNo },
          { key: 'r', label: t('common.registeredAt'), children: day(d.registeredAt) },
          { key: 'e', label: t('common.expiresAt'), children: <span data-testid="detail-expires">{day(d.expiresAt)}</span> },
          { key: 'g', label: t('common.group'), children: d.groupName ?? t('common.noGroup') },
          { key: 'p', label: t('common.price'), children: `¥${money(d.renewPrice)}${t('common.perYear')} · ${t('detail.maxYears', { count: d.maxRenewYears })}` },
          {
            key: 'l', label: t('detail.lock'),
            children: (
              <Flex gap={8} align="center">
                <Switch checked={d.locked} loading={lock.isPending} aria-label={t('detail.lock')} data-testid="detail-lock"
                  onChange={(v) => lock.mutate({ domain: d.domain, lock: v }, { onSuccess: () => { setAuthCode(''); toast.success(t('detail.lockSaved')); }, onError: toastError })} />
                <Typography.Text>{d.locked ? t('detail.locked') : t('detail.unlocked')}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 's', label: t('detail.forSale'),
            children: (
              <Flex gap={8} align="center">
                <Switch checked={d.forSale} loading={sale.isPending} aria-label={t('detail.forSale')} data-testid="detail-for-sale"
                  onChange={(v) => sale.mutate({ domain: d.domain, forSale: v }, { onSuccess: () => toast.success(t('detail.forSaleSaved')), onError: toastError })} />
                <Typography.Text>{d.forSale ? t('detail.forSaleOn') : t('detail.forSaleOff')}</Typography.Text>
              </Flex>
            ),
          },
        ]} />
        <Flex gap={8} style={{ marginTop: 12 }} wrap>
          <Button type="primary" disabled={!d.maxRenewYears} onClick={() => void navigate({ href: `/domain/renew/form?domains=${encodeURIComponent(d.domain)}` })} data-testid="detail-renew">{t('detail.renewNow')}</Button>
        </Flex>
      </Card>
      <Card title={t('detail.authCode')} size="small">
        <Typography.Paragraph type="secondary">{t('detail.authCodeHint')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <Button disabled={d.locked} loading={code.isPending} data-testid="detail-auth-code" onClick={() => code.mutate({ domain: d.domain }, { onSuccess: (r) => setAuthCode(r.authCode), onError: toastError })}>{t('detail.getAuthCode')}</Button>
          {authCode ? <Typography.Text code copyable data-testid="detail-auth-code-value">{authCode}</Typography.Text> : null}
          {authCode ? <Button size="small" onClick={() => code.mutate({ domain: d.domain, reset: true }, { onSuccess: (r) => setAuthCode(r.authCode), onError: toastError })}>{t('detail.resetAuthCode')}</Button> : null}
        </Flex>
      </Card>
      <Card title={t('detail.nameservers')} size="small">
        <Flex vertical gap={8}>
          <Input.TextArea rows={3} value={nsText} onChange={(e) => setNsText(e.target.value)} aria-label={t('detail.nameservers')} data-testid="detail-ns" />
          <Button style={{ alignSelf: 'start' }} loading={ns.isPending} onClick={() => ns.mutate({ domain: d.domain, nameservers: splitNames(nsText) }, { onSuccess: () => toast.success(t('detail.nsSaved')), onError: toastError })}>{t('detail.saveNs')}</Button>
        </Flex>
      </Card>
      <Card title={t('common.remark')} size="small">
        <Flex gap={8}>
          <Input value={remarkText} maxLength={200} onChange={(e) => setRemarkText(e.target.value)} aria-label={t('common.remark')} data-testid="detail-remark" />
          <Button loading={remark.isPending} onClick={() => remark.mutate({ orderNo: d.orderNo, remark: remarkText }, { onSuccess: () => toast.success(t('detail.remarkSaved')), onError: toastError })} data-testid="detail-remark-save">{t('common.save')}</Button>
        </Flex>
      </Card>
      <Card title={t('detail.contacts')} size="small">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" items={(['registrant', 'admin', 'tech', 'billing'] as const).map((k) => ({ key: k, label: t(`detail.${k}`), children: contact(d.contacts[k]) }))} />
      </Card>
      <Card title={t('detail.orders')} size="small">
        <Table<DomainOrder> rowKey="orderNo" size="small" pagination={false} dataSource={d.orders} columns={[
          { title: t('common.orderNo'), dataIndex: 'orderNo' },
          { title: t('common.kind'), dataIndex: 'kind', render: (k: DomainOrder['kind'], r) => `${t(`detail.kinds.${k}`)} · ${t('common.yearsN', { count: r.years })}` },
          { title: t('common.amount'), dataIndex: 'amount', render: (v: number) => `¥${money(v)}` },
          { title: t('common.status'), dataIndex: 'status', render: (s: DomainOrder['status']) => <OrderStatusTag status={s} /> },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: day },
        ]} />
      </Card>
    </Flex>
  );
}
