import { randomBytes } from 'node:crypto';
import type { DcvInstructions } from '@cc/contracts/orders';
import { approverBase, emailDnsTxtHost, type DcvMethod } from '@cc/domain/dcv';

/** The zone our CNAME targets live in; a CA publishes nothing there, the record only proves control of the host. */
export const cnameTargetZone = 'dcv.certhub.local';
export const fileDir = '/.well-known/pki-validation/';
export const txtHostLabel = '_dnsauth';
/** Where an ACME http-01 challenge is served (RFC 8555 §8.3). */
export const acmeChallengeDir = '/.well-known/acme-challenge/';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export interface DcvValues {
  token: string;
  value: string;
}

/** Fresh random values for one name and method (at least 112 bits each, CA/B BR 3.2.2.4.7 random value). */
export function newDcvValues(method: DcvMethod): DcvValues {
  switch (method) {
    case 'dns':
      return { token: hex(16), value: `${hex(16)}.${hex(16)}` };
    case 'file':
      return { token: hex(16).toUpperCase(), value: hex(32) };
    default:
      return { token: hex(16), value: hex(20) };
  }
}

/** The mailbox for a name: a role name moves to each name's own domain; a custom address stays as given. */
export function mailboxFor(method: DcvMethod, orderEmail: string, domain: string): string {
  if (domain.includes('@')) return domain;
  if (method === 'email') {
    const role = orderEmail.includes('@') ? orderEmail.slice(0, orderEmail.lastIndexOf('@')) : orderEmail || 'admin';
    return `${role.toLowerCase()}@${approverBase(domain)}`;
  }
  return orderEmail.toLowerCase();
}

export interface DcvRow {
  domain: string;
  method: DcvMethod;
  token: string;
  value: string;
  email: string;
}

/** Where the file must be served; the port shows only when it is not 80 (tests, staging). */
export function fileUrl(domain: string, fileName: string, port: number): string {
  const host = domain.includes(':') ? `[${domain}]` : approverBase(domain);
  return `http://${host}${port === 80 ? '' : `:${port}`}${fileDir}${fileName}`;
}

/** Exactly what the user must publish for a name, per method. */
export function instructionsFor(row: DcvRow, httpPort: number): DcvInstructions {
  const base = approverBase(row.domain);
  switch (row.method) {
    case 'dns':
      return { method: 'dns', recordType: 'CNAME', host: `_${row.token}.${base}`, value: `${row.value}.${cnameTargetZone}` };
    case 'dns_txt':
      // An ACME order's row carries the CA's record host in token (_acme-challenge.<name>, services/issuance/acme-route.ts).
      return { method: 'dns_txt', recordType: 'TXT', host: row.token.startsWith('_acme-challenge.') ? row.token : `${txtHostLabel}.${base}`, value: row.value };
    case 'file': {
      // An ACME http-01 challenge (services/acme-server) carries its whole path in token, the key authorization in value.
      if (row.token.startsWith(acmeChallengeDir)) {
        const fileName = row.token.slice(acmeChallengeDir.length);
        return { method: 'file', url: fileUrl(row.domain, '', httpPort).replace(fileDir, row.token), path: row.token, fileName, content: row.value };
      }
      const fileName = `${row.token}.txt`;
      return { method: 'file', url: fileUrl(row.domain, fileName, httpPort), path: `${fileDir}${fileName}`, fileName, content: row.value };
    }
    case 'email':
      return { method: 'email', email: row.email };
    case 'email_dns':
      return { method: 'email_dns', email: row.email, recordType: 'TXT', host: emailDnsTxtHost(base), value: row.email };
  }
}
