import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { usePayFlow, type Purchase } from '../hooks/use-pay-flow.ts';

export type { Purchase };
import { usePaymentT } from '../i18n.ts';
import { AllOrdersDialog } from './all-orders-dialog.tsx';
import { PayConfirmDialog } from './pay-confirm-dialog.tsx';
import { PayMethodPanel } from './pay-method-panel.tsx';
import { PayOverview } from './pay-overview.tsx';

export interface PaymentDialogProps {
  open: boolean;
  orderNos: readonly string[];
  /** Pays a purchase that has no certificate order (orderNos is then empty): a domain checkout, a certificate package. */
  purchase?: Purchase | undefined;
  /** The product's name when the caller knows it; otherwise read from the first order. */
  productName?: string;
  /** Forces the aim; by default re-sign orders (5004) pay their price difference. */
  aim?: 'makeOrder' | 'reSign';
  /**
   * The new-certificate page (document 01 §8): a pay call that gets no answer is treated as success and the
   * payer goes to the order, whose list shows the truth.
   */
  networkLossIsSuccess?: boolean;
  /** "Pay later", the close button, or after paying (then `paid` is true). */
  onClose: (paid: boolean) => void;
}

/** Document 01 §2 "confirm order and pay": the flow is hooks/use-pay-flow.ts, the two sides are their components. */
export function PaymentDialog(props: PaymentDialogProps) {
  const { open, orderNos, productName, onClose } = props;
  const { t } = usePaymentT();
  const f = usePayFlow(props);

  const footer = (
    <Flex vertical gap={12}>
      <Flex gap={8} justify="flex-end" wrap>
        {f.waiting ? (
          <Button type="primary" loading disabled data-testid="pay-waiting">
            {t('dialog.waiting')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void f.pay()} loading={f.paying} disabled={!f.readyToPay || f.insufficient || f.loading} data-testid="pay-submit">
            {t('dialog.pay')}
          </Button>
        )}
        <Button onClick={() => onClose(false)} data-testid="pay-later">
          {t('dialog.payLater')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        <LockOutlined /> {t('dialog.secure')}
      </Typography.Text>
    </Flex>
  );

  return (
    <>
      {f.modalHolder}
      <Modal open={open} title={t('dialog.title')} onCancel={() => onClose(false)} footer={footer} width={920} mask={{ closable: false }} destroyOnHidden>
        <div data-testid="payment-dialog" data-way={f.payWay}>
          <Row gutter={[24, 16]}>
            <PayMethodPanel f={f} productName={productName} />
            <PayOverview f={f} orderCount={orderNos.length} />
          </Row>
        </div>
      </Modal>
      <AllOrdersDialog open={f.allOpen} orders={f.list} onClose={f.closeAll} />
      <PayConfirmDialog
        open={open && f.confirmOpen}
        state={f.confirmState}
        declined={f.declined}
        onDone={f.onConfirmDone}
        successTarget={props.purchase ? 'next' : orderNos.length === 1 ? 'order' : 'list'}
        onRetry={f.retryConfirm}
        onClose={f.closeConfirm}
        onReopen={f.reopen}
      />
    </>
  );
}
