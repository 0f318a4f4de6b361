/** Key and CSR options of document 01 §5 "Key options". */
import { needsOrganization } from './product-types.ts';
import type { PurchaseMessageKey } from './purchase-messages.ts';

export const csrSources = ['create', 'paste', 'zip'] as const;
export type CsrSource = (typeof csrSources)[number];
export const encryptions = ['RSA', 'ECC'] as const;
export type Encryption = (typeof encryptions)[number];
export const rsaKeyLengths = [2048, 3072, 4096] as const;
export type RsaKeyLength = (typeof rsaKeyLengths)[number];
/**
 * The spec lists "P512", which no standard defines: it is P-521 (secp521r1), the only larger NIST curve.
 * 'P512' is accepted as an alias (curveAliases) and always stored and sent as 'P521'.
 */
export const curves = ['P256', 'P384', 'P521'] as const;
export type Curve = (typeof curves)[number];
export const curveAliases: Readonly<Record<string, Curve>> = { P512: 'P521', 'P-512': 'P521', 'P-256': 'P256', 'P-384': 'P384', 'P-521': 'P521' };
/** WebCrypto's names for the curves. */
export const namedCurves: Readonly<Record<Curve, 'P-256' | 'P-384' | 'P-521'>> = { P256: 'P-256', P384: 'P-384', P521: 'P-521' };
export const signatures = ['SHA256', 'SHA384', 'SHA512'] as const;
export type Signature = (typeof signatures)[number];

/** A curve name as typed or stored (aliases included), or null if unknown. */
export function normalizeCurve(v: string): Curve | null {
  const u = v.trim().toUpperCase();
  if ((curves as readonly string[]).includes(u)) return u as Curve;
  return curveAliases[u] ?? null;
}

export const keyDefaults = {
  from: 'create' as CsrSource,
  encryption: 'RSA' as Encryption,
  keyLength: 2048 as RsaKeyLength,
  curve: 'P256' as Curve,
  signature: 'SHA256' as Signature,
  country: 'SG',
  province: 'Beijing',
  locality: 'Beijing',
  orgUnit: 'SSL',
};

export interface KeyOptions {
  encryptions: Encryption[];
  keyLengths: RsaKeyLength[];
  curves: Curve[];
  signatures: Signature[];
  /** RSA signing scheme the CA requires; 'pkcs1v15' for code and document signing. */
  rsaPadding: 'pkcs1v15' | 'any';
  /** True when the product leaves the user no choice and the screen shows the fields read-only. */
  fixed: boolean;
  defaults: { encryption: Encryption; keyLength: RsaKeyLength; curve: Curve; signature: Signature };
}

/**
 * Code and doc products force RSA 4096 signed with PKCS#1 v1.5 (hardware-token and Authenticode/Adobe
 * requirements); the cfca brand forces RSA 2048 with SHA256. A cfca code or doc product would follow the
 * code/doc rule: the stronger key is what the signing standards ask for.
 */
export function keyOptionsFor(p: { brand: string; productType: string }): KeyOptions {
  const base = { encryption: keyDefaults.encryption, keyLength: keyDefaults.keyLength, curve: keyDefaults.curve, signature: keyDefaults.signature };
  if (p.productType === 'code' || p.productType === 'doc') {
    return { encryptions: ['RSA'], keyLengths: [4096], curves: [], signatures: [...signatures], rsaPadding: 'pkcs1v15', fixed: true, defaults: { ...base, keyLength: 4096 } };
  }
  if (p.brand === 'cfca') {
    return { encryptions: ['RSA'], keyLengths: [2048], curves: [], signatures: ['SHA256'], rsaPadding: 'any', fixed: true, defaults: base };
  }
  return { encryptions: [...encryptions], keyLengths: [...rsaKeyLengths], curves: [...curves], signatures: [...signatures], rsaPadding: 'any', fixed: false, defaults: base };
}

export interface KeyParams {
  encryption: string;
  keyLength?: number;
  curve?: string;
  signature: string;
}

/** Each field of the key parameters the product does not allow, as message keys with the offending value. */
export function validateKeyParams(options: KeyOptions, k: KeyParams): { field: keyof KeyParams; messageKey: PurchaseMessageKey; params: { value: string } }[] {
  const errors: { field: keyof KeyParams; messageKey: PurchaseMessageKey; params: { value: string } }[] = [];
  if (!(options.encryptions as string[]).includes(k.encryption)) {
    errors.push({ field: 'encryption', messageKey: 'purchase.key.encryption', params: { value: k.encryption } });
  } else if (k.encryption === 'RSA') {
    if (!(options.keyLengths as number[]).includes(k.keyLength ?? 0)) {
      errors.push({ field: 'keyLength', messageKey: 'purchase.key.keyLength', params: { value: String(k.keyLength ?? '') } });
    }
  } else {
    const c = normalizeCurve(k.curve ?? '');
    if (!c || !options.curves.includes(c)) errors.push({ field: 'curve', messageKey: 'purchase.key.curve', params: { value: k.curve ?? '' } });
  }
  if (!(options.signatures as string[]).includes(k.signature)) {
    errors.push({ field: 'signature', messageKey: 'purchase.key.signature', params: { value: k.signature } });
  }
  return errors;
}

export interface SubjectDefaults {
  country: string;
  province: string;
  locality: string;
  organization: string;
  orgUnit: string;
}

/**
 * The subject a generated CSR starts from. OV/EV/code/doc orders fill it from the chosen company, so only
 * the documented defaults apply; other orders carry no company and use SG/Beijing with empty city and
 * organization (§5). certType is optional: OV/EV wildcard and multi-domain products count as OV/EV.
 */
export function subjectDefaultsFor(productType: string, certType?: string): SubjectDefaults {
  if (needsOrganization({ productType, certType })) {
    return { country: keyDefaults.country, province: keyDefaults.province, locality: keyDefaults.locality, organization: '', orgUnit: keyDefaults.orgUnit };
  }
  return { country: keyDefaults.country, province: keyDefaults.province, locality: '', organization: '', orgUnit: keyDefaults.orgUnit };
}
