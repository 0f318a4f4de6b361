/**
 * The batch-cfdns tool's way to Cloudflare: the product server relays three calls (Cloudflare's API does not
 * answer browsers' cross-origin requests). The Cloudflare token goes in the x-cf-token header of each call and
 * is kept nowhere on the server. The app's HTTP client sends no custom headers, so this is its own small
 * fetch with the same session handling (token headers, 401 signs out, the `{ code, data, msg }` envelope).
 */
import { z } from 'zod';
import { buildUrl, isAbortError } from '../../../lib/http.ts';
import { getToken, purgeSession } from '../../../lib/session.ts';
import { currentLocale } from '../../../i18n/index.ts';

export const cfError = z.object({ code: z.number(), message: z.string() }).loose();
export type CfError = z.infer<typeof cfError>;

/** Cloudflare's v4 envelope; `result` is read by each call's own schema. */
export const cfAnswer = <T extends z.ZodType>(result: T) =>
  z
    .object({
      success: z.boolean(),
      errors: z.array(cfError),
      result: result.nullable(),
      result_info: z.object({ page: z.number(), per_page: z.number(), total_count: z.number(), total_pages: z.number() }).partial().optional(),
    })
    .loose();

/** The relay's own failure codes, said in Cloudflare's shape (apps/server/src/services/cfdns/cloudflare.ts). */
export const relayErrorCodes = { unreachable: -1, timeout: -2, badAnswer: -3 } as const;

/** The call did not get a Cloudflare answer: session gone, product server unreachable, or a refused request. */
export class RelayError extends Error {
  override name = 'RelayError';
  constructor(
    message: string,
    readonly kind: 'session' | 'network' | 'rejected',
  ) {
    super(message);
  }
}

const timeoutMs = 30_000;

export async function relay<T extends z.ZodType>(call: 'zones' | 'records' | 'create', body: object, cfToken: string, answer: T, signal?: AbortSignal): Promise<z.infer<T>> {
  const session = getToken();
  if (!session) {
    purgeSession();
    throw new RelayError('signed out', 'session');
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(`/v1/tools/cfdns/${call}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', lang: currentLocale(), token: session, authorization: session, 'x-cf-token': cfToken },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    if (isAbortError(e) && signal?.aborted) throw e;
    throw new RelayError(e instanceof Error ? e.message : String(e), 'network');
  }
  if (res.status === 401) {
    purgeSession();
    throw new RelayError('signed out', 'session');
  }
  const env: unknown = await res.json().catch(() => null);
  const parsed = z.object({ code: z.number(), msg: z.string(), data: z.unknown() }).safeParse(env);
  if (!parsed.success) throw new RelayError(`HTTP ${res.status}`, 'network');
  if (parsed.data.code !== 200) throw new RelayError(parsed.data.msg, 'rejected');
  const cf = answer.safeParse(parsed.data.data);
  if (!cf.success) throw new RelayError('unexpected answer', 'rejected');
  return cf.data as z.infer<T>;
}
