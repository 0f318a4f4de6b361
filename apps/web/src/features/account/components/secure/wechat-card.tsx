import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/toast.ts';
import { useWechat } from '../../api/get-wechat.ts';
import { startWechatBinding } from '../../api/start-wechat-binding.ts';
import { useUnbindWechat } from '../../api/unbind-wechat.ts';
import { useWechatReturn } from '../../hooks/use-wechat-return.ts';

/** WeChat sign-in: bind through the provider's authorize page (the built-in sandbox outside production), or unbind. */
export function WechatCard() {
  const { t } = useTranslation();
  const wechat = useWechat();
  const unbind = useUnbindWechat();
  const back = useWechatReturn();
  const [starting, setStarting] = useState(false);
  const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.msg : t('http.disconnected'));
  const s = wechat.data;

  const bind = async () => {
    setStarting(true);
    try {
      const { authorizeUrl } = await startWechatBinding();
      window.location.assign(authorizeUrl);
    } catch (e) {
      failed(e);
      setStarting(false);
    }
  };
  const doUnbind = async () => {
    try {
      await unbind.mutateAsync();
      toast.success(t('secure.wechatUnboundOk'));
    } catch (e) {
      failed(e);
    }
  };

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {t('secure.wechatTitle')}
          {s?.sandbox ? <Tag color="orange">{t('secure.wechatSandbox')}</Tag> : null}
        </Flex>
      }
      data-testid="wechat-card"
    >
      {back.error ? <Alert type="error" showIcon closable onClose={back.dismiss} title={back.error} style={{ marginBottom: 16 }} data-testid="wechat-error" /> : null}
      {wechat.isPending || back.finishing ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex align="center" gap={16} wrap data-testid="wechat-state" data-bound={s?.bound ? 'Y' : 'N'}>
          <span style={{ fontSize: 28, color: '#07c160' }}>
            <WechatOutlined />
          </span>
          <div style={{ flex: 1, minWidth: 200 }}>
            <Typography.Text strong>{s?.bound ? t('secure.wechatBound', { nickname: s.nickname, time: s.boundAt }) : t('secure.notBound')}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{s && !s.available ? t('secure.wechatUnavailable') : t('secure.wechatDesc')}</Typography.Text>
            </div>
          </div>
          {s?.bound ? (
            <Popconfirm title={t('secure.wechatUnbindConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => void doUnbind()}>
              <Button danger loading={unbind.isPending} data-testid="wechat-unbind">
                {t('secure.wechatUnbind')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" disabled={!s?.available} loading={starting} onClick={() => void bind()} data-testid="wechat-bind">
              {t('secure.wechatBind')}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}
