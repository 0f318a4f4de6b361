import type { z } from 'zod';
import type { sendOriginQuery } from '@cc/contracts/security';
import type { codeSentAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

/** GET /v1/modifyEmailOrTelSendOrigin?sendTo=tel|email: a code to the phone or e-mail bound now. */
export function sendOriginCode(input: z.input<typeof sendOriginQuery>): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/v1/modifyEmailOrTelSendOrigin', { query: input });
}
