import type { z } from 'zod';
import type { captchaChallenge, captchaQuery } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type CaptchaChallenge = z.infer<typeof captchaChallenge>;
/** Whom the puzzle is for: the name the sign-in will use (its token signs in only that account). */
export type CaptchaFor = z.input<typeof captchaQuery>;

/** GET /captcha?username=: a background (320x160), the piece to drag and its row. */
export function getCaptcha(who: CaptchaFor, signal?: AbortSignal): Promise<CaptchaChallenge> {
  return http<CaptchaChallenge>('/captcha', { signal, query: { ...who, t: Date.now() } });
}
