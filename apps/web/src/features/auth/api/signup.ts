import type { z } from 'zod';
import type { signupBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type SignupInput = z.input<typeof signupBody>;

/** POST /signup: creates the account and signs it in (token in the `authorization` header). */
export function signup(input: SignupInput): Promise<unknown> {
  return http('/signup', { method: 'POST', body: input, startsSession: true });
}
