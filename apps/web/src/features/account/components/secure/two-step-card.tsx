import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@cc/domain/account';
import { ApiError } from '../../../../lib/http.ts';
import { useAccount } from '../../../../lib/api/get-account.ts';
import { useTwoStepAuth, type TwoStepStatus } from '../../api/get-two-step-auth.ts';
import { TwoStepDialog, type Method } from './two-step-dialog.tsx';
import { RecoveryCodesRow } from './recovery-codes-row.tsx';
import { RecoveryCodesModal } from './recovery-codes-modal.tsx';

const statusField: Record<Method, keyof TwoStepStatus> = { tel: 'telAuth', email: 'emailAuth', google: 'googleAuth' };
const icons: Record<Method, React.ReactNode> = { tel: <MobileOutlined />, email: <MailOutlined />, google: <SafetyOutlined /> };

/** The three second-step methods, each turned on or off with a code; the authenticator's recovery codes under it. */
export function TwoStepCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const status = useTwoStepAuth();
  const account = useAccount();
  const [editing, setEditing] = useState<{ method: Method; enable: boolean } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const info = account.data?.accountInfo;
  const contactOf = (m: Method) => (m === 'tel' ? (info?.telephone ? `+${info.telPrefix} ${maskContact(info.telephone)}` : '') : m === 'email' ? (info?.email ? maskContact(info.email) : '') : '');

  return (
    <Card title={t('secure.twoStep')} data-testid="two-step-card">
        <Typography.Paragraph type="secondary">{t('secure.twoStepDesc')}</Typography.Paragraph>
        {status.isPending ? (
          <Skeleton active />
        ) : status.error ? (
          <Alert type="error" showIcon title={status.error instanceof ApiError ? status.error.msg : t('http.disconnected')} />
        ) : (
          (['tel', 'email', 'google'] as const).map((m, i) => {
            const on = status.data?.[statusField[m]] === 'Y';
            const contact = contactOf(m);
            return (
              <Flex
                key={m}
                align="center"
                gap={16}
                wrap
                style={{ padding: '16px 0', borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined }}
                data-testid={`two-step-${m}`}
                data-on={on ? 'Y' : 'N'}
              >
                <span style={{ fontSize: 24, color: token.colorPrimary }}>{icons[m]}</span>
                <div style={{ flex: 1, minWidth: 200 }}>
                  <Flex gap={8} align="center">
                    <Typography.Text strong>{t(`secure.${m}`)}</Typography.Text>
                    <Tag color={on ? 'success' : 'default'}>{on ? t('common.enabled') : t('common.disabled')}</Tag>
                  </Flex>
                  <Typography.Text type="secondary">{t(`secure.${m}Desc`)}</Typography.Text>
                  {m === 'google' && on ? <RecoveryCodesRow /> : null}
                  {m !== 'google' ? (
                    <div>
                      <Typography.Text type="secondary">{contact ? t('secure.bound', { contact }) : t('secure.notBound')}</Typography.Text>
                    </div>
                  ) : null}
                </div>
                <Button type={on ? 'default' : 'primary'} danger={on} onClick={() => setEditing({ method: m, enable: !on })} data-testid={`two-step-${m}-toggle`}>
                  {on ? t('common.disable') : t('common.enable')}
                </Button>
              </Flex>
            );
          })
        )}
      {editing ? (
        <TwoStepDialog method={editing.method} enable={editing.enable} contact={contactOf(editing.method)} onClose={() => setEditing(null)} onRecoveryCodes={setCodes} />
      ) : null}
      {codes ? <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} /> : null}
    </Card>
  );
}
