import { http } from '../../../lib/http.ts';

/** GET /dm-serv/v1/dns/zones/{zone}/export: the zone in zone-file format. */
export function exportZone(zone: string): Promise<{ filename: string; text: string }> {
  return http<{ filename: string; text: string }>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/export`);
}
