/** Strings of the domains area (/domain): the 'domains' namespace. */
import { useTranslation } from 'react-i18next';
import { i18n, useMsg } from '../../i18n/index.ts';

const zh = {
  common: {
    domain: '域名', years: '年限', yearsN: '{{count}} 年', price: '价格', perYear: '/年', total: '合计', actions: '操作', status: '状态', remark: '备注',
    expiresAt: '到期时间', registeredAt: '注册时间', orderNo: '订单号', createdAt: '时间', amount: '金额', none: '暂无数据', save: '保存', cancel: '取消',
    delete: '删除', edit: '编辑', add: '添加', refresh: '刷新', domainsPlaceholder: '每行一个域名（也可用逗号、空格分隔）', balance: '账户余额', yuan: '¥{{amount}}',
    goDeposit: '去充值', group: '分组', noGroup: '未分组', kind: '类型', search: '搜索', keyword: '域名 / 备注关键词', selected: '已选 {{count}} 个',
  },
  search: {
    title: '注册新域名', placeholder: '输入域名或关键词，如 example 或 例子.中国', submit: '查询', exact: '查询结果', suggestions: '推荐域名',
    available: '可注册', premium: '溢价', addCart: '加入购物车', inCart: '已加入', reasons: { registered: '已被注册', reserved: '注册局保留', invalid: '格式不正确', tld: '后缀不支持', mine: '已在我的账户' },
    realName: '需实名', added: '已加入购物车', goCart: '去结算 ({{count}})', bulk: '批量查询',
  },
  cart: {
    title: '购物车', empty: '购物车是空的', goSearch: '去注册域名', unavailable: '已不可注册', contact: '域名持有人', contactPlaceholder: '选择联系人模板',
    newContact: '新建联系人', pay: '去支付 ¥{{amount}}', purchase: '域名注册（{{count}} 个）', names: '域名', contactLine: '持有人', paid: '支付成功：{{ok}} 个已注册',
    refunded: '{{count}} 个域名已被他人抢先注册，款项已退回余额', realNameHint: '.cn / .中国 等中国域名须使用已实名认证的持有人',
  },
  manage: {
    tabs: { mine: '我的域名', expiring: '即将过期', expired: '已过期', forSale: '出售中' }, locked: '已锁定', unlocked: '未锁定',
    phase: { active: '正常', grace: '续费宽限期', redemption: '赎回期', pendingDelete: '待删除', released: '已释放' },
    renew: '续费', detail: '管理', batchRenew: '批量续费', batchGroup: '设置分组', batchRemark: '设置备注', transferOutPending: '转出待处理',
  },
  detail: {
    title: '域名详情', back: '返回我的域名', info: '基本信息', lock: '转移锁', lockOn: '锁定', lockOff: '解锁', locked: '已锁定（禁止转移）', unlocked: '未锁定',
    authCode: '转移密码', getAuthCode: '获取转移密码', resetAuthCode: '重置', authCodeHint: '转出到其他注册商时需要提供此密码。请先解锁域名。', nameservers: 'DNS 服务器',
    saveNs: '保存 DNS', contacts: '联系人', registrant: '持有人', admin: '管理联系人', tech: '技术联系人', billing: '付费联系人', orders: '订单记录',
    kinds: { register: '注册', renew: '续费', transferIn: '转入' }, renewNow: '立即续费', transferOut: '转出', remarkSaved: '备注已保存', nsSaved: 'DNS 服务器已保存',
    lockSaved: '已更新转移锁', forSale: '出售', forSaleOn: '挂牌出售中（列入“出售中”）', forSaleOff: '未出售', forSaleSaved: '已更新出售状态', maxYears: '最多还可续费 {{count}} 年',
  },
  orderStatus: { paid: '已支付', pending: '处理中', succeeded: '成功', refunded: '已退款' },
  renew: {
    title: '续费申请', domains: '要续费的域名', fault: '不可续费', newExpiry: '续费后到期', redemption: '含赎回费', submit: '余额支付并续费 ¥{{amount}}', done: '续费成功：{{count}} 个域名',
    listTitle: '续费记录', quote: '计算价格',
  },
  transfer: {
    inTitle: '转入域名', inHint: '从其他注册商转入：填写域名和转移密码（授权码）。转入成功后域名有效期延长 1 年。', authCode: '转移密码', addRow: '添加一行', submit: '余额支付并提交转入 ¥{{amount}}',
    submitted: '已提交 {{count}} 个转入', inList: '转入记录', progress: '进度', outTitle: '转出请求', outHint: '其他注册商申请转走您的域名；5 天内未拒绝将自动完成。', approve: '同意转出', reject: '拒绝',
    outList: '转出记录', requestedAt: '申请时间', actBy: '自动完成时间', settledAt: '完成时间',
    states: { pending: '等待处理', clientApproved: '已同意', clientRejected: '已拒绝', serverApproved: '超时自动完成', cancelled: '已取消' },
    reasons: { authCode: '转移密码错误', locked: '域名已锁定', tooNew: '注册或转移未满 60 天', notFound: '域名未注册', sameRegistrar: '域名已在本平台', notActive: '域名已过期', pending: '已有转移在进行', clientRejected: '原注册商拒绝', taken: '已被注册', reserved: '注册局保留', failed: '系统故障未能完成，已退款' },
  },
  contact: {
    title: '域名联系人', add: '新建联系人', kind: '类型', kinds: { personal: '个人', enterprise: '企业' }, name: '姓名', org: '单位名称', email: '邮箱', telephone: '电话', country: '国家',
    province: '省份', city: '城市', address: '地址', postalCode: '邮编', verified: '已实名', notVerified: '未实名', verifyGo: '去实名认证', saved: '已保存', deleted: '已删除',
  },
  group: { title: '域名分组', add: '新建分组', name: '分组名称', count: '域名数', saved: '已保存', deleted: '已删除' },
  batch: {
    kinds: { ownership: '批量过户', nameservers: '批量修改 DNS 服务器', group: '批量分组', remark: '批量备注' }, domains: '域名列表', contact: '新持有人', nameservers: 'DNS 服务器（每行一个）',
    group: '目标分组', remark: '备注内容', start: '开始执行', progress: '进度', results: '执行结果', itemStatus: { waiting: '等待中', done: '成功', failed: '失败' }, message: '说明', history: '最近批量任务',
    searchTitle: '批量查询', started: '已开始执行', summary: '成功 {{done}} · 失败 {{failed}} · 共 {{total}}', searchSubmit: '查询', addAvailable: '可注册的全部加入购物车',
  },
  price: { title: '域名价格', register: '注册', renew: '续费', transfer: '转入', redemption: '赎回费', common: '热门后缀', other: '更多后缀', note: '价格以元/年计；溢价域名首年另计。到期后 {{grace}} 天内可按原价续费，随后 {{redemption}} 天赎回期需加收赎回费。' },
};

type Strings = typeof zh;
const en: Strings = {
  common: {
    domain: 'Domain', years: 'Years', yearsN: '{{count}} yr', price: 'Price', perYear: '/yr', total: 'Total', actions: 'Actions', status: 'Status', remark: 'Remark',
    expiresAt: 'Expires', registeredAt: 'Registered', orderNo: 'Order no.', createdAt: 'Time', amount: 'Amount', none: 'Nothing here yet', save: 'Save', cancel: 'Cancel',
    delete: 'Delete', edit: 'Edit', add: 'Add', refresh: 'Refresh', domainsPlaceholder: 'One name per line (commas and spaces work too)', balance: 'Balance', yuan: '¥{{amount}}',
    goDeposit: 'Top up', group: 'Group', noGroup: 'No group', kind: 'Type', search: 'Search', keyword: 'Name or remark', selected: '{{count}} selected',
  },
  search: {
    title: 'Get a new domain', placeholder: 'A name or keyword, e.g. example or 例子.中国', submit: 'Search', exact: 'Results', suggestions: 'Suggestions',
    available: 'Available', premium: 'Premium', addCart: 'Add to cart', inCart: 'In cart', reasons: { registered: 'Taken', reserved: 'Reserved by the registry', invalid: 'Not a valid name', tld: 'Extension not offered', mine: 'Already yours' },
    realName: 'Needs verified registrant', added: 'Added to cart', goCart: 'Check out ({{count}})', bulk: 'Bulk search',
  },
  cart: {
    title: 'Cart', empty: 'Your cart is empty', goSearch: 'Find a domain', unavailable: 'No longer available', contact: 'Registrant', contactPlaceholder: 'Choose a contact',
    newContact: 'New contact', pay: 'Check out ¥{{amount}}', purchase: 'Domain registration ({{count}})', names: 'Names', contactLine: 'Registrant', paid: 'Paid: {{ok}} registered',
    refunded: '{{count}} names were taken by someone else first; the money is back in your balance', realNameHint: 'China names (.cn, .中国, ...) need a verified registrant',
  },
  manage: {
    tabs: { mine: 'My domains', expiring: 'Expiring', expired: 'Expired', forSale: 'For sale' }, locked: 'Locked', unlocked: 'Unlocked',
    phase: { active: 'Active', grace: 'Grace period', redemption: 'Redemption', pendingDelete: 'Pending delete', released: 'Released' },
    renew: 'Renew', detail: 'Manage', batchRenew: 'Renew selected', batchGroup: 'Set group', batchRemark: 'Set remark', transferOutPending: 'Transfer out pending',
  },
  detail: {
    title: 'Domain details', back: 'Back to my domains', info: 'Overview', lock: 'Transfer lock', lockOn: 'Lock', lockOff: 'Unlock', locked: 'Locked (no transfers)', unlocked: 'Unlocked',
    authCode: 'Auth code', getAuthCode: 'Get auth code', resetAuthCode: 'Reset', authCodeHint: 'Another registrar asks for this code to take the name. Unlock the name first.', nameservers: 'Nameservers',
    saveNs: 'Save nameservers', contacts: 'Contacts', registrant: 'Registrant', admin: 'Admin', tech: 'Tech', billing: 'Billing', orders: 'Orders',
    kinds: { register: 'Registration', renew: 'Renewal', transferIn: 'Transfer in' }, renewNow: 'Renew now', transferOut: 'Transfer out', remarkSaved: 'Remark saved', nsSaved: 'Nameservers saved',
    lockSaved: 'Transfer lock updated', forSale: 'For sale', forSaleOn: 'Listed for sale (in the For sale tab)', forSaleOff: 'Not for sale', forSaleSaved: 'Sale listing updated', maxYears: 'Up to {{count}} more years',
  },
  orderStatus: { paid: 'Paid', pending: 'In progress', succeeded: 'Succeeded', refunded: 'Refunded' },
  renew: {
    title: 'Renew', domains: 'Names to renew', fault: 'Cannot renew', newExpiry: 'New expiry', redemption: 'incl. redemption fee', submit: 'Pay ¥{{amount}} from balance and renew', done: 'Renewed {{count}} names',
    listTitle: 'Renewals', quote: 'Get price',
  },
  transfer: {
    inTitle: 'Transfer in', inHint: 'Move names here from another registrar: enter each name and its auth code. A transfer adds one year.', authCode: 'Auth code', addRow: 'Add a row', submit: 'Pay ¥{{amount}} and transfer',
    submitted: '{{count}} transfers submitted', inList: 'Transfers in', progress: 'Progress', outTitle: 'Transfer requests', outHint: 'Another registrar asked for your name; it moves after 5 days unless you reject it.', approve: 'Approve', reject: 'Reject',
    outList: 'Transfers out', requestedAt: 'Requested', actBy: 'Completes by', settledAt: 'Settled',
    states: { pending: 'Pending', clientApproved: 'Approved', clientRejected: 'Rejected', serverApproved: 'Completed after 5 days', cancelled: 'Cancelled' },
    reasons: { authCode: 'Wrong auth code', locked: 'Name is locked', tooNew: 'Within 60 days of registration or transfer', notFound: 'Not registered', sameRegistrar: 'Already here', notActive: 'Expired', pending: 'Another transfer is pending', clientRejected: 'Rejected by the registrar', taken: 'Taken', reserved: 'Reserved', failed: 'Not completed after a system fault; refunded' },
  },
  contact: {
    title: 'Domain contacts', add: 'New contact', kind: 'Type', kinds: { personal: 'Person', enterprise: 'Organisation' }, name: 'Name', org: 'Organisation', email: 'E-mail', telephone: 'Phone', country: 'Country',
    province: 'Province', city: 'City', address: 'Address', postalCode: 'Postal code', verified: 'Verified', notVerified: 'Not verified', verifyGo: 'Verify identity', saved: 'Saved', deleted: 'Deleted',
  },
  group: { title: 'Domain groups', add: 'New group', name: 'Group name', count: 'Names', saved: 'Saved', deleted: 'Deleted' },
  batch: {
    kinds: { ownership: 'Change ownership', nameservers: 'Change nameservers', group: 'Set group', remark: 'Set remark' }, domains: 'Names', contact: 'New registrant', nameservers: 'Nameservers (one per line)',
    group: 'Group', remark: 'Remark', start: 'Start', progress: 'Progress', results: 'Results', itemStatus: { waiting: 'Waiting', done: 'Done', failed: 'Failed' }, message: 'Note', history: 'Recent batches',
    searchTitle: 'Bulk search', started: 'Started', summary: 'Done {{done}} · failed {{failed}} · {{total}} in all', searchSubmit: 'Search', addAvailable: 'Add every available name to the cart',
  },
  price: { title: 'Domain prices', register: 'Register', renew: 'Renew', transfer: 'Transfer', redemption: 'Redemption fee', common: 'Popular', other: 'More extensions', note: 'Prices per year in CNY; premium names cost more the first year. Within {{grace}} days after expiry a name renews at the normal price; the {{redemption}} days of redemption after that add the redemption fee.' },
};

for (const [lng, bundle] of Object.entries({ zh, en })) {
  if (!i18n.hasResourceBundle(lng, 'domains')) i18n.addResourceBundle(lng, 'domains', bundle, true, true);
}

export function useDomainsT() {
  const { t, i18n: inst } = useTranslation('domains');
  const msg = useMsg();
  const lang: 'zh' | 'en' = inst.language === 'en' ? 'en' : 'zh';
  return { t, msg, lang };
}
