import type { z } from 'zod';
import type { codeSentAnswer, signupCodeQuery } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type SignupCodeInput = z.input<typeof signupCodeQuery>;

/** GET /signupCode?telephone=&telPrefix= or ?email=: sends a 6-digit code. */
export function getSignupCode(input: SignupCodeInput): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/signupCode', { query: input });
}
