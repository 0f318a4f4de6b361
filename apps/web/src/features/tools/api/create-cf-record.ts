import { z } from 'zod';
import { cfAnswer, relay } from './cfdns-relay.ts';
import { cfRecord } from './list-cf-records.ts';
import type { DnsRecordInput } from '../lib/cfdns-records.ts';

const answer = cfAnswer(cfRecord);
export type CreateRecordAnswer = z.infer<typeof answer>;

/** Cloudflare POST /zones/{id}/dns_records through the relay: one record. */
export function createCfRecord(cfToken: string, zoneId: string, r: DnsRecordInput, signal?: AbortSignal): Promise<CreateRecordAnswer> {
  const record = {
    type: r.type,
    name: r.name,
    content: r.content,
    ttl: r.ttl,
    ...(r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME' ? { proxied: r.proxied } : {}),
    ...(r.priority === undefined ? {} : { priority: r.priority }),
  };
  return relay('create', { zoneId, record }, cfToken, answer, signal);
}
