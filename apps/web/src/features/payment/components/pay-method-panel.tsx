import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { usePayFlow } from '../hooks/use-pay-flow.ts';
import { usePaymentT } from '../i18n.ts';
import { payWayLabel } from '../lib/pay-way.ts';
import { PayNotice } from './pay-notice.tsx';

/** The dialog's left side: the product, the pay ways, and what the chosen way asks of the payer (QR, page, address). */
export function PayMethodPanel({ f, productName }: { f: ReturnType<typeof usePayFlow>; productName: string | undefined }) {
  const { t, lang } = usePaymentT();
  return (
    <Col xs={24} md={14}>
      <Typography.Text type="secondary">{t('dialog.product')}</Typography.Text>
      <Typography.Title level={5} style={{ marginTop: 4 }} data-testid="pay-product">
        {f.name || (f.product.isLoading && !productName ? <Skeleton.Input active size="small" /> : '-')}
      </Typography.Title>
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text type="secondary">{t('dialog.method')}</Typography.Text>
      {f.ways.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : f.wayList.length === 0 ? (
        <Alert type="warning" showIcon title={t('dialog.noWays')} />
      ) : (
        <Radio.Group
          value={f.payWay}
          onChange={(e) => f.chooseWay(String(e.target.value))}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0 16px' }}
          optionType="button"
          data-testid="pay-ways"
          options={f.wayList.map((w) => ({ value: w.payWay, label: <span data-testid={`pay-way-${w.payWay}`}>{payWayLabel(w, lang, (k) => t(`methods.${k}`))}</span> }))}
        />
      )}
      {f.notPayable ? <Alert type="warning" showIcon title={t('dialog.notPayable', { orderNo: f.notPayable.orderNo })} style={{ marginBottom: 12 }} /> : null}
      <PayNotice
        payWay={f.payWay}
        amount={f.due}
        // Until the orders are in, the amount is unknown: no "deduct 0.00" in the meantime.
        balance={f.amountKnown ? f.balance : undefined}
        result={f.result}
        resultState={f.current?.state ?? 'idle'}
        onRetry={() => void f.request(f.payWay)}
        onOpenPage={f.openPageNow}
        popupBlocked={f.popupBlocked}
      />
      {f.declined && !f.confirmOpen ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('result.declined')}
          description={t('result.declinedHint')}
          data-testid="pay-declined"
          action={
            <Button size="small" onClick={() => void f.request(f.payWay, f.pendingId)} data-testid="pay-again">
              {t('confirm.payAgain')}
            </Button>
          }
        />
      ) : f.pending && f.poll.state === 'timeout' && !f.confirmOpen ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('confirm.fail')}
          description={t('confirm.failHint')}
          action={
            <Button size="small" onClick={f.poll.restart}>
              {t('confirm.retry')}
            </Button>
          }
        />
      ) : null}
    </Col>
  );
}
