import type { z } from 'zod';
import type { googleAuthAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type GoogleAuthSetup = z.infer<typeof googleAuthAnswer>;

/** GET /v1/googleAuth: a new TOTP secret with its otpauth URL and QR code (PNG data URL). */
export function getGoogleAuth(): Promise<GoogleAuthSetup> {
  return http<GoogleAuthSetup>('/v1/googleAuth');
}
