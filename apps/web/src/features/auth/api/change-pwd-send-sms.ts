import type { z } from 'zod';
import type { changePwdSendSmsQuery, codeSentAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type ChangePwdSendSmsInput = z.input<typeof changePwdSendSmsQuery>;

/** GET /changePwdSendSMS?telephone&telPrefix. */
export function changePwdSendSms(input: ChangePwdSendSmsInput): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/changePwdSendSMS', { query: input });
}
