import type { DnsChangeAnswer, DnsRecordsBody } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/domains/records: adds and edits records in one change (preview: the diff only). */
export function saveRecords(body: DnsRecordsBody): Promise<DnsChangeAnswer> {
  return http<DnsChangeAnswer>('/dm-serv/v1/domains/records', { method: 'POST', body });
}
