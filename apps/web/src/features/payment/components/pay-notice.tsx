import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { Link } from '@tanstack/react-router';
import { balanceAfter, balanceCovers } from '@cc/domain/balance';
import { useMoney } from '../../../hooks/use-money.ts';
import { useLinkColor } from '../../../lib/link-color.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { PayResult } from '../api/pay-orders.ts';
import { usePaymentT } from '../i18n.ts';
import { coinAmount, payKindOf } from '../lib/pay-way.ts';
import { CopyBox } from './copy-box.tsx';
import { QrBox, type ResultState } from './qr-box.tsx';

export interface PayNoticeProps {
  payWay: string;
  /** Cents due (base currency). */
  amount: number;
  /** Balance in cents (balance way only); undefined while loading. */
  balance?: number;
  result: PayResult | null;
  resultState: ResultState;
  onRetry: () => void;
  /** Opens the provider's page in a new tab (the card provider's Alipay variant, a blocked pop-up). */
  onOpenPage?: () => void;
  popupBlocked?: boolean;
}

/** Link to add a card or bank account to a PayPal account (document 01 §2 "Global wallet method"). */
const paypalWalletUrl = 'https://www.paypal.com/myaccount/money/';

/** The notice under the method choice (document 01 §2, document 02 §2 "Payment notice panel"). */
export function PayNotice({ payWay, amount, balance, result, resultState, onRetry, onOpenPage, popupBlocked }: PayNoticeProps) {
  const { t } = usePaymentT();
  const money = useMoney();
  const kind = payKindOf(payWay);
  const qr = result?.qrCodeBase64 ?? '';
  const pageUrl = result?.webPagePayURL ?? '';

  const blocked = popupBlocked && pageUrl ? (
    <Alert
      type="warning"
      showIcon
      title={t('notice.popupBlocked')}
      description={
        <a href={pageUrl} target="_blank" rel="noopener noreferrer" data-testid="open-pay-page">
          {t('notice.openPage')} <ExportOutlined />
        </a>
      }
    />
  ) : null;

  // Outside production the server names the sandbox's hosted page (what the QR code opens): a phone on another
  // network cannot reach it, so it is offered here too.
  const sandboxPage = result?.sandboxPageURL ?? '';
  const linkColor = useLinkColor();
  const sandbox =
    sandboxPage && resultState === 'ready' ? (
      <Flex vertical gap={4} data-testid="sandbox-page">
        <Typography.Text style={{ fontSize: 12, color: 'var(--ant-color-text-secondary)' }}>{t('notice.sandboxHint')}</Typography.Text>
        <a href={sandboxPage} target="_blank" rel="noopener noreferrer" style={{ color: linkColor }} data-testid="sandbox-page-link">
          {t('notice.sandboxLink')} <ExportOutlined />
        </a>
      </Flex>
    ) : null;

  let body: React.ReactNode;
  switch (kind) {
    case 'balance': {
      if (balance === undefined) {
        body = <Typography.Text type="secondary">…</Typography.Text>;
        break;
      }
      const after = balanceAfter(balance, amount);
      body =
        balanceCovers(balance, amount) ? (
          <Descriptions column={1} size="small" data-testid="notice-balance">
            <Descriptions.Item label={t('notice.balanceCurrent')}>
              <span data-testid="notice-balance-current">{money(balance)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('notice.balanceDeduct')}>
              <Typography.Text type="danger">-{money(amount)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('notice.balanceAfter')}>
              <span data-testid="notice-balance-after">{money(after)}</span>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="notice-insufficient"
            title={t('notice.balanceInsufficient')}
            description={
              <Flex gap={8} align="center" wrap>
                <span>
                  {t('notice.balanceCurrent')}: {money(balance)}
                </span>
                <Link to="/deposit" data-testid="notice-top-up">
                  {t('notice.balanceTopUp')}
                </Link>
              </Flex>
            }
          />
        );
      break;
    }
    case 'newTab':
      body = payWay.includes('paypal') ? (
        <Flex vertical gap={8} data-testid="notice-paypal">
          <Typography.Text>{t('notice.paypalTab')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('notice.paypalCard')}{' '}
            <a href={paypalWalletUrl} target="_blank" rel="noopener noreferrer">
              {t('notice.paypalCardLink')} <ExportOutlined />
            </a>
          </Typography.Text>
          {blocked}
        </Flex>
      ) : (
        <Flex vertical gap={12} data-testid="notice-alipay">
          <Typography.Text>{t('notice.alipayTab')}</Typography.Text>
          {blocked}
          <Flex gap={16} align="center" wrap>
            <QrBox src={qr} state={resultState} onRetry={onRetry} size={150} />
            <Typography.Text type="secondary" style={{ flex: 1, minWidth: 160 }}>
              {t('notice.alipayQr')}
            </Typography.Text>
          </Flex>
        </Flex>
      );
      break;
    case 'qr':
      body = (
        <Flex gap={16} align="center" wrap data-testid="notice-wechat">
          <QrBox src={qr} state={resultState} onRetry={onRetry} />
          <Flex vertical gap={12} style={{ flex: 1, minWidth: 160 }}>
            <Typography.Text type="secondary">{payWay.includes('stripe') ? t('notice.stripeWechatQr') : t('notice.wechatQr')}</Typography.Text>
            {sandbox}
          </Flex>
        </Flex>
      );
      break;
    case 'cardQr':
      body = (
        <Flex vertical gap={12} data-testid="notice-stripe-alipay">
          <Typography.Text>{t('notice.stripeAlipayQr')}</Typography.Text>
          {blocked}
          <Flex gap={16} align="center" wrap>
            <QrBox src={qr} state={resultState} onRetry={onRetry} size={150} />
            <Button icon={<ExportOutlined />} disabled={resultState !== 'ready' || !pageUrl} onClick={onOpenPage} data-testid="stripe-alipay-open">
              {t('notice.stripeAlipayButton')}
            </Button>
          </Flex>
        </Flex>
      );
      break;
    case 'leave':
      body = (
        <Typography.Text data-testid="notice-stripe">
          {t('notice.stripeLeave')}
        </Typography.Text>
      );
      break;
    case 'crypto': {
      const coin = result?.webCurrency || payWay.toUpperCase();
      const expires = result?.expireTime ? formatDateTime(result.expireTime * 1000) : '';
      body = (
        <Flex vertical gap={12} data-testid="notice-crypto">
          <Typography.Text type="secondary">{t('notice.cryptoHint')}</Typography.Text>
          <Flex gap={16} align="flex-start" wrap>
            <QrBox src={qr} state={resultState} onRetry={onRetry} size={150} />
            {result && resultState === 'ready' ? (
              <Flex vertical gap={8} style={{ flex: 1, minWidth: 240 }}>
                <Typography.Text type="secondary">{t('notice.cryptoCoin')}</Typography.Text>
                <Typography.Text strong data-testid="crypto-coin">
                  {coin}
                </Typography.Text>
                <Typography.Text type="secondary">{t('notice.cryptoAmount')}</Typography.Text>
                <CopyBox value={coinAmount(result.transferredPriceCent)} suffix={coin} testId="crypto-amount" />
                <Typography.Text type="secondary">{t('notice.cryptoAddress')}</Typography.Text>
                <CopyBox value={result.payURL} testId="crypto-address" />
                {sandbox}
              </Flex>
            ) : null}
          </Flex>
          {expires ? <Alert type="info" showIcon title={t('notice.cryptoExpires', { time: expires })} data-testid="crypto-expires" /> : null}
        </Flex>
      );
      break;
    }
  }
  return (
    <div data-testid="pay-notice" data-kind={kind}>
      {body}
    </div>
  );
}
