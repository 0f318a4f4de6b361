import type { DnsChangeAnswer, DnsImportBody } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/dns/zones/{zone}/import: a zone file merged or replacing the records (preview: the diff only). */
export function importZone(zone: string, body: DnsImportBody): Promise<DnsChangeAnswer> {
  return http<DnsChangeAnswer>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/import`, { method: 'POST', body });
}
