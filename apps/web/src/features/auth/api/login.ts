import type { z } from 'zod';
import type { loginBody, secondStepData } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type LoginInput = z.input<typeof loginBody>;
export type SecondStepData = z.infer<typeof secondStepData>;

/**
 * POST /login. Success stores the token from the `authorization` header (the client does) and answers
 * the user; code 12009 throws an ApiError whose `data` is what /sec-validation needs.
 */
export function login(input: LoginInput): Promise<unknown> {
  return http('/login', { method: 'POST', body: input, startsSession: true });
}
