import type { z } from 'zod';
import type { wechatSandboxAnswer, wechatSandboxDecision } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';

/** POST /sandbox/wechat/authorize: the tester approves as a sandbox WeChat user (or declines); answers where to go back to. */
export function decideWechatSandbox(body: z.input<typeof wechatSandboxDecision>): Promise<z.infer<typeof wechatSandboxAnswer>> {
  return http('/sandbox/wechat/authorize', { method: 'POST', body });
}
