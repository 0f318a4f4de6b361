import type { DnsChangeAnswer, DnsRollbackBody } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/dns/zones/{zone}/rollback: back to the state after an earlier change (preview: the diff only). */
export function rollbackZone(zone: string, body: DnsRollbackBody): Promise<DnsChangeAnswer> {
  return http<DnsChangeAnswer>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/rollback`, { method: 'POST', body });
}
