import type { ErrorName } from '@cc/contracts/errors';
import type { PaymentsMessageKey } from '@cc/contracts/payments-messages';
import { RuleError, said } from '../purchase/rule-error.ts';

/** A refusal of a payment call, with its precise message (and the field it concerns, when there is one). */
export function payRefusal(name: ErrorName, key: PaymentsMessageKey, params?: Record<string, string | number>, field?: string): RuleError {
  const s = said(key, params);
  return new RuleError(name, s, field ? { [field]: s } : {});
}

/** The balance would go below zero. The database's CHECK (balance >= 0) is what decides; this is its business face. */
export class InsufficientBalanceError extends RuleError {
  constructor() {
    super('INSUFFICIENT_BALANCE', said('pay.balance.insufficient'));
  }
}

/** The same ledger entry (kind, ref) was already written: the payment it stands for was applied before. */
export class AlreadyAppliedError extends Error {
  constructor(readonly kind: string, readonly ref: string) {
    super(`ledger entry ${kind}/${ref} already exists`);
  }
}

/** A PostgreSQL error's SQLSTATE and constraint, from pg or PGlite alike. */
export function pgErrorOf(e: unknown): { code?: string; constraint?: string } {
  if (typeof e !== 'object' || e === null) return {};
  const { code, constraint } = e as { code?: unknown; constraint?: unknown };
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof constraint === 'string' ? { constraint } : {}) };
}
