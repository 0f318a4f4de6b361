import { z } from 'zod';
import { id, int, requiredText } from './input.ts';

/**
 * The ACME server for paid certificates (RFC 8555; issue 19): External Account Binding keys made on /account/developer
 * bind a customer's ACME client to the account. Messages are keys of acme-messages.ts.
 */

/** EAB keys an account may hold at once (revoked ones do not count). */
export const eabKeyLimit = 20;

const name = requiredText(50, 'acme.v.name').describe('what the key is for, 1-50 characters');
const productNos = z
  .array(requiredText(40, 'acme.v.products'), { message: 'acme.v.products' })
  .max(50, { message: 'acme.v.products' })
  .default([])
  .describe('products the key may order; empty: every product');
const spendLimit = int(0, 1e13, { type: 'acme.v.spendLimit', range: 'acme.v.spendLimit' })
  .nullable()
  .default(null)
  .describe('cents the orders through this key may cost in all; null: no limit');

export const eabKeyCreateBody = z.object({
  name,
  productNos,
  spendLimit,
  orgId: id('acme.v.org').nullable().default(null).describe('the verified company OV and EV orders through this key are for'),
});
export type EabKeyCreateBody = z.input<typeof eabKeyCreateBody>;

export const eabKeyIdParams = z.object({ id: id('acme.v.id') });

export const eabKey = z.object({
  id: z.number().int(),
  kid: z.string().describe('the key identifier the ACME client sends (--eab-kid)'),
  name: z.string(),
  productNos: z.array(z.string()),
  spendLimit: z.number().nullable().describe('cents; null: no limit'),
  spent: z.number().describe('cents the orders through this key cost so far (cancelled ones not counted)'),
  orgId: z.number().nullable(),
  orgName: z.string(),
  accounts: z.number().int().describe('ACME accounts registered with this key'),
  createdAt: z.string(),
  lastUsedAt: z.string().describe('when an ACME account was last registered with it; empty if never'),
});
export type EabKey = z.infer<typeof eabKey>;

export const eabKeysAnswer = z.object({
  limit: z.number().int(),
  directoryBase: z.string().describe('the ACME directory of a product is {directoryBase}/{productNo}/directory'),
  keys: z.array(eabKey).describe('keys in use, newest first'),
});
export type EabKeysAnswer = z.infer<typeof eabKeysAnswer>;

export const eabKeySecretAnswer = z.object({
  key: eabKey,
  hmacKey: z.string().describe('base64url HMAC key (--eab-hmac-key); shown this once'),
});
export type EabKeySecretAnswer = z.infer<typeof eabKeySecretAnswer>;

/** ACME payloads (RFC 8555 §7): the parts the server reads, checked as every input is. */
const identifier = z.object({ type: z.string(), value: z.string().max(253) });
export const acmeNewOrderPayload = z.object({
  identifiers: z.array(identifier).min(1).max(100),
  notBefore: z.string().optional(),
  notAfter: z.string().optional(),
  replaces: z.string().max(300).optional(),
  profile: z.string().max(100).optional().describe('draft-ietf-acme-profiles: one of the directory\'s meta.profiles'),
});
export const acmeNewAccountPayload = z.object({
  contact: z.array(z.string().max(300)).max(10).optional(),
  termsOfServiceAgreed: z.boolean().optional(),
  onlyReturnExisting: z.boolean().optional(),
  externalAccountBinding: z.object({ protected: z.string(), payload: z.string(), signature: z.string() }).optional(),
});
export const acmeAccountUpdatePayload = z.object({ status: z.literal('deactivated').optional(), contact: z.array(z.string().max(300)).max(10).optional() });
export const acmeFinalizePayload = z.object({ csr: z.string().min(1).max(20000) });
export const acmeRevokePayload = z.object({ certificate: z.string().min(1).max(20000), reason: z.number().int().min(0).max(10).optional() });
export const acmeJws = z.object({ protected: z.string().max(10000), payload: z.string().max(100000), signature: z.string().max(2000) });
