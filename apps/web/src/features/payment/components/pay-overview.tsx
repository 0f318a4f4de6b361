import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMoney } from '../../../hooks/use-money.ts';
import { VerificationNotice } from '../../../components/verification-notice.tsx';
import type { usePayFlow } from '../hooks/use-pay-flow.ts';
import { usePaymentT } from '../i18n.ts';
import { useTermText } from './term-text.tsx';
import { discounted } from '@cc/domain/pricing';

/** The dialog's right side: the orders' term, common name and count, and the amount due. */
export function PayOverview({ f, orderCount }: { f: ReturnType<typeof usePayFlow>; orderCount: number }) {
  const { t } = usePaymentT();
  const money = useMoney();
  const term = useTermText();
  return (
    <Col xs={24} md={10}>
      <Card size="small" title={t('dialog.overview')} data-testid="pay-overview">
        {f.purchase ? (
          <Descriptions column={1} size="small" data-testid="pay-purchase">
            {f.purchase.lines.map((l) => (
              <Descriptions.Item key={l.label} label={l.label}>
                <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                  {l.value}
                </Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('dialog.term')}>{f.first ? term(f.first.validity) : f.orders.isPending ? '…' : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('dialog.commonName')}>
            <Typography.Text ellipsis style={{ maxWidth: 200 }}>
              {f.first?.commonName ?? (f.orders.isPending ? '…' : '-')}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('dialog.orderCount')}>
            <Flex gap={8}>
              <span data-testid="pay-count">{orderCount}</span>
              <Typography.Link onClick={f.viewAll} data-testid="pay-view-all">
                {t('dialog.viewAll')}
              </Typography.Link>
            </Flex>
          </Descriptions.Item>
        </Descriptions>
        )}
        <Divider style={{ margin: '8px 0' }} />
        {/* What the account's own discount and a certificate package took off the list price (one new order). */}
        {orderCount === 1 && f.product.data && f.first && f.due === f.product.data.payAmount && f.product.data.rawAmount > f.product.data.payAmount ? (
          <Descriptions column={1} size="small" data-testid="pay-savings">
            <Descriptions.Item label={t('dialog.listPrice')}>{money(f.product.data.rawAmount)}</Descriptions.Item>
            {f.product.data.discount < 100 ? (
              <Descriptions.Item label={t('dialog.discount', { n: 100 - f.product.data.discount })}>
                −{money(f.product.data.rawAmount - discounted(f.product.data.rawAmount, f.product.data.discount))}
              </Descriptions.Item>
            ) : null}
            {discounted(f.product.data.rawAmount, f.product.data.discount) > f.product.data.payAmount ? (
              <Descriptions.Item label={t('dialog.package')}>−{money(discounted(f.product.data.rawAmount, f.product.data.discount) - f.product.data.payAmount)}</Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : null}
        <Flex justify="space-between" align="baseline">
          <Typography.Text>{t('dialog.amountDue')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 22, color: 'var(--ant-color-primary-text)' }} data-testid="pay-amount">
            {f.amountKnown ? money(f.due) : '…'}
          </Typography.Text>
        </Flex>
        {/* Said before paying (the server refuses the same with 12078); several orders: the server names the one at fault. */}
        {orderCount === 1 && f.orders.isSuccess && f.product.data ? <VerificationNotice certType={f.product.data.certType} amountCents={f.due} /> : null}
      </Card>
    </Col>
  );
}
