import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/toast.ts';
import { useSessions, type SessionItem } from '../../api/get-sessions.ts';
import { useRevokeSession } from '../../api/revoke-session.ts';
import { useRevokeOtherSessions } from '../../api/revoke-other-sessions.ts';

/** Signed-in devices: device, IP, signed in, last active; sign one out, or every other one. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.msg : t('http.disconnected'));
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const signOut = async (id: string) => {
    try {
      const r = await revoke.mutateAsync(id);
      toast.success(t('secure.signedOut', { count: r.revoked }));
    } catch (e) {
      failed(e);
    }
  };
  const signOutOthers = async () => {
    try {
      const r = await revokeOthers.mutateAsync();
      toast.success(t('secure.signedOut', { count: r.revoked }));
    } catch (e) {
      failed(e);
    }
  };

  return (
    <Card
      title={t('secure.sessionsTitle')}
      data-testid="sessions-card"
      extra={
        <Popconfirm title={t('secure.signOutOthersConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => void signOutOthers()} disabled={!others}>
          <Button danger size="small" disabled={!others} loading={revokeOthers.isPending} data-testid="sign-out-others">
            {t('secure.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('secure.sessionsDesc')}</Typography.Paragraph>
      {sessions.error ? (
        <Alert type="error" showIcon title={sessions.error instanceof ApiError ? sessions.error.msg : t('http.disconnected')} />
      ) : (
        <Table<SessionItem>
          rowKey="id"
          size="small"
          loading={sessions.isPending}
          dataSource={sessions.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(s) => ({ 'data-testid': `session-${s.current ? 'current' : s.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'device',
              title: t('secure.device'),
              render: (_, s) => (
                <>
                  <Tooltip title={s.userAgent}>
                    <span>{s.device || t('secure.unknownDevice')}</span>
                  </Tooltip>{' '}
                  {s.current ? <Tag color="processing">{t('secure.current')}</Tag> : null}
                </>
              ),
            },
            { key: 'ip', title: t('secure.ip'), dataIndex: 'ip' },
            { key: 'createdAt', title: t('secure.createdAt'), dataIndex: 'createdAt' },
            { key: 'lastSeen', title: t('secure.lastSeen'), dataIndex: 'lastSeenAt' },
            {
              key: 'action',
              title: t('secure.action'),
              render: (_, s) =>
                s.current ? null : (
                  <Popconfirm title={t('secure.signOutConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => void signOut(s.id)}>
                    <Button type="link" danger size="small" data-testid={`sign-out-${s.id}`}>
                      {t('secure.signOut')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
