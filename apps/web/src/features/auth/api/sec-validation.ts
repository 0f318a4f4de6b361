import type { z } from 'zod';
import type { secValidationBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type SecValidationInput = z.input<typeof secValidationBody>;

/** POST /sec-validation: completes the sign-in like /login does. */
export function secValidation(input: SecValidationInput): Promise<unknown> {
  return http('/sec-validation', { method: 'POST', body: input, startsSession: true });
}
