import { z } from 'zod';
import { cfAnswer, relay } from './cfdns-relay.ts';

export const cfRecord = z
  .object({ id: z.string(), type: z.string(), name: z.string(), content: z.string(), ttl: z.number(), proxied: z.boolean().optional(), priority: z.number().optional() })
  .loose();
export type CfRecord = z.infer<typeof cfRecord>;
const answer = cfAnswer(z.array(cfRecord));
export type ListRecordsAnswer = z.infer<typeof answer>;

const perPage = 500;
/** More pages than this are not read: the preview then checks for duplicates among the first ones only. */
const maxPages = 20;

/** Cloudflare GET /zones/{id}/dns_records through the relay, every page (up to maxPages). */
export async function listCfRecords(cfToken: string, zoneId: string, signal?: AbortSignal): Promise<{ answer: ListRecordsAnswer; records: CfRecord[] }> {
  const records: CfRecord[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const a = await relay('records', { zoneId, page, perPage }, cfToken, answer, signal);
    if (!a.success) return { answer: a, records };
    records.push(...(a.result ?? []));
    if (page >= (a.result_info?.total_pages ?? 1)) return { answer: a, records };
  }
  return { answer: { success: true, errors: [], result: records }, records };
}
