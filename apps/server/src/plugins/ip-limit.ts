import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prepared, type Queryable } from '@cc/db/client';
import { fail } from '../lib/app-error.ts';
import { enqueue } from '../services/jobs/queue.ts';
import type { JobKind } from '../services/jobs/kinds.ts';

/**
 * A coarse limit on anonymous calls, per client address and group, per minute. Counters live in the database
 * (one UPSERT per call on ip_rate_counters), so every instance behind a load balancer counts the same calls.
 * It is a floor against floods, not the account protections: failed sign-ins and codes have their own limits
 * (services/session/rate-limit.ts). Signed-in calls are not counted.
 */
export const ipLimits = {
  /** GET /captcha renders a puzzle (~40 ms of CPU each): the tightest. */
  captcha: 20,
  /** Sign-in, sign-up, codes, password reset, captcha checks, second step. */
  session: 60,
  /** Signed-in calls refused for a missing, unknown or expired token (verify_token and every /v1 call). */
  token: 60,
  /** Everything else open to visitors: site settings, rates, CA files, e-mail approval links, sandbox payment pages. */
  public: 300,
} as const;
export type IpLimitGroup = keyof typeof ipLimits;
export const ipLimitWindowSeconds = 60;
/** The hourly job that deletes counters of windows long over. */
export const ipLimitSweepJob = 'ip-limit.sweep' satisfies JobKind;

/**
 * The part of an address that names one client: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its /64,
 * the block one subscriber gets, so rotating the low bits buys no extra budget.
 */
export function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

// Every anonymous call runs it: prepared, planned once per connection.
const countCallSql = prepared('ip-limit-count', `INSERT INTO ip_rate_counters AS c (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.window_start > now() - make_interval(secs => $2) THEN c.hits + 1 ELSE 1 END,
       window_start = CASE WHEN c.window_start > now() - make_interval(secs => $2) THEN c.window_start ELSE now() END
     RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS reset`);

/**
 * Counts one call; answers the seconds until the window ends when the group's budget is spent, 0 otherwise.
 * A window opens at the first call after the previous one ended and lasts ipLimitWindowSeconds.
 */
export async function countCall(q: Queryable, group: IpLimitGroup, ip: string): Promise<number> {
  const [row] = await q.query<{ hits: number; reset: number }>(countCallSql, [`${group}|${addressKey(ip)}`, ipLimitWindowSeconds]);
  return row && row.hits > ipLimits[group] ? Math.max(1, row.reset) : 0;
}

/** Deletes counters whose window ended long ago (the table holds one row per group and address seen). */
export async function purgeIpCounters(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM ip_rate_counters WHERE window_start < now() - interval '1 hour'`);
}

/** Counts the call in `group`; over budget, answers HTTP 429 with Retry-After and the translated message. */
export async function limitCall(db: Queryable, request: FastifyRequest, reply: FastifyReply, group: IpLimitGroup): Promise<void> {
  if (request.server.config.IP_RATE_LIMIT === 'off') return;
  const wait = await countCall(db, group, request.ip);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw fail('TOO_MANY_REQUESTS', { seconds: wait });
  }
}

/**
 * Limits every route declared in `scope` (and the scopes it registers): the group is the route's
 * `config.ipLimit`, `public` when unset; `false` exempts a route (signed gateway callbacks, development tools).
 */
export function limitAnonymous(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request, reply) => {
    const group = request.routeOptions.config.ipLimit ?? 'public';
    if (group === false) return;
    await limitCall(scope.db, request, reply, group);
  });
  scope.jobs.register(ipLimitSweepJob, async () => {
    await purgeIpCounters(scope.db);
    return { retryInSeconds: 3600 };
  });
  scope.addHook('onReady', async () => {
    await enqueue(scope.db, ipLimitSweepJob, {}, { dedupeKey: ipLimitSweepJob });
  });
}

/** Routes declared in `scope` fall in `group` unless they name one themselves. */
export function ipLimitGroup(scope: FastifyInstance, group: IpLimitGroup | false) {
  scope.addHook('onRoute', (route) => {
    route.config = { ipLimit: group, ...route.config };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Group of the per-address limit on anonymous calls (plugins/ip-limit.ts); false: not limited. */
    ipLimit?: IpLimitGroup | false;
  }
}
