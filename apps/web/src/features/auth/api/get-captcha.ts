import type { z } from 'zod';
import type { captchaChallenge } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** GET /captcha: a background (320x160), the piece to drag and its row. */
export function getCaptcha(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return http<CaptchaChallenge>('/captcha', { signal, query: { t: Date.now() } });
}
