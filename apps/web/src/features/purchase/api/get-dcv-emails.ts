import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dcvEmailListAnswer } from '@cc/contracts/purchase';
import { listAllLimit } from '@cc/domain/terms';
import { http } from '../../../lib/http.ts';

export type DcvEmailList = z.infer<typeof dcvEmailListAnswer>;

/** GET /v1/emailDnsEmails?limit=1000: the saved validation e-mails. */
export function getDcvEmails(): Promise<DcvEmailList> {
  return http<DcvEmailList>('/v1/emailDnsEmails', { query: { limit: listAllLimit, offset: 1 } });
}

export const dcvEmailsQuery = queryOptions({ queryKey: ['dcvEmails'], queryFn: getDcvEmails });

export function useDcvEmails(enabled = true) {
  return useQuery({ ...dcvEmailsQuery, enabled });
}
