import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { chunkLoadTimeoutMs, isChunkLoadError } from '../lib/chunk.ts';

/**
 * A route that failed to render. Chunk-load errors (network, new deployment, 120 s timeout) get a retry
 * button. Built from what the first page already loaded: when chunks fail, nothing more can be fetched.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  const chunk = isChunkLoadError(error);
  const kind = chunk && 'kind' in error ? error.kind : 'js';
  const title = chunk ? (kind === 'css' ? t('chunk.cssTitle') : t('chunk.title')) : t('errors.serverTitle');
  const detail = chunk ? (kind === 'timeout' ? t('chunk.timeout', { seconds: chunkLoadTimeoutMs / 1000 }) : t('chunk.desc')) : t('errors.unexpected');
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '64px 16px', textAlign: 'center' }} data-testid={chunk ? 'chunk-error' : 'route-error'} role="alert">
      <WarningOutlined style={{ fontSize: 56, color: token.colorWarning }} />
      <div style={{ fontSize: 22, fontWeight: 600, color: token.colorText }}>{title}</div>
      <div style={{ color: token.colorTextSecondary }}>{detail}</div>
      <Flex gap={8}>
        <Button type="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
        {chunk ? <Button onClick={() => window.location.reload()}>{t('chunk.reload')}</Button> : null}
      </Flex>
    </Flex>
  );
}
