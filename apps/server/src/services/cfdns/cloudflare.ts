/**
 * The Cloudflare relay's one outgoing call. Cloudflare's v4 API does not answer browsers' cross-origin
 * requests, so the batch-cfdns tool asks the server to forward exactly three calls for it. The user's API
 * token arrives with each call, goes out in the Authorization header, and is kept nowhere: not stored,
 * not logged, not echoed in an answer.
 */

/** Cloudflare's answer envelope, passed back as is. */
export type CloudflareAnswer = {
  success: boolean;
  errors: Array<{ code: number; message: string; [k: string]: unknown }>;
  messages?: unknown[];
  result: unknown;
  result_info?: unknown;
  [k: string]: unknown;
};

/** The relay's own failure (Cloudflare unreachable, too slow, or not answering JSON), said in Cloudflare's shape. */
export const relayErrorCodes = { unreachable: -1, timeout: -2, badAnswer: -3 } as const;

const timeoutMs = 20_000;

function relayFailure(code: number, message: string): CloudflareAnswer {
  return { success: false, errors: [{ code, message }], messages: [], result: null };
}

function isAnswer(v: unknown): v is CloudflareAnswer {
  return typeof v === 'object' && v !== null && typeof (v as { success?: unknown }).success === 'boolean' && Array.isArray((v as { errors?: unknown }).errors);
}

export interface CloudflareCall {
  method: 'GET' | 'POST';
  /** Path below the API base, built by the caller from validated parts only. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** Sends one call to Cloudflare with the user's token; answers Cloudflare's JSON and its HTTP status. */
export async function callCloudflare(base: string, token: string, call: CloudflareCall): Promise<{ status: number; answer: CloudflareAnswer }> {
  const url = new URL(base.replace(/\/+$/, '') + call.path);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  let res: Response;
  try {
    res = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return {
      status: 502,
      answer: timedOut ? relayFailure(relayErrorCodes.timeout, 'Cloudflare did not answer in time') : relayFailure(relayErrorCodes.unreachable, 'Cloudflare could not be reached'),
    };
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!isAnswer(payload)) return { status: 502, answer: relayFailure(relayErrorCodes.badAnswer, `Cloudflare answered HTTP ${res.status} without its JSON envelope`) };
  return { status: res.status, answer: payload };
}
