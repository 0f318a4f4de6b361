import { z } from 'zod';
import { informTypes } from '@cc/contracts/account';

const none = z.object({});
const orderRef = z.object({ orderId: z.number().int().positive() });
const byId = z.object({ id: z.string().min(1) });

/**
 * Every job kind and the payload it carries: the one place a kind is spelled and its payload described.
 * `enqueue` and `app.jobs.register` are typed by it, and a handler receives its payload parsed by the schema,
 * so a row the handler cannot read (written by another release, say) fails its job with the reason instead of
 * running on undefined fields.
 */
export const jobPayloads = {
  'jobs.retention': none,
  'ip-limit.sweep': none,
  'orders.sweep': none,
  'renewal.daily': none,
  'dcv.start': orderRef,
  'dcv.check': orderRef,
  'issue.order': orderRef,
  /** DCV autopilot: publish and remove the validation records one hosted zone is asked for, in one change (services/dns/dcv-autopilot.ts). */
  'dns.dcvSync': z.object({ zoneId: z.number().int().positive() }),
  'resign.apply': orderRef,
  'acme.prepare': orderRef,
  'renewal.reissue': orderRef,
  /** Queued by the payments area in the paying transaction; the orders area starts validation or applies the re-sign. */
  'orders.paid': z.object({
    orderIds: z.array(z.number().int().positive()),
    orderNos: z.array(z.string()),
    aim: z.enum(['makeOrder', 'reSign']),
    payWay: z.string(),
    ref: z.string(),
  }),
  'payment.expire': byId,
  'payment.batchPay': z.object({ queueId: z.string().min(1) }),
  'payment.notify': byId,
  'sandbox.expire': byId,
  'tls.report': byId,
  /** One discovery profile's scans (services/discovery/scanner.ts): recurring, re-queued by its own outcome. */
  'discovery.scan': z.object({ profileId: z.number().int().positive() }),
  /** The CT monitor (services/ct/monitor.ts): new log entries checked against every account's names; queued by each submission. */
  'ct.monitor': none,
  /** The sandbox verifier's signed callback for one decided verification, retried until delivered. */
  'verification.notify': byId,
  /**
   * One notification event of /account/notify for one account, queued in the transaction that made it happen; the
   * handler reads the account's settings when it runs, so a channel switched off meanwhile sends nothing.
   */
  'inform.send': z.object({
    accountId: z.number().int().positive(),
    informType: z.enum(informTypes),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  /** Registry-side events over time (adapters/registry/sandbox.ts): a pending transfer settled when due, or the other registrar acting. */
  'registry.transfer': z.object({ transferId: z.number().int().positive(), act: z.enum(['settle', 'otherRegistrar']) }),
  /** Domain orders a crash may have left paid: registration or transfer request completed (each idempotent). */
  'domains.complete': z.object({ orderNos: z.array(z.string()) }),
  /** One slice of a domain batch (ownership, nameservers, group, remark). */
  'domains.batch': z.object({ batchId: z.string().min(1) }),
  /** Daily domain expiry reminders. */
  'domains.daily': none,
  /** The balance may have crossed the account's low-balance amount (either way): decides and queues inform.send. */
  'inform.balance': z.object({ accountId: z.number().int().positive() }),
} as const satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type JobKind = keyof typeof jobPayloads;

/**
 * Kinds whose payload stands for goods the customer has paid for and not yet received: a job of one of these that
 * fails for the last time must settle (refund through the ledger and tell the customer, or hand the goods to a job
 * that does), so no paid order is left without its goods. Each registers its settlement with its handler
 * (plugins/jobs.ts); the server does not start while one has none.
 */
export const paidGoodsKinds = [
  'orders.paid', 'dcv.start', 'issue.order', 'resign.apply', 'payment.batchPay', 'domains.complete', 'registry.transfer',
] as const satisfies readonly JobKind[];
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloads)[K]>;

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(jobPayloads, kind);
}

/** A payload read back from the queue, checked against its kind's schema (throws, failing the job, when it does not fit). */
export function parseJobPayload<K extends JobKind>(kind: K, payload: unknown): JobPayload<K> {
  return jobPayloads[kind].parse(payload) as JobPayload<K>;
}
