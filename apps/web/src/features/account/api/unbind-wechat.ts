import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { wechatQuery, type WechatStatus } from './get-wechat.ts';

/** DELETE /v1/wechat: unbinds WeChat sign-in. */
export function unbindWechat(): Promise<WechatStatus> {
  return http('/v1/wechat', { method: 'DELETE' });
}

export function useUnbindWechat() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unbindWechat, onSuccess: (s) => qc.setQueryData(wechatQuery.queryKey, s) });
}
