import type { z } from 'zod';
import type { changePwdByTelBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type ChangePwdByTelInput = z.input<typeof changePwdByTelBody>;

/** POST /changePwdByTel { telephone, telPrefix, code, newPwd (hashed) }. */
export function changePwdByTel(input: ChangePwdByTelInput): Promise<unknown> {
  return http('/changePwdByTel', { method: 'POST', body: input });
}
