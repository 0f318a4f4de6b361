import type { z } from 'zod';
import type { captchaVerifyAnswer, captchaVerifyBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type CaptchaVerifyInput = z.input<typeof captchaVerifyBody>;

/** POST /captcha/verify { captchaId, x, track, input }: a single-use captchaToken valid two minutes. */
export function verifyCaptcha(input: CaptchaVerifyInput): Promise<z.infer<typeof captchaVerifyAnswer>> {
  return http('/captcha/verify', { method: 'POST', body: input, quiet: true });
}
