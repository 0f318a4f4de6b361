import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileBody, type Profile, type ProfileBody } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

export { profileBody };

/** POST /v1/discovery/profiles (new) or PUT /v1/discovery/profiles/{id} (change). */
export function saveProfile({ id, body }: { id: number | null; body: ProfileBody }): Promise<Profile> {
  return id === null ? http<Profile>('/v1/discovery/profiles', { method: 'POST', body }) : http<Profile>(`/v1/discovery/profiles/${id}`, { method: 'PUT', body });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveProfile, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
