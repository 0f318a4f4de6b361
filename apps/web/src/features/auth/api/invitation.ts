import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationAcceptBody, InvitationAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /subAccountInvitation: whose invitation a link is (a visitor with the link, no session). */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationAnswer> {
  return http<InvitationAnswer>('/subAccountInvitation', { signal, query: { token }, quiet: true });
}

export const invitationQuery = (token: string) => queryOptions({ queryKey: ['invitation', token], queryFn: ({ signal }) => getInvitation(token, signal), retry: false });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQuery(token), enabled: token !== '' });
}

/** POST /subAccountInvitation: sets the member's password (hashed as at sign-in), once. */
export function acceptInvitation(body: InvitationAcceptBody): Promise<null> {
  return http<null>('/subAccountInvitation', { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
