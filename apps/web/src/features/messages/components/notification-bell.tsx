import { useState } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { Link, useRouter } from '@tanstack/react-router';
import type { SiteMsg } from '@cc/contracts/site-messages';
import { formatDateTime } from '../../../lib/datetime.ts';
import { useReadAllSiteMessages, useReadSiteMessage, useSiteMessages, useSiteMsgSummary } from '../api/site-messages.ts';
import { useMessagesT } from '../i18n.ts';

/** The newest five: the popover mounts this only while open (destroyOnHidden), so they are fetched only then. */
function Newest({ onClose }: { onClose: () => void }) {
  const { t } = useMessagesT();
  const { token } = theme.useToken();
  const router = useRouter();
  const list = useSiteMessages({ limit: 10 });
  const read = useReadSiteMessage();
  const readAll = useReadAllSiteMessages();
  const items = (list.data?.siteMsges ?? []).slice(0, 5);
  const open = (m: SiteMsg) => {
    if (!m.read) read.mutate(m.id);
    onClose();
    if (m.link) void router.navigate({ href: m.link });
  };
  return (
    <div style={{ width: 340 }} data-testid="bell-dropdown">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('newest')}</Typography.Text>
        <Button size="small" type="link" disabled={!list.data?.unread} loading={readAll.isPending} onClick={() => readAll.mutate(undefined)} data-testid="bell-read-all">
          {t('readAll')}
        </Button>
      </Flex>
      {items.length === 0 ? (
        <Typography.Text type="secondary">{list.isPending ? '…' : t('none')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => open(m)}
                data-testid="bell-item"
                style={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'start',
                  border: 'none',
                  background: 'transparent',
                  padding: '8px 4px',
                  cursor: 'pointer',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  color: token.colorText,
                  font: 'inherit',
                }}
              >
                <Flex gap={6} align="baseline">
                  {m.read ? null : <Badge status="processing" aria-label={t('unread')} />}
                  <Typography.Text strong={!m.read} ellipsis style={{ flex: 1 }}>
                    {m.title}
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(m.createdAt)}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Link to="/notification" onClick={onClose} data-testid="bell-view-all">
          {t('viewAll')}
        </Link>
      </div>
    </div>
  );
}

/** The header's bell: the unread count from the one cheap summary call, the newest messages on click. */
export function NotificationBell() {
  const { t } = useMessagesT();
  const [open, setOpen] = useState(false);
  const { data } = useSiteMsgSummary();
  const unread = data?.unread ?? 0;
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={<Newest onClose={() => setOpen(false)} />} destroyOnHidden>
      <Button type="text" aria-label={unread ? t('bellCount', { count: unread }) : t('bell')} title={t('bell')} data-testid="bell">
        <Badge count={unread} size="small" overflowCount={99} data-testid="bell-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
