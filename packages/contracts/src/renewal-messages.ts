/** Messages of issuance over ACME and of renewal (tickets, expiry reminders, reissue within a plan). Spread into messages.ts. */
const zh = {
  'acme.csrNames': '证书请求 (CSR) 中的域名与订单不一致（{{names}}），且服务器未保存私钥：请重新提交包含全部域名的 CSR',
  'acme.challengeFailed': '证书颁发机构验证 {{domain}} 失败：{{detail}}',
  'acme.orderInvalid': '证书颁发机构拒绝了此申请：{{detail}}',
  'acme.dcv.methodFixed': '免费证书通过 ACME 签发，只能通过 DNS TXT 记录验证',
  'renewal.ticket.invalid': '续费链接无效，请从订单详情重新获取续费链接',
  'renewal.notRenewable': '订单 {{orderNo}} 尚未签发证书，无法续费',
  'renewal.mail.subject': '证书即将到期：{{domain}}（剩余 {{days}} 天）',
  'renewal.mail.body': '您的证书 {{domain}}（订单 {{orderNo}}）将于 {{notAfter}} 到期，剩余 {{days}} 天。请及时续费：{{link}}',
  'orders.event.acme_ordered': '已通过 ACME 向证书颁发机构下单，请按说明添加 TXT 记录',
  'orders.event.acme_failed': '证书颁发机构未签发：{{reason}}',
  'orders.event.auto_reissue': '证书即将到期，套餐仍在有效期内：自动重新签发',
  'orders.event.expired': '证书已过期',
  'orders.event.expiry_reminder': '已发送到期提醒（剩余 {{days}} 天）',
  'orders.event.renewed': '已创建续费订单 {{orderNo}}',
  'orders.event.renewal_of': '续费自订单 {{orderNo}}',
} as const;

const en: Record<keyof typeof zh, string> = {
  'acme.csrNames': 'The CSR does not name exactly the order\'s domains ({{names}}) and the server holds no key: resubmit with a CSR that lists them all',
  'acme.challengeFailed': 'The CA could not validate {{domain}}: {{detail}}',
  'acme.orderInvalid': 'The CA refused the request: {{detail}}',
  'acme.dcv.methodFixed': 'Free certificates are issued over ACME and validate by DNS TXT record only',
  'renewal.ticket.invalid': 'The renewal link is not valid: get a new one from the order details',
  'renewal.notRenewable': 'Order {{orderNo}} has no certificate to renew',
  'renewal.mail.subject': 'Certificate expiring: {{domain}} ({{days}} days left)',
  'renewal.mail.body': 'Your certificate for {{domain}} (order {{orderNo}}) expires on {{notAfter}}, in {{days}} days. Renew it here: {{link}}',
  'orders.event.acme_ordered': 'Ordered from the CA over ACME: publish the TXT records shown',
  'orders.event.acme_failed': 'The CA did not issue: {{reason}}',
  'orders.event.auto_reissue': 'Certificate ending within the plan: reissuing automatically',
  'orders.event.expired': 'Certificate expired',
  'orders.event.expiry_reminder': 'Expiry reminder sent ({{days}} days left)',
  'orders.event.renewed': 'Renewal order {{orderNo}} created',
  'orders.event.renewal_of': 'Renews order {{orderNo}}',
};

export const renewalMessagesZh = zh;
export const renewalMessagesEn = en;
