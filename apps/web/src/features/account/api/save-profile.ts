import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileAnswer, ProfileBody } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';
import { accountQuery } from '../../../lib/api/get-account.ts';

export type { ProfileBody };

/** PUT /v1/profile: saves the whole profile; answers it with its progress. */
export function saveProfile(body: ProfileBody): Promise<ProfileAnswer> {
  return http<ProfileAnswer>('/v1/profile', { method: 'PUT', body });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      qc.setQueryData(['account', 'profile'], saved);
      qc.setQueryData(['account', 'profile', 'progress'], saved.progress);
      // The company name shows in the account answer too.
      await qc.invalidateQueries({ queryKey: accountQuery.queryKey, exact: true });
    },
  });
}
