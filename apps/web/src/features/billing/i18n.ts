/** Strings of billing (balance changes, bills, invoices, withdrawals, packages, my prices, the operator area): the 'billing' namespace. */
import { useTranslation } from 'react-i18next';
import { i18n, useMsg } from '../../i18n/index.ts';

const zh = {
  common: {
    search: '查询', reset: '重置', exportCsv: '导出 CSV', exported: '已导出', total: '共 {{total}} 条', dateRange: ['开始日期', '结束日期'],
    all: '全部', actions: '操作', cancel: '取消', save: '保存', add: '新增', edit: '编辑', delete: '删除', confirmDelete: '确定删除吗？',
    added: '添加成功!', saved: '保存成功!', deleted: '已删除', empty: '暂无记录', time: '时间', amount: '金额', status: '状态', yes: '确定', no: '取消',
  },
  credit: {
    title: '余额变动', balance: '当前余额', kind: '类型', amount: '变动金额', balanceAfter: '变动后余额', ref: '关联订单/支付', method: '支付方式',
    remark: '备注', balanceWay: '余额', sumNote: '列表各项之和即为当前余额。', topUp: '充值',
    methods: { 0: '支付宝', 1: '微信支付', 2: 'PayPal/银行卡', 3: '虚拟货币', 4: '银行转账' },
  },
  withdraw: {
    title: '提现', refundable: '可提现金额', refundableNote: '可提现金额 = 余额 − 邀请奖励与平台赠送（赠送金额只能用于购买）。',
    apply: '申请提现', amount: '提现金额（元）', method: '提现方式', original: '原路退回', bank: '银行账户', bankName: '开户行', bankAccount: '银行账号',
    accountName: '户名', submit: '提交申请', done: '提现申请已提交，金额已从余额中扣除，待平台审核打款', list: '提现记录',
    statuses: { pending: '审核中', paid: '已打款', rejected: '已驳回（已退回余额）' }, reason: '驳回原因',
  },
  bills: {
    title: '查看账单', monthly: '月度消费', byType: '按产品类型', months: '近 {{n}} 个月', sum: '合计', item: '项目', ref: '订单号/套餐', product: '产品',
    productType: '产品类型', method: '支付方式', exportBills: '导出账单', exportReconciliation: '导出对账单', chartLoading: '图表加载中…',
    kinds: { order_payment: '订单支付', re_sign_payment: '重签支付', package_payment: '购买套餐', refund: '退款' },
    items: { order: '证书订单', package: '证书套餐' }, consumption: '消费', empty: '暂无账单',
  },
  invoice: {
    title: '申请发票', due: '可开票金额', dueNote: '可开票金额 = 已支付订单与套餐 − 退款 − 已申请（审核中、已开具）的发票。',
    type: '发票类型', types: { ordinary: '增值税普通发票', special: '增值税专用发票' }, org: '发票抬头', contact: '邮寄地址', amount: '开票金额（元）',
    apply: '提交申请', applied: '发票申请已提交', list: '发票申请记录', invoiceNo: '发票号', status: '状态',
    statuses: { pending: '审核中', issued: '已开具', rejected: '已驳回', cancelled: '已取消' }, cancelApply: '撤销', cancelled: '已撤销',
    download: '下载 PDF', noOrg: '请先添加发票抬头', noContact: '请先添加邮寄地址', manageOrgs: '管理发票抬头', manageContacts: '管理邮寄地址',
    confirmCancel: '确定撤销该发票申请吗？', reason: '驳回原因',
  },
  orgs: {
    title: '发票抬头', orgName: '单位名称', taxNum: '纳税人识别号', telephone: '电话', bankName: '开户行', bankAccount: '银行账号', address: '地址',
    email: '接收邮箱', dialog: '发票抬头',
  },
  contacts: { title: '邮寄地址', name: '收件人', telephone: '电话', address: '地址', dialog: '邮寄地址' },
  pkg: {
    title: '证书套餐', offers: '可购买的套餐', mine: '我的套餐', product: '产品', quantity: '数量（张·年）', price: '套餐价', listPrice: '单买价',
    save: '省 {{amount}}', buy: '购买', used: '已用', remaining: '剩余', boughtAt: '购买时间', purchase: '证书套餐：{{product}} × {{quantity}}',
    note: '套餐中的每一张对应该产品一年、一个域名。下单该产品时先使用套餐，额外域名仍按价格表收费。',
  },
  prices: {
    title: '我的价格表', product: '产品', brand: '品牌', type: '类型', term: '年限', listPrice: '原价', myPrice: '我的价格', discount: '折扣',
    extra: '额外域名/年', pkg: '套餐剩余', buy: '购买', year: '{{count}} 年', day: '{{count}} 天', off: '{{n}} 折', none: '无折扣', search: '搜索产品',
    note: '价格为单域名价格，已按您账户的专属折扣计算。',
  },
  productTypes: {
    dv_one_ssl: '单域名', ssl: '多域名', wild: '通配符', flex: '灵活多域名', ip_ssl: 'IP 证书', ip_single: '单 IP 证书', ov: '企业型', ev: '增强型',
    code: '代码签名', doc: '文档签名', email: '邮件证书', smime: 'S/MIME 证书', vmc: 'VMC 证书',
  },
  operator: {
    title: '运营后台（沙箱）', secret: '运营密钥', secretHelp: '见服务器 DATA_DIR/operator.secret 或环境变量 OPERATOR_SECRET。', enter: '进入',
    signOut: '退出', invoices: '发票申请', withdrawals: '提现审核', account: '账户', issue: '开具', reject: '驳回', pay: '确认打款',
    rejectReason: '驳回原因', issued: '已开具并邮件通知用户', rejected: '已驳回', paid: '已标记打款', denied: '运营密钥不正确', pendingOnly: '只看待处理',
    discounts: '专属折扣', offers: '证书套餐', accountPlaceholder: '账户邮箱或账户编号', scope: '适用范围', scopes: { all: '全部产品', brand: '品牌', product: '产品' },
    minQuantity: '起始数量', discount: '折扣', discountHelp: '支付原价的百分比，如 85 即优惠 15%', addRule: '设置折扣', noRules: '该账户没有专属折扣，按原价计费',
    sold: '已售', onSale: '上架', addOffer: '上架套餐', putOnSale: '上架',
  },
};

const en: typeof zh = {
  common: {
    search: 'Search', reset: 'Reset', exportCsv: 'Export CSV', exported: 'Exported', total: '{{total}} in all', dateRange: ['Start date', 'End date'],
    all: 'All', actions: 'Actions', cancel: 'Cancel', save: 'Save', add: 'Add', edit: 'Edit', delete: 'Delete', confirmDelete: 'Delete it?',
    added: 'Added!', saved: 'Saved!', deleted: 'Deleted', empty: 'Nothing yet', time: 'Time', amount: 'Amount', status: 'Status', yes: 'OK', no: 'Cancel',
  },
  credit: {
    title: 'Balance changes', balance: 'Balance', kind: 'Kind', amount: 'Amount', balanceAfter: 'Balance after', ref: 'Order / payment', method: 'Method',
    remark: 'Remark', balanceWay: 'Balance', sumNote: 'The entries listed add up to the balance.', topUp: 'Top up',
    methods: { 0: 'Alipay', 1: 'WeChat Pay', 2: 'PayPal / card', 3: 'Crypto', 4: 'Bank transfer' },
  },
  withdraw: {
    title: 'Withdraw', refundable: 'Withdrawable', refundableNote: 'Withdrawable = balance − invite rewards and platform credits (those can only be spent).',
    apply: 'Withdraw', amount: 'Amount (CNY)', method: 'To', original: 'Back the way it came', bank: 'A bank account', bankName: 'Bank', bankAccount: 'Account number',
    accountName: 'Account holder', submit: 'Submit', done: 'Requested: the amount has left your balance and awaits the platform’s payout', list: 'Withdrawals',
    statuses: { pending: 'In review', paid: 'Paid out', rejected: 'Rejected (returned to balance)' }, reason: 'Reason',
  },
  bills: {
    title: 'Bills', monthly: 'Monthly consumption', byType: 'By product type', months: 'Last {{n}} months', sum: 'Total', item: 'Item', ref: 'Order / package', product: 'Product',
    productType: 'Product type', method: 'Method', exportBills: 'Export bills', exportReconciliation: 'Export reconciliation', chartLoading: 'Loading chart…',
    kinds: { order_payment: 'Order payment', re_sign_payment: 'Re-sign payment', package_payment: 'Package', refund: 'Refund' },
    items: { order: 'Certificate order', package: 'Certificate package' }, consumption: 'Consumption', empty: 'No bills',
  },
  invoice: {
    title: 'Apply for an invoice', due: 'Can be invoiced', dueNote: 'Can be invoiced = orders and packages paid − refunds − invoices applied for (in review or issued).',
    type: 'Invoice type', types: { ordinary: 'VAT ordinary invoice', special: 'VAT special invoice' }, org: 'Invoice title', contact: 'Mailing address', amount: 'Amount (CNY)',
    apply: 'Apply', applied: 'Application submitted', list: 'Applications', invoiceNo: 'Invoice no.', status: 'Status',
    statuses: { pending: 'In review', issued: 'Issued', rejected: 'Rejected', cancelled: 'Cancelled' }, cancelApply: 'Withdraw', cancelled: 'Withdrawn',
    download: 'Download PDF', noOrg: 'Add an invoice title first', noContact: 'Add a mailing address first', manageOrgs: 'Invoice titles', manageContacts: 'Mailing addresses',
    confirmCancel: 'Withdraw this application?', reason: 'Reason',
  },
  orgs: {
    title: 'Invoice titles', orgName: 'Organisation', taxNum: 'Taxpayer number', telephone: 'Telephone', bankName: 'Bank', bankAccount: 'Account number', address: 'Address',
    email: 'Email for the invoice', dialog: 'Invoice title',
  },
  contacts: { title: 'Mailing addresses', name: 'Recipient', telephone: 'Telephone', address: 'Address', dialog: 'Mailing address' },
  pkg: {
    title: 'Certificate packages', offers: 'Packages on sale', mine: 'My packages', product: 'Product', quantity: 'Certificates (per year)', price: 'Package price', listPrice: 'One by one',
    save: 'Save {{amount}}', buy: 'Buy', used: 'Used', remaining: 'Left', boughtAt: 'Bought', purchase: 'Certificate package: {{product}} × {{quantity}}',
    note: 'Each certificate of a package is one year of the product for one name. Orders of the product use the package first; extra names are charged at your prices.',
  },
  prices: {
    title: 'My price list', product: 'Product', brand: 'Brand', type: 'Type', term: 'Term', listPrice: 'List price', myPrice: 'My price', discount: 'Discount',
    extra: 'Extra name / year', pkg: 'In packages', buy: 'Buy', year: '{{count}} yr', day: '{{count}} days', off: '{{n}}% off', none: 'None', search: 'Search products',
    note: 'Prices are for one name, at your account’s own discount.',
  },
  productTypes: {
    dv_one_ssl: 'Single domain', ssl: 'Multi-domain', wild: 'Wildcard', flex: 'Flexible multi-domain', ip_ssl: 'IP certificate', ip_single: 'Single IP certificate',
    ov: 'Organisation', ev: 'Extended validation', code: 'Code signing', doc: 'Document signing', email: 'Email', smime: 'S/MIME', vmc: 'VMC',
  },
  operator: {
    title: 'Operator area (sandbox)', secret: 'Operator secret', secretHelp: 'See DATA_DIR/operator.secret on the server, or OPERATOR_SECRET.', enter: 'Enter',
    signOut: 'Leave', invoices: 'Invoice applications', withdrawals: 'Withdrawals', account: 'Account', issue: 'Issue', reject: 'Reject', pay: 'Mark paid',
    rejectReason: 'Reason for rejecting', issued: 'Issued; the user was mailed', rejected: 'Rejected', paid: 'Marked paid', denied: 'Wrong operator secret', pendingOnly: 'Pending only',
    discounts: 'Discounts', offers: 'Certificate packages', accountPlaceholder: 'Account e-mail or account number', scope: 'Applies to', scopes: { all: 'Every product', brand: 'Brand', product: 'Product' },
    minQuantity: 'From quantity', discount: 'Discount', discountHelp: 'Percent of the list price paid: 85 is 15 % off', addRule: 'Set a discount', noRules: 'No discounts: this account pays list prices',
    sold: 'Sold', onSale: 'On sale', addOffer: 'Put a package on sale', putOnSale: 'Put on sale',
  },
};

for (const [lng, bundle] of Object.entries({ zh, en })) {
  if (!i18n.hasResourceBundle(lng, 'billing')) i18n.addResourceBundle(lng, 'billing', bundle, true, true);
}

/** The billing strings, the shared messages of @cc/contracts (`msg`) and the current language. */
export function useBillingT() {
  const { t, i18n: inst } = useTranslation('billing');
  const msg = useMsg();
  const lang: 'zh' | 'en' = inst.language === 'en' ? 'en' : 'zh';
  return { t, msg, lang };
}
