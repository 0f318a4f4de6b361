import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { usePaymentT } from '../i18n.ts';

export type ResultState = 'idle' | 'loading' | 'error' | 'ready';

/** The QR code of a pay result: a loading state until it arrives, "request QR code failed" with retry (§8). */
export function QrBox({ src, state, onRetry, size = 180 }: { src: string; state: ResultState; onRetry: () => void; size?: number }) {
  const { t } = usePaymentT();
  const frame = { width: size + 16, height: size + 16, border: '1px solid var(--ant-color-border-secondary)', borderRadius: 8, background: '#fff' } as const;
  if (state === 'error' || (state === 'ready' && !src)) {
    return (
      <Flex vertical align="center" justify="center" gap={8} style={{ ...frame, background: 'transparent' }} data-testid="qr-failed">
        <WarningOutlined style={{ fontSize: 24, color: 'var(--ant-color-warning)' }} />
        <Typography.Text type="secondary">{t('notice.qrFailed')}</Typography.Text>
        <Button size="small" onClick={onRetry} data-testid="qr-retry">
          {t('notice.qrRetry')}
        </Button>
      </Flex>
    );
  }
  if (state !== 'ready') {
    return (
      <Flex vertical align="center" justify="center" gap={8} style={{ ...frame, background: 'transparent' }} data-testid="qr-loading">
        <Spin />
        <Typography.Text type="secondary">{t('notice.qrLoading')}</Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex align="center" justify="center" style={frame}>
      <img src={src} alt="QR" width={size} height={size} data-testid="pay-qr" style={{ display: 'block', imageRendering: 'pixelated' }} />
    </Flex>
  );
}
