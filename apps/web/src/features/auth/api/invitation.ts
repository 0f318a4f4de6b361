import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationAcceptBody, InvitationAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /v1/user/invitation: whose invitation a link is (a visitor with the link, no session). */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationAnswer> {
  return http<InvitationAnswer>('/v1/user/invitation', { signal, query: { token }, quiet: true });
}

export const invitationQuery = (token: string) => queryOptions({ queryKey: ['invitation', token], queryFn: ({ signal }) => getInvitation(token, signal), retry: false });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQuery(token), enabled: token !== '' });
}

/** POST /v1/user/invitation: sets the member's password (hashed as at sign-in), once. */
export function acceptInvitation(body: InvitationAcceptBody): Promise<null> {
  return http<null>('/v1/user/invitation', { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
