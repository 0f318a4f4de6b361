import type { Queryable } from '@cc/db/client';
import type { TransferFault } from '@cc/domain/registrar';

/**
 * What the registrar side needs of a domain registry, shaped like EPP (RFC 5730-5734): check, create, renew,
 * transfer (request, approve, reject, query), update, info, delete. The built-in sandbox (sandbox.ts) is the default;
 * a real registrar's API is another implementation of this interface.
 *
 * Every call takes the caller's queryable: the sandbox keeps its records in this database, so its change commits
 * with the registrar's own (a remote registry ignores it and is called outside transactions).
 */
export interface RegistryContacts {
  registrant?: number | null;
  admin?: number | null;
  tech?: number | null;
  billing?: number | null;
}

export interface RegistryDomain {
  name: string;
  registrar: string;
  createdAt: Date;
  expiresAt: Date;
  lastTransferAt: Date | null;
  authCode: string;
  statuses: string[];
  nameservers: string[];
  /** A transfer waiting at the registry, if any. */
  pendingTransfer: RegistryTransfer | null;
}

export interface RegistryTransfer {
  id: number;
  name: string;
  gaining: string;
  losing: string;
  status: 'pending' | 'clientApproved' | 'clientRejected' | 'serverApproved' | 'cancelled';
  requestedAt: Date;
  actBy: Date;
  settledAt: Date | null;
}

export type CheckReason = 'registered' | 'reserved';
export interface CheckResult {
  name: string;
  available: boolean;
  reason: CheckReason | null;
  premium: boolean;
}

export type RegistryRefusal =
  | { ok: false; reason: 'taken' | 'reserved' | 'notFound' | 'notSponsor' | 'cap' | 'period' | 'pendingDelete' | 'released' | 'expiryMismatch' | 'notPending' }
  | { ok: false; reason: TransferFault };

export type RegistryResult<T> = ({ ok: true } & T) | RegistryRefusal;

/** EPP client statuses this product sets. */
export const transferProhibited = 'clientTransferProhibited';

export interface Registry {
  /** This registrar's id at the registry. */
  readonly registrarId: string;
  check(q: Queryable, names: { ascii: string; label: string; labelUnicode: string }[]): Promise<CheckResult[]>;
  create(q: Queryable, d: { name: string; years: number; nameservers: string[]; contacts: RegistryContacts; locked: boolean }): Promise<RegistryResult<{ domain: RegistryDomain }>>;
  /** `currentExpiry` guards against renewing twice (RFC 5731 curExpDate). */
  renew(q: Queryable, d: { name: string; years: number; currentExpiry: Date }): Promise<RegistryResult<{ expiresAt: Date }>>;
  transferRequest(q: Queryable, d: { name: string; authCode: string }): Promise<RegistryResult<{ transfer: RegistryTransfer }>>;
  /** As the losing registrar. */
  transferApprove(q: Queryable, transferId: number): Promise<RegistryResult<{ transfer: RegistryTransfer }>>;
  transferReject(q: Queryable, transferId: number): Promise<RegistryResult<{ transfer: RegistryTransfer }>>;
  /** As the gaining registrar: withdraws a request still pending (EPP transfer op="cancel"). */
  transferCancel(q: Queryable, transferId: number): Promise<RegistryResult<{ transfer: RegistryTransfer }>>;
  transferQuery(q: Queryable, transferId: number): Promise<RegistryTransfer | null>;
  update(q: Queryable, name: string, change: { nameservers?: string[]; contacts?: RegistryContacts; add?: string[]; remove?: string[]; authCode?: string }): Promise<RegistryResult<{ domain: RegistryDomain }>>;
  /** Full information only to the sponsor or with the auth code (RFC 5731 authInfo). */
  info(q: Queryable, name: string, authCode?: string): Promise<RegistryDomain | null>;
  delete(q: Queryable, name: string): Promise<RegistryResult<object>>;
}
