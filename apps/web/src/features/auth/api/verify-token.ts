import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyTokenAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

export type VerifyTokenAnswer = z.infer<typeof verifyTokenAnswer>;

/** POST /verify_token: runs when the signed-in layout is entered; a failure purges the session. */
export function verifyToken(signal?: AbortSignal): Promise<VerifyTokenAnswer> {
  return http<VerifyTokenAnswer>(calls.verifyToken.path, callOptions(calls.verifyToken, signal));
}

export const verifyTokenQuery = (token: string) =>
  queryOptions({ queryKey: ['verifyToken', token], queryFn: ({ signal }) => verifyToken(signal), staleTime: Infinity, retry: false });
