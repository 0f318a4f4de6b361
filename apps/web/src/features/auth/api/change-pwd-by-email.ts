import type { z } from 'zod';
import type { changePwdByEmailBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type ChangePwdByEmailInput = z.input<typeof changePwdByEmailBody>;

/** POST /changePwdByEmail { email, code, newPwd (hashed) }. */
export function changePwdByEmail(input: ChangePwdByEmailInput): Promise<unknown> {
  return http('/changePwdByEmail', { method: 'POST', body: input });
}
