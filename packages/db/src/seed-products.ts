/**
 * The seeded catalogue. Prices are integer CNY cents per year; extraDomainPrice is cents per year for each
 * name after the first (0 where the product holds one name only).
 *
 * Conventions the purchase rules (@cc/domain) rely on:
 * - productType is the shape of the names (dv_one_ssl one domain, ssl/ov/ev domains with paid extra names,
 *   wild one wildcard, flex domains + wildcards + IPs, ip_ssl/ip_single public IPs, vmc domains only);
 *   certType is the vetting level: DV, OV, EV, or CODE, DOC, SMIME (email and smime), VMC. So an OV
 *   wildcard is productType 'wild', certType 'OV'.
 * - brand is the CA family (alphassl, globalsign_ks and globalsign_mssl products have brand 'globalsign');
 *   subBrand is what the brand selector lists and what xGlobalsignBrands filters; it equals brand outside
 *   the GlobalSign family.
 * - Free products (free = true) are the 90-day ACME products of brand 'letsencrypt': maxYear 0 because they
 *   have no yearly term, only the 90-day one, and both prices 0.
 * - maxYear runs 1 to 5; the order screen offers at most 3 years (VMC is sold per year, maxYear 1).
 */
export interface SeedProduct {
  productNo: string; productName: string; productType: string; brand: string; brandName: string; subBrand: string;
  brandDescription: string; brandDescriptionEn: string; typeDescription: string; certType: string; maxYear: number;
  chineseName: string; englishName: string; productDescription: string; productDescriptionEn: string; summary: string;
  pricePerYear: number; extraDomainPrice: number; free: boolean; sort: number;
}

interface BrandInfo { brand: string; subBrand: string; brandName: string; brandDescription: string; brandDescriptionEn: string }

const brands = {
  certum: { brand: 'certum', subBrand: 'certum', brandName: 'Certum', brandDescription: 'Certum 是波兰 Asseco 旗下的老牌 CA，全球浏览器信任，性价比高', brandDescriptionEn: 'Certum, the Polish CA of Asseco: trusted by every browser at a fair price' },
  globalsign: { brand: 'globalsign', subBrand: 'globalsign', brandName: 'GlobalSign', brandDescription: 'GlobalSign 成立于 1996 年，日本 GMO 集团旗下的国际知名 CA', brandDescriptionEn: 'GlobalSign, founded in 1996, the international CA of Japan\'s GMO group' },
  alphassl: { brand: 'globalsign', subBrand: 'alphassl', brandName: 'AlphaSSL', brandDescription: 'AlphaSSL 是 GlobalSign 旗下的经济型品牌，由 GlobalSign 根证书签发', brandDescriptionEn: 'AlphaSSL, the budget brand of GlobalSign, issued from the GlobalSign root' },
  globalsign_ks: { brand: 'globalsign', subBrand: 'globalsign_ks', brandName: 'GlobalSign KS', brandDescription: 'GlobalSign KS 渠道专供产品，与 GlobalSign 同根同源，享受渠道价格', brandDescriptionEn: 'GlobalSign products of the KS partner channel: the same roots at channel prices' },
  globalsign_mssl: { brand: 'globalsign', subBrand: 'globalsign_mssl', brandName: 'GlobalSign MSSL', brandDescription: 'GlobalSign 托管型 SSL（Managed SSL），企业预先审核后快速签发', brandDescriptionEn: 'GlobalSign Managed SSL: the organisation is vetted once, then certificates issue fast' },
  bitcert: { brand: 'bitcert', subBrand: 'bitcert', brandName: 'Bitcert', brandDescription: 'Bitcert 面向中国用户的经济型证书品牌，中文服务，签发快速', brandDescriptionEn: 'Bitcert, a budget brand for Chinese users with local support and fast issuance' },
  geotrust: { brand: 'geotrust', subBrand: 'geotrust', brandName: 'GeoTrust', brandDescription: 'GeoTrust 是 DigiCert 旗下的知名品牌，兼顾信任度与价格', brandDescriptionEn: 'GeoTrust, a DigiCert brand balancing trust and price' },
  digicert: { brand: 'digicert', subBrand: 'digicert', brandName: 'DigiCert', brandDescription: 'DigiCert 是全球领先的 CA，为大型企业和金融机构首选', brandDescriptionEn: 'DigiCert, the leading CA, first choice of large enterprises and banks' },
  sectigo: { brand: 'sectigo', subBrand: 'sectigo', brandName: 'Sectigo', brandDescription: 'Sectigo（原 Comodo CA）全球签发量最大的 CA 之一', brandDescriptionEn: 'Sectigo (formerly Comodo CA), one of the largest CAs by volume' },
  positivessl: { brand: 'positivessl', subBrand: 'positivessl', brandName: 'PositiveSSL', brandDescription: 'PositiveSSL 是 Sectigo 旗下的入门级品牌，价格实惠', brandDescriptionEn: 'PositiveSSL, Sectigo\'s entry-level brand at an affordable price' },
  cfca: { brand: 'cfca', subBrand: 'cfca', brandName: 'CFCA', brandDescription: 'CFCA 中国金融认证中心，国内自主品牌，满足合规要求', brandDescriptionEn: 'CFCA, the China Financial Certification Authority: a domestic brand for compliance' },
  letsencrypt: { brand: 'letsencrypt', subBrand: 'letsencrypt', brandName: 'Let\'s Encrypt', brandDescription: '免费 90 天证书，通过 ACME 自动签发', brandDescriptionEn: 'Free 90-day certificates issued automatically over ACME' },
} satisfies Record<string, BrandInfo>;

type BrandKey = keyof typeof brands;

const levelZh: Record<string, string> = { DV: '域名型 (DV)', OV: '企业型 (OV)', EV: '增强型 (EV)', CODE: '代码签名', DOC: '文档签名', SMIME: '邮件签名 (S/MIME)', VMC: '品牌标识 (VMC)' };
const shapeZh: Record<string, string> = {
  dv_one_ssl: '单域名', ssl: '标准版', wild: '通配符', flex: '多域名', ip_ssl: 'IP 地址', ip_single: '单 IP', ov: '标准版', ev: '标准版',
  code: '', doc: '', email: '个人邮箱', smime: '身份验证', vmc: '',
};

type Row = [
  brand: BrandKey, productNo: string, productType: string, certType: string, englishName: string, chineseName: string,
  yuanPerYear: number, extraYuan: number, maxYear: number, description: string, descriptionEn: string,
];

function product([brandKey, productNo, productType, certType, englishName, chineseName, yuan, extraYuan, maxYear, description, descriptionEn]: Row, i: number): SeedProduct {
  const free = brandKey === 'letsencrypt';
  const shape = shapeZh[productType] ?? '';
  return {
    productNo, productName: englishName, productType, ...brands[brandKey],
    typeDescription: [levelZh[certType] ?? certType, shape].filter(Boolean).join(' · '), certType, maxYear,
    chineseName, englishName, productDescription: description, productDescriptionEn: descriptionEn,
    summary: [certType, shape, free ? '90 天' : `最长 ${maxYear} 年`].filter(Boolean).join(' · '),
    pricePerYear: yuan * 100, extraDomainPrice: extraYuan * 100, free, sort: (i + 1) * 10,
  };
}

const rows: Row[] = [
  // Certum
  ['certum', 'CERTUM-DV-ONE', 'dv_one_ssl', 'DV', 'Certum Commercial SSL', 'Certum 商业版 DV 单域名证书', 180, 0, 3, '验证域名所有权即可签发，最快 10 分钟，适合个人网站和测试环境', 'Issued once domain control is shown, in as little as 10 minutes; for personal sites and test environments'],
  ['certum', 'CERTUM-DV-WILD', 'wild', 'DV', 'Certum Commercial SSL Wildcard', 'Certum 商业版 DV 通配符证书', 1080, 0, 3, '一张证书保护主域名下所有一级子域名', 'One certificate for every first-level subdomain of a domain'],
  ['certum', 'CERTUM-DV-MULTI', 'flex', 'DV', 'Certum Commercial SSL Multi-Domain', 'Certum 商业版 DV 多域名证书', 480, 160, 3, '一张证书保护多个域名，可混合通配符与公网 IP（不自动添加 www）', 'Several domains on one certificate, wildcards and public IPs allowed (no automatic www)'],
  ['certum', 'CERTUM-OV-SSL', 'ov', 'OV', 'Certum Trusted SSL', 'Certum 企业版 OV 证书', 880, 280, 3, '验证企业真实身份，证书中显示单位名称，适合企业官网', 'Vets the organisation and names it in the certificate; for company websites'],
  ['certum', 'CERTUM-EV-SSL', 'ev', 'EV', 'Certum Premium EV SSL', 'Certum 增强版 EV 证书', 2480, 680, 3, '最严格的扩展验证，适合金融、电商等高信任场景', 'The strictest extended validation, for finance and e-commerce'],
  ['certum', 'CERTUM-CODE', 'code', 'CODE', 'Certum Standard Code Signing', 'Certum 标准代码签名证书', 1280, 0, 3, '为 Windows 程序、驱动和脚本签名，消除"未知发布者"警告', 'Signs Windows programs, drivers and scripts, removing the "unknown publisher" warning'],
  ['certum', 'CERTUM-SMIME', 'smime', 'SMIME', 'Certum S/MIME', 'Certum S/MIME 邮件签名证书', 120, 0, 3, '为电子邮件签名和加密，验证发件人身份', 'Signs and encrypts e-mail and proves who sent it'],
  // GlobalSign
  ['globalsign', 'GS-DV-SSL', 'ssl', 'DV', 'GlobalSign DomainSSL', 'GlobalSign 域名型 SSL 证书', 1680, 680, 3, 'GlobalSign 自有根签发的域名型证书，兼容性极佳', 'Domain-validated certificate from GlobalSign\'s own root, with excellent compatibility'],
  ['globalsign', 'GS-DV-WILD', 'wild', 'DV', 'GlobalSign DomainSSL Wildcard', 'GlobalSign 域名型通配符证书', 5380, 0, 3, '保护主域名下所有一级子域名', 'Covers every first-level subdomain'],
  ['globalsign', 'GS-OV-SSL', 'ov', 'OV', 'GlobalSign OrganizationSSL', 'GlobalSign 企业型 SSL 证书', 3680, 1480, 3, '验证企业身份，适合企业官网、OA 和业务系统', 'Organisation-validated; for company sites, intranets and business systems'],
  ['globalsign', 'GS-OV-WILD', 'wild', 'OV', 'GlobalSign OrganizationSSL Wildcard', 'GlobalSign 企业型通配符证书', 8680, 0, 3, '企业型验证，保护所有一级子域名', 'Organisation-validated, covering every first-level subdomain'],
  ['globalsign', 'GS-OV-MULTI', 'flex', 'OV', 'GlobalSign OrganizationSSL Multi-Domain', 'GlobalSign 企业型多域名证书', 3680, 1280, 3, '一张企业型证书保护多个域名、通配符和公网 IP', 'One organisation-validated certificate for several domains, wildcards and public IPs'],
  ['globalsign', 'GS-OV-IP', 'ip_ssl', 'OV', 'GlobalSign OrganizationSSL for IP', 'GlobalSign 企业型 IP 证书', 4280, 1480, 3, '为公网 IP 地址签发的企业型证书，适合无域名的服务', 'Organisation-validated certificate for public IP addresses, for services without a domain'],
  ['globalsign', 'GS-EV-SSL', 'ev', 'EV', 'GlobalSign ExtendedSSL', 'GlobalSign 增强型 EV 证书', 6580, 2680, 3, '扩展验证证书，最高信任等级', 'Extended validation, the highest level of trust'],
  ['globalsign', 'GS-CODE', 'code', 'CODE', 'GlobalSign Code Signing', 'GlobalSign 代码签名证书', 2980, 0, 3, '为软件和驱动签名，私钥存放于硬件令牌', 'Signs software and drivers, the private key kept on a hardware token'],
  ['globalsign', 'GS-DOC', 'doc', 'DOC', 'GlobalSign Document Signing', 'GlobalSign 文档签名证书', 3280, 0, 3, '为 PDF 和 Office 文档签名，Adobe AATL 信任', 'Signs PDF and Office documents, trusted through Adobe AATL'],
  ['globalsign', 'GS-SMIME', 'smime', 'SMIME', 'GlobalSign PersonalSign 2 Pro', 'GlobalSign 个人身份邮件证书', 980, 0, 3, '验证个人及所属单位身份的 S/MIME 证书', 'S/MIME certificate vetting the person and their organisation'],
  ['globalsign', 'GS-VMC', 'vmc', 'VMC', 'GlobalSign VMC', 'GlobalSign 品牌标识证书 (VMC)', 9580, 3980, 1, '在支持 BIMI 的邮箱中显示已验证的品牌徽标', 'Shows your verified logo in BIMI-capable mailboxes'],
  // AlphaSSL
  ['alphassl', 'GS-ALPHA-DV-SSL', 'dv_one_ssl', 'DV', 'AlphaSSL', 'AlphaSSL 单域名证书', 399, 0, 3, 'GlobalSign 根签发的经济型域名证书，快速签发', 'Budget domain certificate from the GlobalSign root, issued fast'],
  ['alphassl', 'GS-ALPHA-DV-WILD', 'wild', 'DV', 'AlphaSSL Wildcard', 'AlphaSSL 通配符证书', 1880, 0, 3, '经济型通配符证书，保护所有一级子域名', 'Budget wildcard covering every first-level subdomain'],
  // GlobalSign KS
  ['globalsign_ks', 'GS-KS-DV-SSL', 'ssl', 'DV', 'GlobalSign DomainSSL (KS)', 'GlobalSign 域名型 SSL 证书（KS）', 1280, 580, 3, 'KS 渠道专供的 GlobalSign 域名型证书', 'GlobalSign DomainSSL of the KS channel'],
  ['globalsign_ks', 'GS-KS-DV-WILD', 'wild', 'DV', 'GlobalSign DomainSSL Wildcard (KS)', 'GlobalSign 域名型通配符证书（KS）', 4580, 0, 3, 'KS 渠道专供的 GlobalSign 通配符证书', 'GlobalSign DomainSSL Wildcard of the KS channel'],
  ['globalsign_ks', 'GS-KS-OV-SSL', 'ov', 'OV', 'GlobalSign OrganizationSSL (KS)', 'GlobalSign 企业型 SSL 证书（KS）', 2980, 1180, 3, 'KS 渠道专供的 GlobalSign 企业型证书', 'GlobalSign OrganizationSSL of the KS channel'],
  // GlobalSign Managed SSL
  ['globalsign_mssl', 'GS-MSSL-OV-SSL', 'ov', 'OV', 'GlobalSign Managed SSL OrganizationSSL', 'GlobalSign 托管型企业 SSL 证书', 2580, 980, 3, '企业一次审核，后续证书即时签发', 'The organisation is vetted once; later certificates issue at once'],
  ['globalsign_mssl', 'GS-MSSL-OV-WILD', 'wild', 'OV', 'GlobalSign Managed SSL OrganizationSSL Wildcard', 'GlobalSign 托管型企业通配符证书', 6580, 0, 3, '托管型企业通配符证书', 'Managed organisation-validated wildcard'],
  ['globalsign_mssl', 'GS-MSSL-OV-MULTI', 'flex', 'OV', 'GlobalSign Managed SSL OrganizationSSL Multi-Domain', 'GlobalSign 托管型企业多域名证书', 2580, 980, 3, '托管型企业多域名证书，可含通配符和公网 IP', 'Managed organisation-validated multi-domain, wildcards and public IPs allowed'],
  ['globalsign_mssl', 'GS-MSSL-EV-SSL', 'ev', 'EV', 'GlobalSign Managed SSL ExtendedSSL', 'GlobalSign 托管型 EV 证书', 4880, 1980, 3, '托管型扩展验证证书', 'Managed extended validation'],
  // Bitcert
  ['bitcert', 'BC-DV-ONE', 'dv_one_ssl', 'DV', 'Bitcert DV SSL', 'Bitcert 域名型单域名证书', 99, 0, 3, '入门级域名证书，几分钟内签发', 'Entry-level domain certificate, issued within minutes'],
  ['bitcert', 'BC-DV-WILD', 'wild', 'DV', 'Bitcert DV Wildcard SSL', 'Bitcert 域名型通配符证书', 599, 0, 3, '经济型通配符证书', 'Budget wildcard certificate'],
  ['bitcert', 'BC-DV-FLEX', 'flex', 'DV', 'Bitcert DV Flex SSL', 'Bitcert 域名型多域名证书', 199, 99, 3, '自由组合域名、通配符和公网 IP，自动附带 www', 'Any mix of domains, wildcards and public IPs, www added automatically'],
  ['bitcert', 'BC-DV-IP', 'ip_ssl', 'DV', 'Bitcert IP SSL', 'Bitcert IP 地址证书', 699, 399, 3, '为一个或多个公网 IP 签发，文件验证', 'For one or more public IPs, validated by file'],
  ['bitcert', 'BC-DV-IP-ONE', 'ip_single', 'DV', 'Bitcert Single IP SSL', 'Bitcert 单 IP 证书', 399, 0, 3, '为单个公网 IP 签发', 'For a single public IP'],
  ['bitcert', 'BC-OV-SSL', 'ov', 'OV', 'Bitcert OV SSL', 'Bitcert 企业型证书', 799, 299, 3, '经济型企业验证证书', 'Budget organisation-validated certificate'],
  // GeoTrust
  ['geotrust', 'GT-QUICKSSL-PREMIUM', 'ssl', 'DV', 'GeoTrust QuickSSL Premium', 'GeoTrust 域名型 SSL 证书', 980, 480, 5, 'GeoTrust 经典域名型证书，自动验证快速签发', 'GeoTrust\'s classic domain-validated certificate with automated fast issuance'],
  ['geotrust', 'GT-QUICKSSL-PREMIUM-WILD', 'wild', 'DV', 'GeoTrust QuickSSL Premium Wildcard', 'GeoTrust 域名型通配符证书', 3980, 0, 5, '保护所有一级子域名', 'Covers every first-level subdomain'],
  ['geotrust', 'GT-TRUEBIZ-OV', 'ov', 'OV', 'GeoTrust True BusinessID', 'GeoTrust 企业型 SSL 证书', 1880, 880, 5, '验证企业身份的 GeoTrust 证书', 'Organisation-validated GeoTrust certificate'],
  ['geotrust', 'GT-TRUEBIZ-OV-SAN', 'flex', 'OV', 'GeoTrust True BusinessID Multi-Domain', 'GeoTrust 企业型多域名证书', 1880, 880, 5, '企业型多域名证书，支持通配符和公网 IP', 'Organisation-validated multi-domain with wildcards and public IPs'],
  ['geotrust', 'GT-TRUEBIZ-EV', 'ev', 'EV', 'GeoTrust True BusinessID with EV', 'GeoTrust 增强型 EV 证书', 3680, 1680, 5, 'GeoTrust 扩展验证证书', 'GeoTrust extended validation'],
  // DigiCert
  ['digicert', 'DC-BASIC-OV', 'ov', 'OV', 'DigiCert Basic OV', 'DigiCert 企业型 SSL 证书', 2680, 1280, 5, 'DigiCert 企业型证书，全球最高信任度之一', 'DigiCert organisation-validated, among the most trusted worldwide'],
  ['digicert', 'DC-BASIC-EV', 'ev', 'EV', 'DigiCert Basic EV', 'DigiCert 增强型 EV 证书', 4680, 2680, 5, 'DigiCert 扩展验证证书', 'DigiCert extended validation'],
  ['digicert', 'DC-SECURE-SITE-OV', 'ov', 'OV', 'DigiCert Secure Site OV', 'DigiCert 安全站点企业型证书', 5980, 2980, 5, '附带 DigiCert 安全站点标志、恶意软件扫描和更高保额', 'With the DigiCert Secure Site seal, malware scanning and higher warranty'],
  ['digicert', 'DC-SECURE-SITE-OV-WILD', 'wild', 'OV', 'DigiCert Secure Site OV Wildcard', 'DigiCert 安全站点企业型通配符证书', 18800, 0, 5, '安全站点企业型通配符证书', 'Secure Site organisation-validated wildcard'],
  ['digicert', 'DC-SECURE-SITE-EV', 'ev', 'EV', 'DigiCert Secure Site EV', 'DigiCert 安全站点 EV 证书', 9680, 4980, 5, '安全站点扩展验证证书，适合银行与大型电商', 'Secure Site extended validation, for banks and large e-commerce'],
  ['digicert', 'DC-CODE', 'code', 'CODE', 'DigiCert Code Signing', 'DigiCert 代码签名证书', 3980, 0, 3, '为软件签名，私钥存放于硬件令牌', 'Signs software, the private key kept on a hardware token'],
  ['digicert', 'DC-EV-CODE', 'code', 'CODE', 'DigiCert EV Code Signing', 'DigiCert EV 代码签名证书', 5680, 0, 3, '扩展验证代码签名，立即获得 SmartScreen 信誉', 'Extended-validation code signing with immediate SmartScreen reputation'],
  ['digicert', 'DC-DOC', 'doc', 'DOC', 'DigiCert Document Signing', 'DigiCert 文档签名证书', 3680, 0, 3, '为 PDF 文档签名，Adobe AATL 信任', 'Signs PDF documents, trusted through Adobe AATL'],
  ['digicert', 'DC-VMC', 'vmc', 'VMC', 'DigiCert VMC', 'DigiCert 品牌标识证书 (VMC)', 10800, 4800, 1, '在 Gmail、Apple 邮件等支持 BIMI 的邮箱中显示注册商标徽标', 'Shows your registered trademark logo in Gmail, Apple Mail and other BIMI mailboxes'],
  ['digicert', 'DC-CMC', 'vmc', 'VMC', 'DigiCert CMC', 'DigiCert 通用标识证书 (CMC)', 8800, 3800, 1, '无需注册商标，徽标使用满一年即可申请的 BIMI 证书', 'BIMI certificate for a logo in use for a year, no trademark needed'],
  // Sectigo
  ['sectigo', 'SC-DV-SSL', 'ssl', 'DV', 'Sectigo DV SSL', 'Sectigo 域名型 SSL 证书', 360, 180, 3, '经济实用的域名型证书', 'Affordable domain-validated certificate'],
  ['sectigo', 'SC-DV-WILD', 'wild', 'DV', 'Sectigo DV Wildcard SSL', 'Sectigo 域名型通配符证书', 1680, 0, 3, '保护所有一级子域名', 'Covers every first-level subdomain'],
  ['sectigo', 'SC-DV-UCC', 'flex', 'DV', 'Sectigo Multi-Domain SSL (UCC)', 'Sectigo 域名型多域名证书', 780, 260, 3, '适合 Exchange 和多站点，自动附带 www', 'For Exchange and multiple sites, www added automatically'],
  ['sectigo', 'SC-OV-SSL', 'ov', 'OV', 'Sectigo OV SSL', 'Sectigo 企业型 SSL 证书', 880, 380, 3, 'Sectigo 企业验证证书', 'Sectigo organisation-validated certificate'],
  ['sectigo', 'SC-OV-WILD', 'wild', 'OV', 'Sectigo OV Wildcard SSL', 'Sectigo 企业型通配符证书', 3180, 0, 3, '企业型通配符证书', 'Organisation-validated wildcard'],
  ['sectigo', 'SC-OV-IP', 'ip_single', 'OV', 'Sectigo OV IP SSL', 'Sectigo 企业型单 IP 证书', 1280, 0, 3, '为单个公网 IP 签发的企业型证书', 'Organisation-validated certificate for one public IP'],
  ['sectigo', 'SC-EV-SSL', 'ev', 'EV', 'Sectigo EV SSL', 'Sectigo 增强型 EV 证书', 1880, 980, 3, 'Sectigo 扩展验证证书', 'Sectigo extended validation'],
  ['sectigo', 'SC-CODE', 'code', 'CODE', 'Sectigo Code Signing', 'Sectigo 代码签名证书', 1580, 0, 3, '为 Windows、Java 和 macOS 程序签名', 'Signs Windows, Java and macOS programs'],
  ['sectigo', 'SC-EMAIL', 'email', 'SMIME', 'Sectigo Personal Email', 'Sectigo 个人邮件证书', 120, 0, 3, '验证邮箱控制权的 S/MIME 证书，为邮件签名和加密', 'Mailbox-validated S/MIME certificate to sign and encrypt mail'],
  // PositiveSSL
  ['positivessl', 'PS-DV-SSL', 'dv_one_ssl', 'DV', 'Sectigo PositiveSSL', 'PositiveSSL 单域名证书', 89, 0, 3, '最受欢迎的入门级证书', 'The most popular entry-level certificate'],
  ['positivessl', 'PS-DV-WILD', 'wild', 'DV', 'Sectigo PositiveSSL Wildcard', 'PositiveSSL 通配符证书', 699, 0, 3, '入门级通配符证书', 'Entry-level wildcard'],
  ['positivessl', 'PS-DV-MULTI', 'flex', 'DV', 'Sectigo PositiveSSL Multi-Domain', 'PositiveSSL 多域名证书', 299, 120, 3, '入门级多域名证书，自动附带 www', 'Entry-level multi-domain, www added automatically'],
  ['positivessl', 'PS-DV-MULTI-WILD', 'flex', 'DV', 'Sectigo PositiveSSL Multi-Domain Wildcard', 'PositiveSSL 多域名通配符证书', 1280, 560, 3, '多个通配符域名合用一张证书', 'Several wildcard domains on one certificate'],
  ['positivessl', 'PS-EV-SSL', 'ev', 'EV', 'Sectigo PositiveSSL EV', 'PositiveSSL 增强型 EV 证书', 880, 480, 3, '经济型扩展验证证书', 'Budget extended validation'],
  ['positivessl', 'PS-EV-MULTI', 'flex', 'EV', 'Sectigo PositiveSSL EV Multi-Domain', 'PositiveSSL EV 多域名证书', 1480, 480, 3, '经济型 EV 多域名证书（不支持通配符）', 'Budget EV multi-domain (no wildcards)'],
  // CFCA
  ['cfca', 'CFCA-DV-SSL', 'ssl', 'DV', 'CFCA GlobalTrust DV SSL', 'CFCA 全球信域名型证书', 580, 280, 3, '国内自主 CA 签发，全球浏览器信任', 'Issued by a domestic CA, trusted by browsers worldwide'],
  ['cfca', 'CFCA-DV-WILD', 'wild', 'DV', 'CFCA GlobalTrust DV Wildcard SSL', 'CFCA 全球信域名型通配符证书', 2580, 0, 3, 'CFCA 通配符证书', 'CFCA wildcard certificate'],
  ['cfca', 'CFCA-OV-SSL', 'ov', 'OV', 'CFCA GlobalTrust OV SSL', 'CFCA 全球信企业型证书', 2680, 980, 3, '满足等保与密评合规要求的企业型证书', 'Organisation-validated, meeting Chinese compliance requirements'],
  ['cfca', 'CFCA-EV-SSL', 'ev', 'EV', 'CFCA GlobalTrust EV SSL', 'CFCA 全球信增强型证书', 5880, 1880, 3, 'CFCA 扩展验证证书，适合金融机构', 'CFCA extended validation, for financial institutions'],
  // Let's Encrypt (free, 90 days, ACME)
  ['letsencrypt', 'LE-DV-FREE', 'dv_one_ssl', 'DV', 'Let\'s Encrypt Free SSL (90 days)', '免费单域名证书（90 天）', 0, 0, 0, '免费 90 天域名证书，通过 ACME 自动签发，到期前需续签', 'Free 90-day domain certificate issued over ACME; renew before it expires'],
  ['letsencrypt', 'LE-DV-MULTI-FREE', 'ssl', 'DV', 'Let\'s Encrypt Free Multi-Domain SSL (90 days)', '免费多域名证书（90 天）', 0, 0, 0, '免费 90 天证书，一张证书可含多个域名', 'Free 90-day certificate holding several domains'],
  ['letsencrypt', 'LE-DV-WILD-FREE', 'wild', 'DV', 'Let\'s Encrypt Free Wildcard SSL (90 days)', '免费通配符证书（90 天）', 0, 0, 0, '免费 90 天通配符证书，需 DNS 验证', 'Free 90-day wildcard certificate, validated by DNS'],
];

export const products: SeedProduct[] = rows.map(product);
