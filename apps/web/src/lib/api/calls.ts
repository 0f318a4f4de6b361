import { listAllLimit, listAllOffset } from '@cc/domain/terms';
import type { RequestOptions } from '../http.ts';

/** A call as its API function makes it: started early (app/preload.ts), the identical call takes its answer. */
export type Call = { readonly path: string; readonly anyone?: true } & Readonly<Pick<RequestOptions, 'method' | 'body' | 'query' | 'quiet'>>;

/**
 * The calls pages make as soon as they show, whatever their address: their API functions make them from here, and
 * the routes list them (staticData.calls), so that they leave with the page's code rather than after it.
 */
export const calls = {
  // Every page waits for it (the root route's beforeLoad), signed out too: the page starts it before the code arrives.
  siteConfig: { path: '/siteConfig', quiet: true, anyone: true },
  verifyToken: { path: '/verify_token', method: 'POST', body: {}, quiet: true },
  account: { path: '/v1/account' },
  exRate: { path: '/v1/exRate' },
  siteMsgSummary: { path: '/v1/siteMsg/summary', quiet: true },
  me: { path: '/v1/user/me' },
  dashboard: { path: '/v1/dashboard' },
  orderCount: { path: '/v1/orders/count' },
  products: { path: '/v1/products', query: { limit: listAllLimit, offset: listAllOffset } },
  frontConf: { path: '/frontConf' },
} as const satisfies Record<string, Call>;

/** The options of `http` for a call. */
export const callOptions = ({ path: _path, anyone: _anyone, ...opts }: Call, signal?: AbortSignal): RequestOptions => ({ ...opts, signal });
