import type { z } from 'zod';
import type { forgotPasswordAnswer, forgotPasswordBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type ForgotPasswordInput = z.input<typeof forgotPasswordBody>;
export type ForgotPasswordRoute = z.infer<typeof forgotPasswordAnswer>;

/** POST /forgot_password { username }: which route (phone or e-mail) the reset takes. */
export function forgotPassword(input: ForgotPasswordInput): Promise<ForgotPasswordRoute> {
  return http<ForgotPasswordRoute>('/forgot_password', { method: 'POST', body: input });
}
