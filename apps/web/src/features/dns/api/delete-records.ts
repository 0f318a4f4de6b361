import type { DnsChangeAnswer, DnsRecordsDelBody } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/domains/recordsDel: deletes records in one change (preview: the diff only). */
export function deleteRecords(body: DnsRecordsDelBody): Promise<DnsChangeAnswer> {
  return http<DnsChangeAnswer>('/dm-serv/v1/domains/recordsDel', { method: 'POST', body });
}
