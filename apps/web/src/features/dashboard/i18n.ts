/** Strings of the dashboard's action cards, calendar and spending: the 'home' namespace. */
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';

const zh = {
  todo: '待办事项',
  allDone: '暂无需要处理的事项',
  awaitingPayment: '待支付订单',
  awaitingPaymentAmount: '合计 {{amount}}',
  awaitingValidation: '待验证域名的订单',
  pendingNames: '{{count}} 个域名待验证',
  expiring: '30 天内到期的证书',
  expiringHint: '请及时续费并部署新证书',
  domainsExpiring: '30 天内到期的域名 {{count}} 个',
  failedRenewals: '续费失败',
  failedHint: '需要重新提交的自动重签或续费订单',
  more: '查看全部',
  calendar: '续费日历',
  calendarHint: '未来 {{days}} 天内到期的证书、域名和域名验证',
  calendarEmpty: '未来 {{days}} 天内没有到期的证书、域名或域名验证',
  kind: { certificate: '证书到期', validation: '域名验证到期', domain: '域名到期' },
  auto: '自动重签',
  daysLeft: '{{days}} 天后',
  today: '今天',
  spending: '本月消费',
  thisMonth: '本月',
  lastMonth: '上月',
  up: '比上月多 {{pct}}%',
  down: '比上月少 {{pct}}%',
  same: '与上月持平',
  method: { dns: 'DNS CNAME', dns_txt: 'DNS TXT', file: '文件验证', email: '邮件验证', email_dns: '邮件（DNS 公布邮箱）' },
};
const en: typeof zh = {
  todo: 'Needs your action',
  allDone: 'Nothing needs your action',
  awaitingPayment: 'Awaiting payment',
  awaitingPaymentAmount: '{{amount}} in all',
  awaitingValidation: 'Awaiting validation',
  pendingNames: '{{count}} to validate',
  expiring: 'Expiring within 30 days',
  expiringHint: 'Renew and install the new certificates in time',
  domainsExpiring: '{{count}} domain names expire within 30 days',
  failedRenewals: 'Failed renewals',
  failedHint: 'Automatic reissues or renewal orders that need resubmitting',
  more: 'View all',
  calendar: 'Renewal calendar',
  calendarHint: 'Certificates, domain names and domain validations lapsing within {{days}} days',
  calendarEmpty: 'Nothing lapses within {{days}} days',
  kind: { certificate: 'Certificate expires', validation: 'Domain validation lapses', domain: 'Domain name expires' },
  auto: 'Reissued automatically',
  daysLeft: 'in {{days}} days',
  today: 'today',
  spending: 'Spending this month',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  up: '{{pct}}% more than last month',
  down: '{{pct}}% less than last month',
  same: 'Same as last month',
  method: { dns: 'DNS CNAME', dns_txt: 'DNS TXT', file: 'File', email: 'E-mail', email_dns: 'E-mail (address in DNS)' },
};

for (const [lng, bundle] of Object.entries({ zh, en })) {
  if (!i18n.hasResourceBundle(lng, 'home')) i18n.addResourceBundle(lng, 'home', bundle, true, true);
}

export function useHomeT() {
  const { t, i18n: inst } = useTranslation('home');
  return { t, lang: (inst.language === 'en' ? 'en' : 'zh') as 'zh' | 'en' };
}
