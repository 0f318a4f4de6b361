/** Product types and certificate levels of document 01 §3, and the screen rules keyed on them (§2, §6). */

export const productTypes = [
  'dv_one_ssl', 'ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'ov', 'ev', 'code', 'doc', 'email', 'smime', 'vmc',
] as const;
export type ProductType = (typeof productTypes)[number];

/**
 * certType says how the subject is vetted; productType says which names the certificate may hold.
 * So an OV wildcard is productType 'wild' with certType 'OV'. Email and S/MIME share 'SMIME'.
 */
export const certTypes = ['DV', 'OV', 'EV', 'CODE', 'DOC', 'SMIME', 'VMC'] as const;
export type CertType = (typeof certTypes)[number];

export function isProductType(v: string): v is ProductType {
  return (productTypes as readonly string[]).includes(v);
}

/** TLS server certificates: the ones with domains, a DCV method and the TLS validity limit of the rules table (cabf-rules.ts). */
export const sslProductTypes: readonly ProductType[] = ['dv_one_ssl', 'ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'ov', 'ev'];
export const ipProductTypes: readonly ProductType[] = ['ip_ssl', 'ip_single'];
/** Products whose order carries domain names (VMC is validated for a domain but is not a TLS certificate). */
export const domainProductTypes: readonly ProductType[] = [...sslProductTypes, 'vmc'];

export function isSslProduct(productType: string): boolean {
  return (sslProductTypes as readonly string[]).includes(productType);
}

export function isIpProduct(productType: string): boolean {
  return (ipProductTypes as readonly string[]).includes(productType);
}

export function hasDomains(productType: string): boolean {
  return (domainProductTypes as readonly string[]).includes(productType);
}

/** The validation-method field is shown only for SSL products that are not IP types (§2 field 5). */
export function showsDcvMethod(productType: string): boolean {
  return isSslProduct(productType) && !isIpProduct(productType);
}

/**
 * The company select (§2 field 10). The spec names productType ov, ev, code, doc; OV/EV wildcard and
 * multi-domain products (productType wild/flex/ip_ssl with certType OV or EV) need a company just as much,
 * so the certificate level counts too.
 */
export function needsOrganization(p: { productType: string; certType?: string }): boolean {
  return ['ov', 'ev', 'code', 'doc'].includes(p.productType) || p.certType === 'OV' || p.certType === 'EV';
}

/** The contact select is hidden for DV products (§2 field 9, §6). */
export function needsContact(p: { certType: string }): boolean {
  return p.certType !== 'DV';
}
