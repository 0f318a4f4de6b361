import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactAnswer, newAddressBody } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { accountQuery } from '../../../lib/api/get-account.ts';

export type SaveNewAddressInput = { mode: 'bind' | 'modify' } & z.input<typeof newAddressBody>;

/** POST /v1/bindEmailOrTel (first one) or PUT /v1/modifyEmailOrTel (change) { proof, telephone+telPrefix | email, code }. */
export function saveNewAddress({ mode, ...body }: SaveNewAddressInput): Promise<z.infer<typeof contactAnswer>> {
  return mode === 'bind' ? http('/v1/bindEmailOrTel', { method: 'POST', body }) : http('/v1/modifyEmailOrTel', { method: 'PUT', body });
}

export function useSaveNewAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveNewAddress, onSuccess: () => qc.invalidateQueries({ queryKey: accountQuery.queryKey }) });
}
