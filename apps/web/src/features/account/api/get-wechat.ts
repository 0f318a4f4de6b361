import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { wechatStatus } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';

export type WechatStatus = z.infer<typeof wechatStatus>;

/** GET /v1/wechat: whether WeChat sign-in is available and bound. */
export function getWechat(): Promise<WechatStatus> {
  return http<WechatStatus>('/v1/wechat');
}

export const wechatQuery = queryOptions({ queryKey: ['wechat'], queryFn: getWechat });

export function useWechat() {
  return useQuery(wechatQuery);
}
