import type { z } from 'zod';
import type { codeSentAnswer, twoStepAuthCodeQuery } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type TwoStepAuthCodeInput = z.input<typeof twoStepAuthCodeQuery>;

/** GET /v1/twoStepAuthCode?authType: a code to the bound phone or address, to turn a method on or off. */
export function getTwoStepAuthCode(input: TwoStepAuthCodeInput): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/v1/twoStepAuthCode', { query: input });
}
