import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dcvEmailBody, dcvEmailSavedAnswer } from '@cc/contracts/purchase';
import { http } from '../../../lib/http.ts';
import { dcvEmailsQuery } from './get-dcv-emails.ts';

export type DcvEmailInput = z.input<typeof dcvEmailBody>;

/** POST /v1/emailDnsEmails {email}: idempotent, answers the id. */
export function saveDcvEmail(input: DcvEmailInput): Promise<z.infer<typeof dcvEmailSavedAnswer>> {
  return http('/v1/emailDnsEmails', { method: 'POST', body: input });
}

export function useSaveDcvEmail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveDcvEmail, onSuccess: () => qc.invalidateQueries({ queryKey: dcvEmailsQuery.queryKey }) });
}
