import type { z } from 'zod';
import type { wxRedirectBody } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import type { WechatStatus } from './get-wechat.ts';

/** POST /wxredirect { code, state }: finishes the binding the provider sent the user back from. */
export function finishWechatBinding(body: z.input<typeof wxRedirectBody>): Promise<WechatStatus> {
  return http('/wxredirect', { method: 'POST', body });
}
