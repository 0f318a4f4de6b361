import type { z } from 'zod';
import type { codeSentAnswer, secCodeBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type SecCodeInput = z.input<typeof secCodeBody>;
export type CodeSent = z.infer<typeof codeSentAnswer>;

/** GET /secCode?secToken&authType: sends the second-step code by SMS or e-mail. */
export function getSecCode(input: SecCodeInput): Promise<CodeSent> {
  return http<CodeSent>('/secCode', { query: input });
}
