import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import FileZipOutlined from '@ant-design/icons/FileZipOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PayCircleOutlined from '@ant-design/icons/PayCircleOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import { Link, useParams } from '@tanstack/react-router';
import { orderStatus, reSignStatus, type OrderDetail } from '@cc/contracts/orders';
import { useMoney } from '../../../hooks/use-money.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelOrders } from '../api/cancel-orders.ts';
import { downloadZip } from '../api/download-zip.ts';
import { useOrderDetail } from '../api/get-order-detail.ts';
import { useReSignRecords } from '../api/get-re-sign-records.ts';
import { useReCommitOrder } from '../api/re-commit-order.ts';
import { useUpdateRemark } from '../api/update-remark.ts';
import { useVerifyNow } from '../components/use-verify-now.ts';
import { useCancelResult } from '../components/cancel-result.tsx';
import { CertificateCard } from '../components/certificate-card.tsx';
import { DomainsCard } from '../components/domains-card.tsx';
import type { OrdersPageProps, PayAim } from '../components/page-props.ts';
import { ReissueDialog } from '../components/reissue-dialog.tsx';
import { StatusTag, useValidityText } from '../components/status-tag.tsx';
import { useRenew } from '../components/use-renew.ts';
import { formatDate, formatTime, orderExpiry } from '../lib/format.ts';
import { isIssued } from '../lib/status.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useOrdersT } from '../i18n.ts';
import { useLazyModal } from '../../../components/lazy-modal/use-lazy-modal.tsx';

/** /ssl/certificate/{id}: the order's header and actions, progress, validation, certificate and downloads, details. */
export function OrderDetailsPage({ onPay }: OrdersPageProps) {
  const { t } = useOrdersT();
  const params: { id?: string } = useParams({ strict: false });
  const ref = params.id ?? '';
  const detail = useOrderDetail(ref);

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.error || !detail.data) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        subTitle={detail.error instanceof ApiError ? detail.error.msg : undefined}
        extra={
          <Link to="/orders/list">
            <Button type="primary">{t('detail.back')}</Button>
          </Link>
        }
      />
    );
  }
  return <Details order={detail.data} onPay={onPay} />;
}

function Details({ order, onPay }: { order: OrderDetail; onPay?: (orderNos: string[], aim: PayAim) => void }) {
  const { t } = useOrdersT();
  const [modal, modalHolder] = useLazyModal();
  const showCancelResult = useCancelResult();
  const cancel = useCancelOrders();
  const reCommit = useReCommitOrder();
  const verify = useVerifyNow();
  const { renew, renewing } = useRenew();
  const [reissue, setReissue] = useState(false);
  const [zipping, setZipping] = useState(false);
  const reSigning = order.reSignStatus === reSignStatus.reSign;
  const payDiff = reSigning && order.reSign.priceDiff > 0 && !order.reSign.paid;

  const onCancel = () => {
    modal.confirm({
      title: t('cancel.title'),
      content: t('cancel.content', { count: 1, orderNos: order.orderNo }),
      okText: t('cancel.ok'),
      cancelText: t('cancel.back'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'cancel-confirm' } as object) },
      onOk: async () => {
        try {
          showCancelResult(modal, await cancel.mutateAsync([order.orderNo]), t('detail.cancelledDone'));
        } catch (e) {
          if (e instanceof ApiError) toast.error(e.msg);
        }
      },
    });
  };
  const onReCommit = async () => {
    try {
      await reCommit.mutateAsync(order.orderNo);
      toast.success(t('detail.reCommitted'));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  const onVerify = () => verify.run(order.orderNo);
  const onZip = async () => {
    setZipping(true);
    try {
      const f = await downloadZip([order.orderNo]);
      saveBlob(f.fileName, f.blob);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setZipping(false);
    }
  };

  const a = order.actions;
  return (
    <div data-testid="order-details-page" data-status={order.orderStatus} data-re-sign={order.reSignStatus}>
      {modalHolder}
      <Link to="/orders/list">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0, marginBottom: 4 }}>
          {t('detail.back')}
        </Button>
      </Link>
      <Card style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="flex-start" wrap gap={12}>
          <div style={{ minWidth: 0 }}>
            <Flex align="center" gap={10} wrap>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="order-title">
                {order.commonName}
              </Typography.Title>
              <StatusTag status={order.orderStatus} reSign={order.reSignStatus} />
            </Flex>
            <Typography.Text type="secondary">
              {t('detail.title', { orderNo: order.orderNo })} · {order.productName}
            </Typography.Text>
          </div>
          <Flex gap={8} wrap data-testid="order-actions">
            {a.pay && onPay ? (
              <Button type="primary" icon={<PayCircleOutlined />} data-testid="action-pay" onClick={() => onPay([order.orderNo], payDiff ? 'reSign' : 'makeOrder')}>
                {payDiff ? t('detail.actions.payDiff') : t('detail.actions.pay')}
              </Button>
            ) : null}
            {a.verify ? (
              <Button type="primary" icon={<SyncOutlined />} loading={verify.isPending} data-testid="action-verify" onClick={() => void onVerify()}>
                {t('detail.actions.verify')}
              </Button>
            ) : null}
            {a.download ? (
              <Button icon={<FileZipOutlined />} loading={zipping} data-testid="action-download" onClick={() => void onZip()}>
                {t('detail.actions.download')}
              </Button>
            ) : null}
            {isIssued(order) && order.certificate ? (
              <Button icon={<ReloadOutlined />} loading={renewing === order.orderNo} data-testid="action-renew" onClick={() => void renew(order.orderNo)}>
                {t('detail.actions.renew')}
              </Button>
            ) : null}
            {a.reSign ? (
              <Button icon={<RedoOutlined />} data-testid="action-reissue" onClick={() => setReissue(true)}>
                {t('detail.actions.reSign')}
              </Button>
            ) : null}
            {a.reCommit ? (
              <Button icon={<RedoOutlined />} loading={reCommit.isPending} data-testid="action-recommit" onClick={() => void onReCommit()}>
                {t('detail.actions.reCommit')}
              </Button>
            ) : null}
            {a.cancel ? (
              <Button danger icon={<StopOutlined />} data-testid="action-cancel" onClick={onCancel}>
                {t('detail.actions.cancel')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
        <ProgressSteps order={order} />
        {order.statusReason ? (
          <Alert
            type={order.statusReason === 'auto_reissue' ? 'info' : 'warning'}
            showIcon
            style={{ marginTop: 12 }}
            title={order.statusReasonText || order.statusReason}
            data-testid="status-reason"
            data-reason={order.statusReason}
          />
        ) : null}
        {order.orderStatus === orderStatus.issuing ? (
          <Alert type="info" showIcon icon={<LoadingOutlined />} style={{ marginTop: 12 }} title={t('detail.issuingHint')} data-testid="issuing-hint" />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            {order.domains.length ? <DomainsCard order={order} /> : null}
            {order.certificate || order.orderStatus === orderStatus.issued ? <CertificateCard order={order} /> : null}
            <HistoryCard order={order} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <InfoCard order={order} />
            <RemarkCard order={order} />
            <PartiesCard order={order} />
          </Flex>
        </Col>
      </Row>
      {reissue ? <ReissueDialog order={order} onClose={() => setReissue(false)} onPay={onPay} /> : null}
    </div>
  );
}

function ProgressSteps({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const s = order.orderStatus;
  const at = (kind: string) => order.timeline.find((e) => e.kind === kind)?.at;
  const reached = s === orderStatus.awaitingPayment ? 1 : [orderStatus.awaitingValidation, orderStatus.resubmit, orderStatus.resubmitAlt].includes(s as 1002) ? 2 : s === orderStatus.issuing ? 3 : 4;
  const stopped = s === orderStatus.cancelled || s === orderStatus.revoked;
  const current = s === orderStatus.cancelled ? (order.paidAt ? 2 : 1) : reached;
  const last = s === orderStatus.expired ? t('detail.steps.expired') : s === orderStatus.revoked ? t('detail.steps.revoked') : t('detail.steps.issued');
  const items = [
    { title: t('detail.steps.created'), content: formatDate(order.createdAt) },
    { title: t('detail.steps.paid'), content: order.paidAt ? formatDate(order.paidAt) : undefined },
    { title: t('detail.steps.validating'), content: at('issuing') ? formatDate(at('issuing')) : undefined },
    { title: t('detail.steps.issuing') },
    { title: last, content: order.issuedAt ? formatDate(order.issuedAt) : undefined },
  ];
  if (s === orderStatus.cancelled) items.splice(current, items.length - current, { title: t('detail.steps.cancelled'), content: order.cancelledAt ? formatDate(order.cancelledAt) : undefined });
  const finished = s === orderStatus.issued || s === orderStatus.expired;
  return (
    <Steps
      size="small"
      style={{ marginTop: 20 }}
      data-testid="order-steps"
      current={finished ? items.length : current}
      status={stopped ? 'error' : finished ? 'finish' : 'process'}
      items={items}
    />
  );
}

function InfoCard({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const money = useMoney();
  const validityText = useValidityText();
  return (
    <Card title={t('detail.info')} size="small" data-testid="order-info">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('detail.orderNo')}>
          <Typography.Text copyable={{ text: order.orderNo }}>{order.orderNo}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.product')}>{order.productName}</Descriptions.Item>
        <Descriptions.Item label={t('detail.brand')}>{order.brandName}</Descriptions.Item>
        <Descriptions.Item label={t('detail.certType')}>{order.certType}</Descriptions.Item>
        <Descriptions.Item label={t('detail.term')}>
          <span data-testid="order-term">{validityText(order.validity)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.amount')}>
          {order.freeProduct ? <Tag color="green">{t('detail.free')}</Tag> : money(order.payAmount)}
          {order.discount > 0 ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {t('detail.rawAmount')} {money(order.rawAmount)}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        {order.reSignStatus === reSignStatus.reSign && order.reSign.priceDiff > 0 ? <Descriptions.Item label={t('detail.reSignDiff')}>{money(order.reSign.priceDiff)}</Descriptions.Item> : null}
        <Descriptions.Item label={t('detail.created')}>{formatTime(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.paid')}>{formatTime(order.paidAt)}</Descriptions.Item>
        {order.issuedAt ? <Descriptions.Item label={t('detail.issued')}>{formatTime(order.issuedAt)}</Descriptions.Item> : null}
        {order.cancelledAt ? <Descriptions.Item label={t('detail.cancelled')}>{formatTime(order.cancelledAt)}</Descriptions.Item> : null}
        <Descriptions.Item label={t('detail.expiry')}>
          <span data-testid="order-expiry">{orderExpiry(order.paidAt, order.validity)}</span>
        </Descriptions.Item>
        {order.planEndsAt ? <Descriptions.Item label={t('detail.planEnds')}>{formatDate(order.planEndsAt)}</Descriptions.Item> : null}
        {order.plan ? (
          <Descriptions.Item label={t('detail.planCerts')}>
            <span data-testid="order-plan">
              {order.plan.nextReissueAt
                ? t('detail.planNext', { current: order.plan.current, total: order.plan.total, date: formatDate(order.plan.nextReissueAt) })
                : t('detail.planLast', { current: order.plan.current, total: order.plan.total })}
            </span>
          </Descriptions.Item>
        ) : null}
        {order.validationLapsesAt ? <Descriptions.Item label={t('detail.validationLapses')}>{formatDate(order.validationLapsesAt)}</Descriptions.Item> : null}
      </Descriptions>
    </Card>
  );
}

function RemarkCard({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const save = useUpdateRemark(order.orderNo);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(order.remark);
  const onSave = async () => {
    try {
      await save.mutateAsync(text);
      toast.success(t('detail.remarkSaved'));
      setEditing(false);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  return (
    <Card
      title={t('detail.remark')}
      size="small"
      data-testid="remark-card"
      extra={
        editing ? null : (
          <Button
            size="small"
            type="link"
            data-testid="remark-edit"
            onClick={() => {
              setText(order.remark);
              setEditing(true);
            }}
          >
            {t('detail.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Flex vertical gap={8}>
          <Input.TextArea rows={3} maxLength={500} showCount value={text} placeholder={t('detail.remarkPlaceholder')} onChange={(e) => setText(e.target.value)} data-testid="remark-input" />
          <Flex gap={8} justify="flex-end">
            <Button size="small" onClick={() => setEditing(false)}>
              {t('cancel.back')}
            </Button>
            <Button size="small" type="primary" loading={save.isPending} data-testid="remark-save" onClick={() => void onSave()}>
              {t('detail.remarkSave')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Typography.Paragraph type={order.remark ? undefined : 'secondary'} style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="remark-text">
          {order.remark || t('none')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function PartiesCard({ order }: { order: OrderDetail }) {
  const { t, lang } = useOrdersT();
  const c = order.contact;
  const o = order.company;
  if (!c && !o) return null;
  const fullName = c ? (/^[\u4e00-\u9fa5]+$/.test(c.lastname + c.firstname) ? `${c.lastname}${c.firstname}` : `${c.firstname} ${c.lastname}`) : '';
  return (
    <>
      {c ? (
        <Card title={t('detail.contact')} size="small" data-testid="contact-card">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('detail.name')}>{fullName}</Descriptions.Item>
            {c.position ? <Descriptions.Item label={t('detail.position')}>{c.position}</Descriptions.Item> : null}
            <Descriptions.Item label={t('detail.email')}>{c.email}</Descriptions.Item>
            <Descriptions.Item label={t('detail.telephone')}>{c.telephone}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      {o ? (
        <Card
          title={t('detail.company')}
          size="small"
          data-testid="company-card"
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('detail.orgName')}>{o.orgName}</Descriptions.Item>
            <Descriptions.Item label={t('detail.creditCode')}>{o.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('detail.region')}>{[o.nationCode, o.province, o.city].filter(Boolean).join(lang === 'zh' ? ' ' : ', ')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.address')}>{[o.address, o.postalCode].filter(Boolean).join(' ')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.telephone')}>{o.telephone}</Descriptions.Item>
          </Descriptions>
          {/* Below the details rather than in the narrow card head, where it cut the title short. */}
          <div style={{ marginTop: 8 }}>
            <Link to="/orders/org/$id/domains" params={{ id: String(o.id) }}>
              {t('detail.companyDomains')}
            </Link>
          </div>
        </Card>
      ) : null}
    </>
  );
}

function HistoryCard({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const money = useMoney();
  const records = useReSignRecords(order.orderNo);
  const rows = records.data?.data ?? [];
  const timeline = [...order.timeline].reverse();
  // The server words every event; amounts and method codes read better in the display currency and the page's labels.
  const eventText = (e: OrderDetail['timeline'][number]) => {
    if (e.kind === 'refunded' && typeof e.detail.amount === 'number') return t('cancel.refunded', { amount: money(e.detail.amount) });
    if (e.kind === 'dcv_changed' && typeof e.detail.method === 'string' && typeof e.detail.domain === 'string') {
      return t('detail.dcvChanged', { domain: e.detail.domain, method: t(`dcv.methods.${e.detail.method}`) });
    }
    return e.text;
  };
  return (
    <Card size="small" data-testid="history-card">
      <Tabs
        size="small"
        items={[
          {
            key: 'timeline',
            label: t('detail.timeline'),
            children: (
              <Timeline
                data-testid="order-timeline"
                style={{ marginTop: 8 }}
                items={timeline.map((e, i) => ({
                  key: `${e.at}-${i}`,
                  color: e.kind === 'cancelled' ? 'red' : e.kind === 'issued' || e.kind === 're_signed' || e.kind === 'domain_validated' ? 'green' : 'blue',
                  title: <span style={{ whiteSpace: 'nowrap' }}>{formatTime(e.at)}</span>,
                  content: eventText(e),
                }))}
              />
            ),
          },
          ...(rows.length
            ? [
                {
                  key: 'reSign',
                  label: `${t('detail.reSignRecords')} (${rows.length})`,
                  children: (
                    <Table
                      size="small"
                      rowKey="id"
                      pagination={false}
                      dataSource={rows}
                      columns={[
                        { title: t('detail.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
                        { title: t('detail.names'), dataIndex: 'domainNames', render: (v: string[]) => v.join(', ') },
                        { title: t('reSign.price'), dataIndex: 'priceDiff', render: (v: number) => money(v) },
                        { title: t('list.status'), dataIndex: 'status', render: (v: string) => t(`detail.reSignStatus.${v}`) },
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

export default function OrderDetailsRoute() {
  return <OrderDetailsPage />;
}
