import type { z } from 'zod';
import type { newAddressQuery } from '@cc/contracts/security';
import type { codeSentAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type NewAddressInput = z.input<typeof newAddressQuery>;

/** GET /v1/bindEmailOrTel (first one) or /v1/modifyEmailOrTel (change): a code to the new phone or address. */
export function sendNewAddressCode(mode: 'bind' | 'modify', input: NewAddressInput): Promise<z.infer<typeof codeSentAnswer>> {
  return http(mode === 'bind' ? '/v1/bindEmailOrTel' : '/v1/modifyEmailOrTel', { query: input });
}
