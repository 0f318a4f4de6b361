/** Readable labels for identifiers (§3 short names; §9 parser locale: zh selects Chinese, anything else English). */

export type Lang = 'zh' | 'en';

export const langOf = (locale: string | undefined): Lang => (locale === undefined || locale.startsWith('zh') ? 'zh' : 'en');

interface Label {
  zh: string;
  en: string;
}

export interface NameAttributeInfo extends Label {
  shortName: string;
}

/** Subject/issuer attribute types; short names as §3 lists them. */
export const NAME_ATTRIBUTES: Record<string, NameAttributeInfo> = {
  '2.5.4.3': { shortName: 'CN', zh: '通用名称', en: 'Common Name' },
  '2.5.4.6': { shortName: 'C', zh: '国家/地区', en: 'Country' },
  '0.9.2342.19200300.100.1.25': { shortName: 'DC', zh: '域组件', en: 'Domain Component' },
  '1.2.840.113549.1.9.1': { shortName: 'E', zh: '电子邮件', en: 'Email Address' },
  '2.5.4.42': { shortName: 'G', zh: '名', en: 'Given Name' },
  '2.5.4.43': { shortName: 'I', zh: '姓名缩写', en: 'Initials' },
  '2.5.4.7': { shortName: 'L', zh: '城市/地区', en: 'Locality' },
  '2.5.4.10': { shortName: 'O', zh: '组织', en: 'Organization' },
  '2.5.4.11': { shortName: 'OU', zh: '组织单位', en: 'Organizational Unit' },
  '2.5.4.8': { shortName: 'ST', zh: '省/市/自治区', en: 'State or Province' },
  '2.5.4.4': { shortName: 'SN', zh: '姓', en: 'Surname' },
  '2.5.4.12': { shortName: 'T', zh: '头衔', en: 'Title' },
  '2.5.4.17': { shortName: 'postalCode', zh: '邮政编码', en: 'Postal Code' },
  '2.5.4.9': { shortName: 'STREET', zh: '街道', en: 'Street Address' },
  '2.5.4.15': { shortName: 'businessCategory', zh: '业务类别', en: 'Business Category' },
  '1.3.6.1.4.1.311.60.2.1.3': { shortName: 'jurisdictionCountry', zh: '注册国家/地区', en: 'Jurisdiction Country' },
  '1.3.6.1.4.1.311.60.2.1.2': { shortName: 'jurisdictionST', zh: '注册省份', en: 'Jurisdiction State or Province' },
  '1.3.6.1.4.1.311.60.2.1.1': { shortName: 'jurisdictionL', zh: '注册城市', en: 'Jurisdiction Locality' },
  '2.5.4.5': { shortName: 'serialNumber', zh: '序列号', en: 'Serial Number' },
  '2.5.4.97': { shortName: 'OI', zh: '组织标识符', en: 'Organization Identifier' },
  '0.9.2342.19200300.100.1.1': { shortName: 'UID', zh: '用户标识', en: 'User ID' },
  '2.5.4.41': { shortName: 'name', zh: '名称', en: 'Name' },
  '2.5.4.46': { shortName: 'dnQualifier', zh: 'DN 限定符', en: 'DN Qualifier' },
  '2.5.4.65': { shortName: 'pseudonym', zh: '假名', en: 'Pseudonym' },
  '2.5.4.44': { shortName: 'generationQualifier', zh: '世代限定符', en: 'Generation Qualifier' },
  '2.5.4.13': { shortName: 'description', zh: '描述', en: 'Description' },
};

export const EXTENSIONS: Record<string, Label> = {
  '2.5.29.35': { zh: '授权密钥标识符', en: 'Authority Key Identifier' },
  '2.5.29.14': { zh: '使用者密钥标识符', en: 'Subject Key Identifier' },
  '2.5.29.15': { zh: '密钥用法', en: 'Key Usage' },
  '2.5.29.37': { zh: '增强型密钥用法', en: 'Extended Key Usage' },
  '2.5.29.19': { zh: '基本约束', en: 'Basic Constraints' },
  '2.5.29.17': { zh: '使用者可选名称', en: 'Subject Alternative Name' },
  '2.5.29.18': { zh: '颁发者可选名称', en: 'Issuer Alternative Name' },
  '2.5.29.31': { zh: 'CRL 分发点', en: 'CRL Distribution Points' },
  '2.5.29.46': { zh: '最新 CRL', en: 'Freshest CRL' },
  '1.3.6.1.5.5.7.1.1': { zh: '授权信息访问', en: 'Authority Information Access' },
  '1.3.6.1.5.5.7.1.11': { zh: '使用者信息访问', en: 'Subject Information Access' },
  '2.5.29.32': { zh: '证书策略', en: 'Certificate Policies' },
  '2.5.29.30': { zh: '名称约束', en: 'Name Constraints' },
  '2.5.29.36': { zh: '策略约束', en: 'Policy Constraints' },
  '2.5.29.33': { zh: '策略映射', en: 'Policy Mappings' },
  '2.5.29.54': { zh: '禁止任意策略', en: 'Inhibit Any Policy' },
  '2.5.29.16': { zh: '私钥使用期限', en: 'Private Key Usage Period' },
  '2.5.29.9': { zh: '使用者目录属性', en: 'Subject Directory Attributes' },
  '1.3.6.1.4.1.11129.2.4.2': { zh: '签名证书时间戳列表 (SCT)', en: 'CT Signed Certificate Timestamp List' },
  '1.3.6.1.4.1.11129.2.4.3': { zh: 'CT 预证书毒化扩展', en: 'CT Precertificate Poison' },
  '1.3.6.1.5.5.7.1.24': { zh: 'TLS 功能 (OCSP Must-Staple)', en: 'TLS Feature (OCSP Must-Staple)' },
  '1.3.6.1.5.5.7.48.1.5': { zh: 'OCSP 不检查吊销', en: 'OCSP No Check' },
  '2.16.840.1.113730.1.1': { zh: 'Netscape 证书类型', en: 'Netscape Cert Type' },
  '2.16.840.1.113730.1.13': { zh: 'Netscape 注释', en: 'Netscape Comment' },
  '1.3.6.1.4.1.311.20.2': { zh: '证书模板名称', en: 'Certificate Template Name' },
  '1.3.6.1.4.1.311.21.7': { zh: '证书模板信息', en: 'Certificate Template Information' },
  '1.3.6.1.4.1.311.21.10': { zh: '应用程序策略', en: 'Application Policies' },
  '1.3.6.1.5.5.7.1.3': { zh: '合格证书声明', en: 'Qualified Certificate Statements' },
};

export const EXTENDED_KEY_USAGES: Record<string, Label> = {
  '1.3.6.1.5.5.7.3.1': { zh: '服务器身份验证', en: 'TLS Web Server Authentication' },
  '1.3.6.1.5.5.7.3.2': { zh: '客户端身份验证', en: 'TLS Web Client Authentication' },
  '1.3.6.1.5.5.7.3.3': { zh: '代码签名', en: 'Code Signing' },
  '1.3.6.1.5.5.7.3.4': { zh: '安全电子邮件', en: 'E-mail Protection' },
  '1.3.6.1.5.5.7.3.8': { zh: '时间戳', en: 'Time Stamping' },
  '1.3.6.1.5.5.7.3.9': { zh: 'OCSP 签名', en: 'OCSP Signing' },
  '2.5.29.37.0': { zh: '任意用途', en: 'Any Extended Key Usage' },
  '1.3.6.1.4.1.311.10.3.3': { zh: 'Microsoft 服务器加密', en: 'Microsoft Server Gated Crypto' },
  '2.16.840.1.113730.4.1': { zh: 'Netscape 服务器加密', en: 'Netscape Server Gated Crypto' },
  '1.3.6.1.4.1.311.20.2.2': { zh: '智能卡登录', en: 'Microsoft Smartcard Login' },
  '1.3.6.1.4.1.11129.2.4.4': { zh: 'CT 预证书签名', en: 'CT Precertificate Signing' },
  '1.3.6.1.4.1.311.10.3.12': { zh: '文档签名', en: 'Microsoft Document Signing' },
};

export const KEY_USAGE_BITS: readonly Label[] = [
  { zh: '数字签名', en: 'Digital Signature' },
  { zh: '不可否认', en: 'Non Repudiation' },
  { zh: '密钥加密', en: 'Key Encipherment' },
  { zh: '数据加密', en: 'Data Encipherment' },
  { zh: '密钥协商', en: 'Key Agreement' },
  { zh: '证书签名', en: 'Certificate Sign' },
  { zh: 'CRL 签名', en: 'CRL Sign' },
  { zh: '仅加密', en: 'Encipher Only' },
  { zh: '仅解密', en: 'Decipher Only' },
];

/** Signature and key algorithms: names as openssl prints them, so users can compare. */
export const ALGORITHMS: Record<string, string> = {
  '1.2.840.113549.1.1.1': 'rsaEncryption',
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.113549.1.1.14': 'sha224WithRSAEncryption',
  '1.2.840.10045.2.1': 'id-ecPublicKey',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.1': 'ecdsa-with-SHA224',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'ED25519',
  '1.3.101.113': 'ED448',
  '1.3.101.110': 'X25519',
  '1.2.840.10040.4.1': 'dsaEncryption',
  '1.2.840.10040.4.3': 'dsa-with-SHA1',
  '2.16.840.1.101.3.4.3.2': 'dsa_with_SHA256',
  '1.2.156.10197.1.301': 'SM2',
  '1.2.156.10197.1.501': 'SM2-with-SM3',
};

export const CURVES: Record<string, { name: string; nist: string | null; bits: number }> = {
  '1.2.840.10045.3.1.7': { name: 'prime256v1', nist: 'P-256', bits: 256 },
  '1.3.132.0.34': { name: 'secp384r1', nist: 'P-384', bits: 384 },
  '1.3.132.0.35': { name: 'secp521r1', nist: 'P-521', bits: 521 },
  '1.3.132.0.10': { name: 'secp256k1', nist: null, bits: 256 },
  '1.3.132.0.33': { name: 'secp224r1', nist: 'P-224', bits: 224 },
  '1.2.840.10045.3.1.1': { name: 'prime192v1', nist: 'P-192', bits: 192 },
  '1.3.36.3.3.2.8.1.1.7': { name: 'brainpoolP256r1', nist: null, bits: 256 },
  '1.3.36.3.3.2.8.1.1.11': { name: 'brainpoolP384r1', nist: null, bits: 384 },
  '1.2.156.10197.1.301': { name: 'SM2', nist: null, bits: 256 },
};

export const AIA_METHODS: Record<string, string> = {
  '1.3.6.1.5.5.7.48.1': 'OCSP',
  '1.3.6.1.5.5.7.48.2': 'CA Issuers',
  '1.3.6.1.5.5.7.48.3': 'Time Stamping',
  '1.3.6.1.5.5.7.48.5': 'CA Repository',
};

export const POLICIES: Record<string, string> = {
  '2.5.29.32.0': 'anyPolicy',
  '2.23.140.1.1': 'CA/B EV',
  '2.23.140.1.2.1': 'CA/B Domain Validated',
  '2.23.140.1.2.2': 'CA/B Organization Validated',
  '2.23.140.1.2.3': 'CA/B Individual Validated',
  '1.3.6.1.5.5.7.2.1': 'CPS',
  '1.3.6.1.5.5.7.2.2': 'User Notice',
};

/** Readable name of an identifier; an identifier with no known name is shown as itself (§5). */
export function oidName(oid: string, lang: Lang = 'zh'): string {
  const label = NAME_ATTRIBUTES[oid] ?? EXTENSIONS[oid] ?? EXTENDED_KEY_USAGES[oid];
  if (label) return label[lang];
  return ALGORITHMS[oid] ?? CURVES[oid]?.name ?? AIA_METHODS[oid] ?? POLICIES[oid] ?? oid;
}
