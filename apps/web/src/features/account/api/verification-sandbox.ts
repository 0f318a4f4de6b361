import type { z } from 'zod';
import type { verificationSandboxAnswer, verificationSandboxView } from '@cc/contracts/real-name';
import { http } from '../../../lib/http.ts';

export type SandboxReview = z.infer<typeof verificationSandboxView>;

/** GET /sandbox/verifications/{id}: what the sandbox verifier's review page shows (public: the id is unguessable). */
export function getSandboxReview(id: string): Promise<SandboxReview> {
  return http<SandboxReview>(`/sandbox/verifications/${encodeURIComponent(id)}`);
}

/** POST /sandbox/verifications/{id}/approve | decline { reason }: the reviewer's decision. */
export function decideSandboxReview(id: string, action: 'approve' | 'decline', reason = ''): Promise<z.infer<typeof verificationSandboxAnswer>> {
  return http(`/sandbox/verifications/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: { reason } });
}
