import type { z } from 'zod';
import type { closeCodeQuery } from '@cc/contracts/account';
import type { codeSentAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

/** GET /v1/account/close/code?channel: the closing code to the bound e-mail or phone (refused while closing is blocked). */
export function getCloseCode(input: z.input<typeof closeCodeQuery>): Promise<z.infer<typeof codeSentAnswer>> {
  return http('/v1/account/close/code', { query: input });
}
