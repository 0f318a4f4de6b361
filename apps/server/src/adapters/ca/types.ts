/** What a certificate authority is asked and answers; the built-in CA and ACME sit behind it. */

export type CertProfile = 'DV' | 'OV' | 'EV' | 'CODE' | 'DOC' | 'SMIME';

export interface SubjectInfo {
  commonName: string;
  organization?: string;
  locality?: string;
  province?: string;
  country?: string;
  /** EV (CA/B EV Guidelines 9.2.4-9.2.6). */
  businessCategory?: string;
  jurisdictionCountry?: string;
  registrationNumber?: string;
  email?: string;
}

export interface IssueRequest {
  brand: string;
  csrPem: string;
  profile: CertProfile;
  subject: SubjectInfo;
  dnsNames: string[];
  ipAddresses: string[];
  emails: string[];
  notBefore: Date;
  notAfter: Date;
}

export interface IssuedCertificate {
  certPem: string;
  /** Intermediates, leaf excluded, nearest first. */
  chainPem: string;
  rootPem: string;
  /** Hex, lowercase. */
  serial: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CertificateAuthority {
  issue(req: IssueRequest): Promise<IssuedCertificate>;
  /** Root and intermediate PEMs of a brand (created on first use). */
  hierarchy(brand: string): Promise<{ rootPem: string; intermediatePem: string }>;
}
