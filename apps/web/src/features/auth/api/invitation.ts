import type { InvitationAcceptBody, InvitationAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

// Plain calls: the signed-out screens have no query client (it lives in the signed-in layout).

/** GET /subAccountInvitation: whose invitation a link is (a visitor with the link, no session). */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationAnswer> {
  return http<InvitationAnswer>('/subAccountInvitation', { signal, query: { token }, quiet: true });
}

/** POST /subAccountInvitation: sets the member's password (hashed as at sign-in), once. */
export function acceptInvitation(body: InvitationAcceptBody): Promise<null> {
  return http<null>('/subAccountInvitation', { method: 'POST', body });
}
