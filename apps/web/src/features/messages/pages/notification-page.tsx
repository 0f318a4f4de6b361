import { useState } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { Link, useRouter } from '@tanstack/react-router';
import { siteMsgCategories, type SiteMsg, type SiteMsgCategory } from '@cc/contracts/site-messages';
import { pageSizes } from '@cc/domain/terms';
import { useRouteTitle } from '../../../hooks/use-route-title.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { toast } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  useAnnouncements,
  useDeleteSiteMessage,
  useHideAnnouncement,
  useReadAllSiteMessages,
  useReadAnnouncement,
  useReadSiteMessage,
  useSiteMessages,
} from '../api/site-messages.ts';
import { useMessagesT } from '../i18n.ts';

const categoryColor: Record<SiteMsgCategory, string> = { orders: 'blue', billing: 'green', domains: 'purple', security: 'red' };

function MessageRow({ m }: { m: SiteMsg }) {
  const { t } = useMessagesT();
  const { token } = theme.useToken();
  const router = useRouter();
  const read = useReadSiteMessage();
  const del = useDeleteSiteMessage();
  const fail = (e: unknown) => e instanceof ApiError && toast.error(e.msg);
  return (
    <li data-testid="message-row" data-read={m.read ? 'y' : 'n'} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" gap={12} wrap>
        <div style={{ flex: '1 1 360px', minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            {m.read ? null : <Badge status="processing" aria-label={t('unread')} />}
            <Tag color={categoryColor[m.category]}>{t(`category.${m.category}`)}</Tag>
            <Typography.Text strong={!m.read}>{m.title}</Typography.Text>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {m.content}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(m.createdAt)}
          </Typography.Text>
        </div>
        <Flex gap={4} align="start">
          {m.link ? (
            <Button
              size="small"
              type="link"
              onClick={() => {
                if (!m.read) read.mutate(m.id);
                void router.navigate({ href: m.link! });
              }}
            >
              {t('open')}
            </Button>
          ) : null}
          {m.read ? null : (
            <Button size="small" type="link" onClick={() => read.mutate(m.id, { onError: fail })} data-testid="message-read">
              {t('markRead')}
            </Button>
          )}
          <Popconfirm title={t('deleteConfirm')} onConfirm={() => del.mutate(m.id, { onSuccess: () => toast.success(t('deleted')), onError: fail })}>
            <Button size="small" type="link" danger data-testid="message-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    </li>
  );
}

function MessagesTab() {
  const { t } = useMessagesT();
  const [category, setCategory] = useState<SiteMsgCategory | 'all'>('all');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useSiteMessages({
    limit: paging.pageSize,
    offset: paging.page,
    category: category === 'all' ? undefined : category,
    status: unreadOnly ? 'unread' : undefined,
  });
  const readAll = useReadAllSiteMessages();
  const rows = list.data?.siteMsges ?? [];
  return (
    <div>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Segmented
          value={category}
          onChange={(v) => {
            setCategory(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[{ value: 'all' as const, label: t('all') }, ...siteMsgCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
          data-testid="message-category"
        />
        <Flex gap={12} align="center">
          <Checkbox checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} data-testid="unread-only">
            {t('unreadOnly')}
          </Checkbox>
          <Button
            disabled={!list.data?.unread}
            loading={readAll.isPending}
            data-testid="read-all"
            onClick={() => readAll.mutate(category === 'all' ? undefined : category, { onSuccess: (r) => toast.success(t('readDone', { count: r.read })) })}
          >
            {category === 'all' ? t('readAll') : t('readAllIn')}
          </Button>
        </Flex>
      </Flex>
      {rows.length === 0 && !list.isPending ? (
        <Empty description={t('none')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="message-list">
          {rows.map((m) => (
            <MessageRow key={m.id} m={m} />
          ))}
        </ul>
      )}
      {(list.data?.total ?? 0) > 0 ? (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Pagination
            current={paging.page}
            pageSize={paging.pageSize}
            total={list.data?.total ?? 0}
            showSizeChanger
            pageSizeOptions={pageSizes.map(String)}
            showTotal={(total) => t('total', { total })}
            onChange={(page, pageSize) => setPaging({ page, pageSize })}
          />
        </Flex>
      ) : null}
    </div>
  );
}

function AnnouncementsTab() {
  const { t } = useMessagesT();
  const { token } = theme.useToken();
  const list = useAnnouncements();
  const read = useReadAnnouncement();
  const hide = useHideAnnouncement();
  const rows = list.data?.siteMsges ?? [];
  if (!rows.length && !list.isPending) return <Empty description={t('noAnnouncements')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="announcement-list">
      {rows.map((a) => (
        <li key={a.id} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Flex justify="space-between" gap={12} wrap>
            <div style={{ flex: '1 1 360px' }}>
              <Flex gap={8} align="center">
                {a.read ? null : <Badge status="processing" aria-label={t('unread')} />}
                <Tag>{t(`announcementKind.${a.kind}`)}</Tag>
                <Typography.Text strong={!a.read}>{a.title}</Typography.Text>
              </Flex>
              <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', whiteSpace: 'pre-line' }}>
                {a.content}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(a.startsAt)}
              </Typography.Text>
            </div>
            <Flex gap={4} align="start">
              {a.read ? null : (
                <Button size="small" type="link" onClick={() => read.mutate(a.id)}>
                  {t('markRead')}
                </Button>
              )}
              <Button size="small" type="link" onClick={() => hide.mutate(a.id)}>
                {t('hide')}
              </Button>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** /notification: the account's messages (filters, read, read all, delete) and the platform's announcements. */
export default function NotificationPage() {
  const { t } = useMessagesT();
  const title = useRouteTitle();
  const ann = useAnnouncements();
  return (
    <div data-testid="notification-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link to="/account/notify">{t('settings')}</Link>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: 'messages', label: t('messagesTab'), children: <MessagesTab /> },
          {
            key: 'announcements',
            label: (
              <Badge count={ann.data?.unread ?? 0} size="small" offset={[8, 0]}>
                {t('announcementsTab')}
              </Badge>
            ),
            children: <AnnouncementsTab />,
          },
        ]}
      />
    </div>
  );
}
