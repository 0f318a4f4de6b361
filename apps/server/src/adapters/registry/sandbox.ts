import { randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { addYears, classifyLabel, expiryAfterTransfer, makeAuthCode, phaseAt, renewFault, transferDueAt, transferFault } from '@cc/domain/registrar';
import { enqueue } from '../../services/jobs/queue.ts';
import type { JobKind } from '../../services/jobs/kinds.ts';
import { transferProhibited, type CheckResult, type Registry, type RegistryDomain, type RegistryResult, type RegistryTransfer } from './registry.ts';

/** Registry-side events over time: a pending transfer is settled at its act-by time (and, for another registrar's side, when it acts). */
export const registryTransferJob = 'registry.transfer' satisfies JobKind;

/** The other registrar of the sandbox: holds the well-known names, and is the far side of transfers. */
export const otherRegistrar = 'sandbox-other';

export interface SandboxRegistry extends Registry {
  /**
   * Settles a pending transfer whose act-by time has passed (serverApproved); answers the transfer, settled or not.
   * The job registry.transfer calls it when due.
   */
  settleDue(q: Queryable, transferId: number): Promise<RegistryTransfer | null>;
  /** Another registrar's side of the sandbox: it approves a transfer away from it at once (what registrars mostly do). */
  otherRegistrarActs(q: Queryable, transferId: number): Promise<RegistryTransfer | null>;
  /** Sandbox only: a name held at another registrar, with its auth code (for transfer-in tries). */
  plantElsewhere(q: Queryable, name: string, opts?: { createdAt?: Date; years?: number }): Promise<RegistryDomain>;
  /** Sandbox only: another registrar asks for a name this registrar holds, with its auth code (a transfer out). */
  requestFromElsewhere(q: Queryable, name: string, authCode: string): Promise<RegistryResult<{ transfer: RegistryTransfer }>>;
}

type DomainRow = {
  name: string; registrar: string; created_at: Date | string; expires_at: Date | string; last_transfer_at: Date | string | null;
  auth_code: string; statuses: string[]; nameservers: string[];
};
type TransferRow = { id: number; name: string; gaining: string; losing: string; status: RegistryTransfer['status']; requested_at: Date | string; act_by: Date | string; settled_at: Date | string | null };

const date = (v: Date | string) => new Date(v);
const toTransfer = (r: TransferRow): RegistryTransfer => ({
  id: Number(r.id), name: r.name, gaining: r.gaining, losing: r.losing, status: r.status,
  requestedAt: date(r.requested_at), actBy: date(r.act_by), settledAt: r.settled_at ? date(r.settled_at) : null,
});
const transferCols = 'id, name, gaining, losing, status, requested_at, act_by, settled_at';
const domainCols = 'name, registrar, created_at, expires_at, last_transfer_at, auth_code, statuses, nameservers';

/**
 * The built-in registry: its records are rows of registry_domains and registry_transfers, its rules the pure
 * functions of packages/domain registrar.ts, its clock injected. A name past its pending-delete period is released
 * (the row is removed when someone registers it again).
 */
export function createSandboxRegistry(opts: { registrarId: string; clock: () => Date }): SandboxRegistry {
  const { registrarId, clock } = opts;
  const newAuthCode = () => makeAuthCode(randomBytes(16));

  async function row(q: Queryable, name: string, lock = false): Promise<DomainRow | undefined> {
    const [r] = await q.query<DomainRow>(`SELECT ${domainCols} FROM registry_domains WHERE name = $1${lock ? ' FOR UPDATE' : ''}`, [name]);
    if (r && phaseAt(date(r.expires_at), clock()) === 'released') {
      await q.query(`DELETE FROM registry_domains WHERE name = $1 AND expires_at = $2`, [name, r.expires_at]);
      return undefined;
    }
    return r;
  }
  async function pendingOf(q: Queryable, name: string): Promise<RegistryTransfer | null> {
    const [t] = await q.query<TransferRow>(`SELECT ${transferCols} FROM registry_transfers WHERE name = $1 AND status = 'pending'`, [name]);
    return t ? toTransfer(t) : null;
  }
  async function toDomain(q: Queryable, r: DomainRow): Promise<RegistryDomain> {
    return {
      name: r.name, registrar: r.registrar, createdAt: date(r.created_at), expiresAt: date(r.expires_at),
      lastTransferAt: r.last_transfer_at ? date(r.last_transfer_at) : null, authCode: r.auth_code,
      statuses: r.statuses, nameservers: r.nameservers, pendingTransfer: await pendingOf(q, r.name),
    };
  }

  async function request(q: Queryable, name: string, authCode: string, gaining: string): Promise<RegistryResult<{ transfer: RegistryTransfer }>> {
    const r = await row(q, name, true);
    if (!r) return { ok: false, reason: 'notFound' };
    const now = clock();
    const fault = transferFault(
      {
        locked: r.statuses.includes(transferProhibited), createdAt: date(r.created_at), lastTransferAt: r.last_transfer_at ? date(r.last_transfer_at) : null,
        expiresAt: date(r.expires_at), authCode: r.auth_code, pending: (await pendingOf(q, name)) !== null, registrar: r.registrar,
      },
      { authCode, registrar: gaining, now },
    );
    if (fault) return { ok: false, reason: fault };
    const [t] = await q.query<TransferRow>(
      `INSERT INTO registry_transfers (name, gaining, losing, requested_at, act_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${transferCols}`,
      [name, gaining, r.registrar, now, transferDueAt(now)],
    );
    const transfer = toTransfer(t!);
    // Due when the registry's clock reaches the act-by time (the job's handler asks that clock again).
    const delaySeconds = Math.max(0, Math.ceil((transfer.actBy.getTime() - now.getTime()) / 1000));
    await enqueue(q, registryTransferJob, { transferId: transfer.id, act: 'settle' }, { delaySeconds });
    if (r.registrar === otherRegistrar) await enqueue(q, registryTransferJob, { transferId: transfer.id, act: 'otherRegistrar' });
    return { ok: true, transfer };
  }

  /** Moves a pending transfer to its end; approval moves the name to the gaining registrar with a year added and a new auth code. */
  async function settle(q: Queryable, transferId: number, status: 'clientApproved' | 'clientRejected' | 'serverApproved', asLosing: string | null): Promise<RegistryResult<{ transfer: RegistryTransfer }>> {
    const [t] = await q.query<TransferRow>(`SELECT ${transferCols} FROM registry_transfers WHERE id = $1 FOR UPDATE`, [transferId]);
    if (!t) return { ok: false, reason: 'notFound' };
    if (asLosing !== null && t.losing !== asLosing) return { ok: false, reason: 'notSponsor' };
    if (t.status !== 'pending') return { ok: false, reason: 'notPending' };
    const now = clock();
    if (status !== 'clientRejected') {
      const r = await row(q, t.name, true);
      if (!r) {
        await q.query(`UPDATE registry_transfers SET status = 'cancelled', settled_at = $2 WHERE id = $1`, [transferId, now]);
      } else {
        await q.query(
          `UPDATE registry_domains SET registrar = $2, expires_at = $3, last_transfer_at = $4, auth_code = $5, statuses = '[]'::jsonb, updated_at = $4 WHERE name = $1`,
          [t.name, t.gaining, expiryAfterTransfer(date(r.expires_at), now), now, newAuthCode()],
        );
      }
    }
    const [done] = await q.query<TransferRow>(
      `UPDATE registry_transfers SET status = CASE WHEN status = 'cancelled' THEN status ELSE $2 END, settled_at = $3 WHERE id = $1 RETURNING ${transferCols}`,
      [transferId, status, now],
    );
    return { ok: true, transfer: toTransfer(done!) };
  }

  return {
    registrarId,

    async check(q, names) {
      const asked = names.map((n) => n.ascii);
      const rows = await q.query<{ name: string; expires_at: Date | string }>(`SELECT name, expires_at FROM registry_domains WHERE name = ANY($1::text[])`, [asked]);
      const now = clock();
      const held = new Set(rows.filter((r) => phaseAt(date(r.expires_at), now) !== 'released').map((r) => r.name));
      return names.map((n): CheckResult => {
        const cls = classifyLabel(n.label, n.labelUnicode);
        if (cls === 'reserved') return { name: n.ascii, available: false, reason: 'reserved', premium: false };
        if (held.has(n.ascii) || cls === 'heldElsewhere') return { name: n.ascii, available: false, reason: 'registered', premium: cls === 'premium' };
        return { name: n.ascii, available: true, reason: null, premium: cls === 'premium' };
      });
    },

    async create(q, d) {
      const label = d.name.split('.')[0]!;
      const cls = classifyLabel(label);
      if (cls === 'reserved') return { ok: false, reason: 'reserved' };
      if (cls === 'heldElsewhere') return { ok: false, reason: 'taken' };
      if (await row(q, d.name)) return { ok: false, reason: 'taken' };
      const now = clock();
      // The primary key decides a race between two registrars (or two orders): the second insert does nothing.
      const [r] = await q.query<DomainRow>(
        `INSERT INTO registry_domains (name, registrar, created_at, expires_at, auth_code, statuses, nameservers, contacts, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $3) ON CONFLICT (name) DO NOTHING RETURNING ${domainCols}`,
        [d.name, registrarId, now, addYears(now, d.years), newAuthCode(), JSON.stringify(d.locked ? [transferProhibited] : []), JSON.stringify(d.nameservers), JSON.stringify(d.contacts)],
      );
      if (!r) return { ok: false, reason: 'taken' };
      return { ok: true, domain: await toDomain(q, r) };
    },

    async renew(q, d) {
      const r = await row(q, d.name, true);
      if (!r) return { ok: false, reason: 'notFound' };
      if (r.registrar !== registrarId) return { ok: false, reason: 'notSponsor' };
      const expiresAt = date(r.expires_at);
      if (expiresAt.getTime() !== d.currentExpiry.getTime()) return { ok: false, reason: 'expiryMismatch' };
      const fault = renewFault(expiresAt, d.years, clock());
      if (fault) return { ok: false, reason: fault };
      const next = addYears(expiresAt, d.years);
      await q.query(`UPDATE registry_domains SET expires_at = $2, updated_at = $3 WHERE name = $1`, [d.name, next, clock()]);
      return { ok: true, expiresAt: next };
    },

    transferRequest: (q, d) => request(q, d.name, d.authCode, registrarId),
    transferApprove: (q, id) => settle(q, id, 'clientApproved', registrarId),
    transferReject: (q, id) => settle(q, id, 'clientRejected', registrarId),
    async transferCancel(q, id) {
      const [t] = await q.query<TransferRow>(
        `UPDATE registry_transfers SET status = 'cancelled', settled_at = $3 WHERE id = $1 AND gaining = $2 AND status = 'pending' RETURNING ${transferCols}`,
        [id, registrarId, clock()],
      );
      return t ? { ok: true, transfer: toTransfer(t) } : { ok: false, reason: 'notPending' };
    },
    async transferQuery(q, id) {
      const [t] = await q.query<TransferRow>(`SELECT ${transferCols} FROM registry_transfers WHERE id = $1`, [id]);
      return t ? toTransfer(t) : null;
    },

    async update(q, name, change) {
      const r = await row(q, name, true);
      if (!r) return { ok: false, reason: 'notFound' };
      if (r.registrar !== registrarId) return { ok: false, reason: 'notSponsor' };
      const statuses = new Set(r.statuses);
      for (const s of change.add ?? []) statuses.add(s);
      for (const s of change.remove ?? []) statuses.delete(s);
      const [u] = await q.query<DomainRow>(
        `UPDATE registry_domains SET statuses = $2::jsonb, nameservers = coalesce($3::jsonb, nameservers), contacts = coalesce($4::jsonb, contacts),
                auth_code = coalesce($5, auth_code), updated_at = $6 WHERE name = $1 RETURNING ${domainCols}`,
        [name, JSON.stringify([...statuses]), change.nameservers ? JSON.stringify(change.nameservers) : null, change.contacts ? JSON.stringify(change.contacts) : null, change.authCode ?? null, clock()],
      );
      return { ok: true, domain: await toDomain(q, u!) };
    },

    async info(q, name, authCode) {
      const r = await row(q, name);
      if (!r) return null;
      if (r.registrar !== registrarId && r.auth_code !== authCode) return null;
      return toDomain(q, r);
    },

    async delete(q, name) {
      const r = await row(q, name, true);
      if (!r) return { ok: false, reason: 'notFound' };
      if (r.registrar !== registrarId) return { ok: false, reason: 'notSponsor' };
      await q.query(`DELETE FROM registry_domains WHERE name = $1`, [name]);
      return { ok: true };
    },

    async settleDue(q, transferId) {
      const t = await this.transferQuery(q, transferId);
      if (!t || t.status !== 'pending') return t;
      if (clock().getTime() < t.actBy.getTime()) return t;
      const r = await settle(q, transferId, 'serverApproved', null);
      return r.ok ? r.transfer : this.transferQuery(q, transferId);
    },

    async otherRegistrarActs(q, transferId) {
      const t = await this.transferQuery(q, transferId);
      if (!t || t.status !== 'pending' || t.losing !== otherRegistrar) return t;
      const r = await settle(q, transferId, 'clientApproved', otherRegistrar);
      return r.ok ? r.transfer : this.transferQuery(q, transferId);
    },

    async plantElsewhere(q, name, o = {}) {
      const now = clock();
      const createdAt = o.createdAt ?? addYears(now, -1);
      const [r] = await q.query<DomainRow>(
        `INSERT INTO registry_domains (name, registrar, created_at, expires_at, auth_code, updated_at) VALUES ($1, $2, $3, $4, $5, $3)
         ON CONFLICT (name) DO UPDATE SET updated_at = excluded.updated_at RETURNING ${domainCols}`,
        [name, otherRegistrar, createdAt, addYears(createdAt, o.years ?? 2), newAuthCode()],
      );
      return toDomain(q, r!);
    },

    requestFromElsewhere: (q, name, authCode) => request(q, name, authCode, otherRegistrar),
  };
}
