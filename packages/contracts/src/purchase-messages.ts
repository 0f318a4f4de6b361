import { purchaseMessages as ruleMessages } from '@cc/domain/purchase-messages';

/**
 * Messages of the purchase calls: the domain rules' texts (one table, in packages/domain) plus what only the
 * server says (records of another account, CSR checks, lookups). Spread into messages.ts.
 */
const own = {
  'purchase.dcv.method': '验证方式不正确',
  'purchase.dcv.notAllowed': '此产品不支持 {{method}} 验证方式',
  'purchase.dcv.methodEnded': '{{method}} 验证方式自 {{date}} 起不再能验证域名（CA/B 论坛规定），请改用 DNS 或文件验证',
  'purchase.contact.required': '请选择联系人',
  'purchase.contact.notFound': '联系人不存在',
  'purchase.org.required': '请选择公司',
  'purchase.org.notFound': '公司不存在',
  'purchase.product.notFound': '产品不存在',
  'purchase.product.notFree': '此产品不是免费产品',
  'purchase.batch.invalid': '共 {{total}} 个订单，其中 {{count}} 个未通过校验，未创建任何订单',
  'purchase.csr.invalid': 'CSR 格式不正确，请粘贴以 -----BEGIN CERTIFICATE REQUEST----- 开头的 PEM 证书请求',
  'purchase.csr.signature': 'CSR 签名校验失败',
  'purchase.csr.cnMismatch': 'CSR 的通用名称 {{csrCn}} 与 {{commonName}} 不一致',
  'purchase.csr.noCommonName': 'CSR 中没有通用名称（CN）',
  'purchase.key.invalid': '私钥格式不正确，请提供 PKCS#8 PEM 私钥',
  'purchase.key.mismatch': '私钥与 CSR 不匹配',
  'purchase.company.notFound': '未查询到该公司的信息',
  'purchase.dcvEmail.notAllowed': '此产品不支持邮箱验证',
  'purchase.key.encryptionName': '加密算法只能是 RSA 或 ECC',
  'purchase.csr.country': '国家须为两位大写字母代码，如 CN、SG',
  'purchase.key.signatureName': '签名算法只能是 SHA256、SHA384 或 SHA512',
  'purchase.key.curveName': '曲线只能是 P256、P384 或 P521',
} as const;

export type PurchaseServerMessageKey = keyof typeof own;

const ownEn: Record<PurchaseServerMessageKey, string> = {
  'purchase.dcv.method': 'Unknown validation method',
  'purchase.dcv.notAllowed': 'This product does not support the {{method}} validation method',
  'purchase.dcv.methodEnded': 'The {{method}} validation method no longer validates names from {{date}} (CA/Browser Forum rules); use DNS or file validation instead',
  'purchase.contact.required': 'Please select a contact',
  'purchase.contact.notFound': 'Contact not found',
  'purchase.org.required': 'Please select a company',
  'purchase.org.notFound': 'Company not found',
  'purchase.product.notFound': 'Product not found',
  'purchase.product.notFree': 'This product is not a free product',
  'purchase.batch.invalid': '{{count}} of {{total}} orders failed validation; no order was created',
  'purchase.csr.invalid': 'The CSR is not valid: paste a PEM certificate request starting with -----BEGIN CERTIFICATE REQUEST-----',
  'purchase.csr.signature': 'The CSR signature does not verify',
  'purchase.csr.cnMismatch': 'The CSR common name {{csrCn}} does not match {{commonName}}',
  'purchase.csr.noCommonName': 'The CSR has no common name (CN)',
  'purchase.key.invalid': 'The private key is not valid: give a PKCS#8 PEM private key',
  'purchase.key.mismatch': 'The private key does not match the CSR',
  'purchase.company.notFound': 'No company found with that name',
  'purchase.dcvEmail.notAllowed': 'This product does not support e-mail validation',
  'purchase.key.encryptionName': 'The encryption must be RSA or ECC',
  'purchase.csr.country': 'The country must be a two-letter code such as CN or SG',
  'purchase.key.signatureName': 'The signature must be SHA256, SHA384 or SHA512',
  'purchase.key.curveName': 'The curve must be P256, P384 or P521',
};

export const purchaseMessagesZh = { ...ruleMessages.zh, ...own };
export const purchaseMessagesEn: Record<keyof typeof purchaseMessagesZh, string> = { ...ruleMessages.en, ...ownEn };
