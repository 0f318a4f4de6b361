import type { z } from 'zod';
import type { changePwdSendEmailQuery, codeSentAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type ChangePwdSendEmailInput = z.input<typeof changePwdSendEmailQuery>;

/** GET /changePwdSendEmail?email. */
export function changePwdSendEmail(input: ChangePwdSendEmailInput): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/changePwdSendEmail', { query: input });
}
