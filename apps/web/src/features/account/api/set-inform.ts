import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InformAnswer, InformBody } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';
import { informQuery } from './get-inform.ts';

/** POST /v1/inform: one event type's channel switch, reminder days or low-balance amount. */
export function setInform(body: InformBody): Promise<InformAnswer> {
  return http<InformAnswer>('/v1/inform', { method: 'POST', body });
}

export function useSetInform() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setInform, onSuccess: (answer) => qc.setQueryData(informQuery.queryKey, answer) });
}
