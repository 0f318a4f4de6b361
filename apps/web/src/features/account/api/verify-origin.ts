import type { z } from 'zod';
import type { originVerifyBody, proofAnswer } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { sha256Hex } from '../../../lib/hash.ts';

export type Proof = z.infer<typeof proofAnswer>;
export type VerifyOriginInput = { sendTo: 'tel' | 'email'; verifyCode: string } | { password: string };

/** POST /v1/modifyEmailOrTelOriginVerify { sendTo, verifyCode } or { password } (hashed): a proof for one change. */
export async function verifyOrigin(input: VerifyOriginInput): Promise<Proof> {
  const body: z.input<typeof originVerifyBody> = 'password' in input ? { password: await sha256Hex(input.password) } : input;
  return http('/v1/modifyEmailOrTelOriginVerify', { method: 'POST', body });
}
