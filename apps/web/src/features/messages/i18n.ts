/** Strings of the message centre, the header bell and the announcement banner: the 'messages' namespace. */
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';

const zh = {
  bell: '消息',
  bellCount: '{{count}} 条未读消息',
  newest: '最新消息',
  none: '暂无消息',
  viewAll: '查看全部',
  readAll: '全部标为已读',
  readAllIn: '本类全部已读',
  markRead: '标为已读',
  delete: '删除',
  deleteConfirm: '删除这条消息？',
  deleted: '已删除',
  open: '查看',
  unreadOnly: '只看未读',
  unread: '未读',
  messagesTab: '站内消息',
  announcementsTab: '平台公告',
  all: '全部',
  category: { orders: '订单与证书', billing: '支付与余额', domains: '域名', security: '账户安全' },
  announcementKind: { maintenance: '维护', price: '价格调整', rules: '行业规则', general: '公告' },
  noAnnouncements: '暂无公告',
  gotIt: '知道了',
  hide: '不再显示',
  intro: '证书签发、待验证、即将到期、支付成功和账户安全等通知都会保存在这里；邮件和短信是否同时发送，可在通知设置中选择。',
  settings: '通知设置',
  readDone: '已将 {{count}} 条标为已读',
  total: '共 {{total}} 条',
};
const en: typeof zh = {
  bell: 'Messages',
  bellCount: '{{count}} unread messages',
  newest: 'Newest messages',
  none: 'No messages',
  viewAll: 'View all',
  readAll: 'Mark all read',
  readAllIn: 'Mark this group read',
  markRead: 'Mark read',
  delete: 'Delete',
  deleteConfirm: 'Delete this message?',
  deleted: 'Deleted',
  open: 'Open',
  unreadOnly: 'Unread only',
  unread: 'Unread',
  messagesTab: 'Messages',
  announcementsTab: 'Announcements',
  all: 'All',
  category: { orders: 'Orders & certificates', billing: 'Payments & balance', domains: 'Domains', security: 'Account security' },
  announcementKind: { maintenance: 'Maintenance', price: 'Price change', rules: 'Industry rules', general: 'Notice' },
  noAnnouncements: 'No announcements',
  gotIt: 'Got it',
  hide: 'Hide',
  intro: 'Certificates issued, orders awaiting validation or expiring, payments received and security events are all kept here; whether mail and SMS go out as well is up to your notification settings.',
  settings: 'Notification settings',
  readDone: '{{count}} marked read',
  total: '{{total}} in all',
};

for (const [lng, bundle] of Object.entries({ zh, en })) {
  if (!i18n.hasResourceBundle(lng, 'messages')) i18n.addResourceBundle(lng, 'messages', bundle, true, true);
}

export function useMessagesT() {
  const { t, i18n: inst } = useTranslation('messages');
  return { t, lang: (inst.language === 'en' ? 'en' : 'zh') as 'zh' | 'en' };
}
