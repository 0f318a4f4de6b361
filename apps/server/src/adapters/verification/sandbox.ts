import type { JobKind } from '../../services/jobs/kinds.ts';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '@cc/db/client';
import { verificationCallback } from '@cc/contracts/real-name';
import { depositMaxCents, depositMinCents, maskIdCard } from '@cc/domain/real-name';
import { safeEqual } from '../../lib/crypto.ts';
import { enqueue } from '../../services/jobs/queue.ts';
import type { VerificationEvent, VerificationRequest, VerificationSubmitted, Verifier, VerifiedVerificationCallback } from './verifier.ts';

/**
 * The built-in verifying party, like the payment sandbox (adapters/payment/sandbox.ts): it keeps its own book
 * (sandbox_verifications), "pays" enterprises a random small deposit, shows a hosted review page (/verify/test, over
 * the public API in routes/account/verification-sandbox.ts) where a reviewer approves or declines, and tells the
 * server only by HMAC-signed callbacks over HTTP, delivered by durable jobs with back-off.
 */

export const verificationSignatureHeader = 'x-verifier-signature';
export const verificationTimestampHeader = 'x-verifier-timestamp';
export const verificationCallbackWindowSeconds = 300;
export const verificationNotifyJob = 'verification.notify' satisfies JobKind;

/** Its own key, derived from the payment sandbox's secret: one secret to configure, two keys that never sign for each other. */
export const verifierKey = (paymentSandboxSecret: Buffer) => createHmac('sha256', paymentSandboxSecret).update('real-name verifier callbacks v1').digest();
export const signVerificationCallback = (key: Buffer, timestamp: number, rawBody: string) => createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex');

export type SandboxVerificationRow = {
  id: string;
  merchant_ref: string;
  kind: 'personal' | 'enterprise';
  subject: Record<string, string>;
  deposit_cents: number | null;
  deposit_confirmed: boolean;
  status: 'pending' | 'approved' | 'declined';
  reason: string;
};

export type SandboxReviewAction = { ok: true; row: SandboxVerificationRow } | { ok: false; reason: 'not_found' | 'finished' | 'awaiting_deposit'; status?: string };

export interface SandboxVerifier extends Verifier {
  find(id: string): Promise<SandboxVerificationRow | undefined>;
  decide(id: string, to: 'approved' | 'declined', reason: string): Promise<SandboxReviewAction>;
  /** Sends the signed callback of a decided review to `baseUrl` (the verification.notify job); throws to be retried. */
  deliver(id: string, baseUrl: string): Promise<void>;
}

const columns = 'id, merchant_ref, kind, subject, deposit_cents, deposit_confirmed, status, reason';
const maskAccount = (v: string) => (v.length > 4 ? `****${v.slice(-4)}` : v);

export function createSandboxVerifier(deps: { db: Db; key: Buffer; fetch?: typeof fetch }): SandboxVerifier {
  const { db, key } = deps;

  async function find(id: string): Promise<SandboxVerificationRow | undefined> {
    const [row] = await db.query<SandboxVerificationRow>(`SELECT ${columns} FROM sandbox_verifications WHERE id = $1`, [id]);
    if (row && typeof row.subject === 'string') row.subject = JSON.parse(row.subject) as Record<string, string>;
    return row;
  }

  return {
    name: 'sandbox',

    async submit(input: VerificationRequest): Promise<VerificationSubmitted> {
      const id = `rv_${randomBytes(18).toString('base64url')}`;
      const s = input.subject;
      // What a reviewer sees: never a full identity or account number, as a provider's console would show it.
      const subject: Record<string, string> =
        input.kind === 'personal'
          ? { name: s.name, idNumber: maskIdCard(s.idNumber) }
          : { orgName: s.orgName ?? '', socialCode: maskIdCard(s.idNumber), legalName: s.name, openAccount: s.openAccount ?? '', bankAccount: maskAccount(s.bankAccount ?? '') };
      const deposit = input.kind === 'enterprise' ? randomInt(depositMinCents, depositMaxCents + 1) : null;
      await db.query(`INSERT INTO sandbox_verifications (id, merchant_ref, kind, subject, deposit_cents) VALUES ($1, $2, $3, $4, $5)`, [
        id, input.merchantRef, input.kind, JSON.stringify(subject), deposit,
      ]);
      return { providerRef: id, reviewUrl: `${input.origin}/verify/test?id=${id}` };
    },

    async checkDeposit(providerRef, cents) {
      const row = await find(providerRef);
      if (!row || row.deposit_cents === null) return 'unknown';
      if (row.deposit_cents !== cents) return 'wrong';
      await db.query(`UPDATE sandbox_verifications SET deposit_confirmed = true WHERE id = $1`, [providerRef]);
      return 'matched';
    },

    verifyCallback(headers, rawBody, now = new Date()): VerifiedVerificationCallback {
      const sig = headers[verificationSignatureHeader];
      const ts = headers[verificationTimestampHeader];
      if (typeof sig !== 'string' || typeof ts !== 'string' || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'bad_signature' };
      if (!safeEqual(sig, signVerificationCallback(key, Number(ts), rawBody))) return { ok: false, reason: 'bad_signature' };
      if (Math.abs(now.getTime() / 1000 - Number(ts)) > verificationCallbackWindowSeconds) return { ok: false, reason: 'stale_timestamp' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const body = verificationCallback.safeParse(parsed);
      if (!body.success) return { ok: false, reason: 'malformed' };
      const b = body.data;
      const event: VerificationEvent = { eventId: b.eventId, providerRef: b.reviewId, merchantRef: b.merchantRef, status: b.status, reason: b.reason };
      return { ok: true, event };
    },

    find,

    async decide(id, to, reason) {
      const row = await db.tx(async (q) => {
        const [done] = await q.query<SandboxVerificationRow>(
          `UPDATE sandbox_verifications SET status = $2, reason = $3, finished_at = now()
            WHERE id = $1 AND status = 'pending' AND (kind = 'personal' OR deposit_confirmed OR $2 = 'declined') RETURNING ${columns}`,
          [id, to, reason],
        );
        if (done) await enqueue(q, verificationNotifyJob, { id }, { dedupeKey: `${id}:${to}`, maxAttempts: 12 });
        return done;
      });
      if (row) return { ok: true, row };
      const now = await find(id);
      if (!now) return { ok: false, reason: 'not_found' };
      if (now.status !== 'pending') return { ok: false, reason: 'finished', status: now.status };
      return { ok: false, reason: 'awaiting_deposit' };
    },

    async deliver(id, baseUrl) {
      const row = await find(id);
      if (!row || row.status === 'pending') return;
      const body = JSON.stringify({
        eventId: `${row.id}:${row.status}`, reviewId: row.id, merchantRef: row.merchant_ref, status: row.status, reason: row.reason, occurredAt: Math.floor(Date.now() / 1000),
      });
      const ts = Math.floor(Date.now() / 1000);
      const res = await (deps.fetch ?? fetch)(`${baseUrl}/verification-callbacks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [verificationSignatureHeader]: signVerificationCallback(key, ts, body), [verificationTimestampHeader]: String(ts) },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`verification callback answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
