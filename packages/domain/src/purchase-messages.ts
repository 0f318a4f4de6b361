/**
 * Texts of the purchase rules (document 01). The rules return these keys with params; the console and the
 * server translate them. Chinese texts the specification gives are copied exactly; placeholders are {{name}},
 * as in packages/contracts messages.ts, which is where the lead merges this table.
 */
const zh = {
  'purchase.product.required': '请选择产品',
  'purchase.domain.required': '请填写域名',
  'purchase.domain.format': '域名 {{entry}} 格式不正确',
  'purchase.domain.formatBatch': '{{entry}} 格式不正确',
  'purchase.domain.duplicate': '{{domain}} 重复',
  'purchase.domain.notWildcard': '{{domain}} 不是通配符域名',
  'purchase.domain.multipleDomains': '此产品不支持多域名',
  'purchase.domain.multipleIp': '此产品不支持多IP',
  'purchase.domain.publicIpRequired': '{{domain}} 不是公网IP地址，此产品只支持公网IP',
  'purchase.domain.private': '{{domain}} 是内网或本机地址，不能申请证书',
  'purchase.domain.ipUnsupported': '此产品不支持IP地址：{{domain}}',
  'purchase.domain.wildcardUnsupported': '此产品不支持通配符域名：{{domain}}',
  'purchase.domain.evNoWildcard': 'EV证书不支持通配符',
  'purchase.domain.vmcUnsupported': 'VMC证书不支持通配符域名和IP地址',
  'purchase.domain.tooMany': '此产品最多支持{{max}}个域名',
  'purchase.term.validityNote': 'SSL/TLS 证书有效期最长为 {{days}} 天（{{nextDate}} 起为 {{nextDays}} 天），多年期套餐在有效期内自动重签',
  'purchase.term.validityNoteLast': 'SSL/TLS 证书有效期最长为 {{days}} 天，多年期套餐在有效期内自动重签',
  'purchase.term.days': '{{n}}天',
  'purchase.term.years': '{{n}}年',
  'purchase.batch.tooMany': '一次最多可提交500个订单',
  'purchase.batch.creating': '正在创建订单，请勿刷新页面',
  'purchase.batch.processing': '正在处理订单，请勿刷新页面',
  'purchase.batch.processed': '订单已处理完成',
  'purchase.batch.doneToast': '批量下单已处理，请刷新订单列表；共处理 {{total}} 个，支付成功 {{success}} 个，失败 {{fail}} 个',
  'purchase.csr.fileType': '文件类型不正确',
  'purchase.csr.noneInZip': '未包含有效 CSR 或文件结构不正确',
  'purchase.csr.uploaded': '已成功上传 {{n}} 个 CSR',
  'purchase.csr.required': '请粘贴或上传 CSR',
  'purchase.dcvEmail.required': '请填写验证邮箱',
  'purchase.dcvEmail.enter': '请输入验证邮箱',
  'purchase.dcvEmail.format': '邮箱格式错误',
  'purchase.dcvEmail.txtTip': '请为域名添加主机记录 {{host}}，类型 TXT，记录值为验证邮箱地址',
  'purchase.key.encryption': '此产品不支持 {{value}} 加密算法',
  'purchase.key.keyLength': '此产品不支持 {{value}} 位密钥',
  'purchase.key.curve': '此产品不支持 {{value}} 曲线',
  'purchase.key.signature': '此产品不支持 {{value}} 签名算法',
  'purchase.term.invalid': '此产品不支持 {{term}} 的有效期',
  'purchase.pay.ordersLoading': '订单尚未加载完成，请稍候...',
  'purchase.pay.qrFailed': '请求二维码失败',
  'purchase.pay.balanceInsufficient': '余额不足，请先充值',
  'purchase.pay.disconnected': '与服务器断开连接~',
} as const;

export type PurchaseMessageKey = keyof typeof zh;

const en: Record<PurchaseMessageKey, string> = {
  'purchase.product.required': 'Please select the product',
  'purchase.domain.required': 'Please fill in domains',
  'purchase.domain.format': 'Domain {{entry}} format incorrect',
  'purchase.domain.formatBatch': '{{entry}} format incorrect',
  'purchase.domain.duplicate': '{{domain}} duplicate',
  'purchase.domain.notWildcard': '{{domain}} is not a wildcard domain',
  'purchase.domain.multipleDomains': 'This product does not support multiple domains',
  'purchase.domain.multipleIp': 'This product does not support multiple IPs',
  'purchase.domain.publicIpRequired': '{{domain}} is not a public IP address; this product needs a public IP',
  'purchase.domain.private': '{{domain}} is a private or loopback address and cannot be certified',
  'purchase.domain.ipUnsupported': 'This product does not support IP addresses: {{domain}}',
  'purchase.domain.wildcardUnsupported': 'This product does not support wildcard domains: {{domain}}',
  'purchase.domain.evNoWildcard': 'EV certificates do not support wildcard',
  'purchase.domain.vmcUnsupported': 'VMC certificates support neither wildcard domains nor IP addresses',
  'purchase.domain.tooMany': 'This product supports at most {{max}} domains',
  'purchase.term.validityNote':
    'SSL/TLS certificates are valid for at most {{days}} days ({{nextDays}} days from {{nextDate}}); multi-year plans are reissued automatically within the plan',
  'purchase.term.validityNoteLast': 'SSL/TLS certificates are valid for at most {{days}} days; multi-year plans are reissued automatically within the plan',
  'purchase.term.days': '{{n}} days',
  'purchase.term.years': '{{n}} years',
  'purchase.batch.tooMany': 'At most 500 orders can be submitted at once',
  'purchase.batch.creating': 'Creating orders, do not refresh the page',
  'purchase.batch.processing': 'Processing orders, do not refresh the page',
  'purchase.batch.processed': 'Orders processed',
  'purchase.batch.doneToast':
    'Batch ordering processed, please refresh the order list; {{total}} processed in total, paid successfully {{success}}, failed {{fail}}',
  'purchase.csr.fileType': 'Incorrect file type',
  'purchase.csr.noneInZip': 'No valid CSR found or the file structure is incorrect',
  'purchase.csr.uploaded': '{{n}} CSR(s) uploaded successfully',
  'purchase.csr.required': 'Please paste or upload a CSR',
  'purchase.dcvEmail.required': 'Please fill in the verification email',
  'purchase.dcvEmail.enter': 'Please enter the verification email',
  'purchase.dcvEmail.format': 'Email format wrong',
  'purchase.dcvEmail.txtTip': 'Add a TXT record at host {{host}} whose value is the verification email address',
  'purchase.key.encryption': 'This product does not support {{value}} keys',
  'purchase.key.keyLength': 'This product does not support {{value}}-bit keys',
  'purchase.key.curve': 'This product does not support the {{value}} curve',
  'purchase.key.signature': 'This product does not support the {{value}} signature',
  'purchase.term.invalid': 'This product does not offer a term of {{term}}',
  'purchase.pay.ordersLoading': 'Orders have not finished loading...',
  'purchase.pay.qrFailed': 'Request QR code failed',
  'purchase.pay.balanceInsufficient': 'Insufficient balance, please top up first',
  'purchase.pay.disconnected': 'Disconnected from the server~',
};

export const purchaseMessages = { zh, en } as const;

/** What a rule reports: a key of purchaseMessages and the values of its placeholders. */
export interface RuleMessage {
  messageKey: PurchaseMessageKey;
  params: Record<string, string | number>;
}
