import type { DnsBatchAnswer, DnsBatchBody } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/dns/batch: one record set across up to 100 zones, each with its own result (preview: diffs only). */
export function batchRecords(body: DnsBatchBody): Promise<DnsBatchAnswer> {
  return http<DnsBatchAnswer>('/dm-serv/v1/dns/batch', { method: 'POST', body });
}
