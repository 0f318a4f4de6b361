import type { z } from 'zod';
import type { wechatAuthorizeAnswer } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';

/** POST /v1/wechat/authorize: the provider's authorize page, with a state for this session. */
export function startWechatBinding(): Promise<z.infer<typeof wechatAuthorizeAnswer>> {
  return http('/v1/wechat/authorize', { method: 'POST' });
}
