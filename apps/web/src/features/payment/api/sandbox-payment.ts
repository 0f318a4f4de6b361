import type { z } from 'zod';
import type { sandboxActionAnswer, sandboxPayment } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type SandboxPayment = z.infer<typeof sandboxPayment>;
export type SandboxAction = z.infer<typeof sandboxActionAnswer>;

/** GET /sandbox/payments/{id}: what the hosted page shows (public: the id is unguessable). */
export function getSandboxPayment(id: string): Promise<SandboxPayment> {
  return http<SandboxPayment>(`/sandbox/payments/${encodeURIComponent(id)}`);
}

/** POST /sandbox/payments/{id}/approve | decline: the payer's answer; follow redirectUrl afterwards. */
export function actOnSandboxPayment(id: string, action: 'approve' | 'decline'): Promise<SandboxAction> {
  return http<SandboxAction>(`/sandbox/payments/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}
