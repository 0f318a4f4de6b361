import type { DcvInstructions } from '@cc/contracts/orders';

export interface HashValueRow {
  orderNo: string;
  domain: string;
  status: 'pending' | 'validated';
  instructions: DcvInstructions;
}

/** One flat line per name: what to publish where (DNS host and value, file URL and content, or mailbox). */
export interface FlatHashValue {
  orderNo: string;
  domain: string;
  status: 'pending' | 'validated';
  method: DcvInstructions['method'];
  type: string;
  host: string;
  value: string;
}

export function flattenHashValues(rows: readonly HashValueRow[]): FlatHashValue[] {
  return rows.map((r) => {
    const i = r.instructions;
    const base = { orderNo: r.orderNo, domain: r.domain, status: r.status, method: i.method };
    switch (i.method) {
      case 'dns':
      case 'dns_txt':
      case 'email_dns':
        return { ...base, type: i.recordType, host: i.host, value: i.value };
      case 'file':
        return { ...base, type: 'FILE', host: i.url, value: i.content };
      case 'email':
        return { ...base, type: 'EMAIL', host: i.email, value: '' };
    }
  });
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** Cells a spreadsheet would run as a formula are prefixed with an apostrophe (CSV injection). */
const safeCell = (v: string) => csvCell(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export const hashCsvColumns = ['orderNo', 'domain', 'status', 'method', 'type', 'host', 'value'] as const;

/** RFC 4180 CSV with a BOM, so that spreadsheet programs read it as UTF-8. */
export function hashValuesCsv(rows: readonly FlatHashValue[]): string {
  const lines = [hashCsvColumns.join(','), ...rows.map((r) => hashCsvColumns.map((c) => safeCell(r[c])).join(','))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
