import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import { useReadAnnouncement, useSiteMsgSummary } from '../api/site-messages.ts';
import { useMessagesT } from '../i18n.ts';

/** The newest unread platform announcement, above every page until the user marks it read. */
export function AnnouncementBanner() {
  const { t } = useMessagesT();
  const { data } = useSiteMsgSummary();
  const read = useReadAnnouncement();
  const a = data?.announcement;
  if (!a) return null;
  return (
    <Alert
      type={a.kind === 'maintenance' || a.kind === 'rules' ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="announcement-banner"
      title={
        <Flex gap={8} align="center" wrap>
          <Tag>{t(`announcementKind.${a.kind}`)}</Tag>
          <strong>{a.title}</strong>
        </Flex>
      }
      description={<span style={{ whiteSpace: 'pre-line' }}>{a.content}</span>}
      action={
        <Button size="small" type="primary" loading={read.isPending} onClick={() => read.mutate(a.id)} data-testid="announcement-read">
          {t('gotIt')}
        </Button>
      }
    />
  );
}
