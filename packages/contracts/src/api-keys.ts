import { z } from 'zod';
import { id, requiredText } from './input.ts';

/**
 * Developer access (document 02 §2 /account/developer, §7 GET /v1/apiKey): an account that agreed to the developer
 * terms holds API keys. A key acts for its account on every call of the API reference (/docs) its scope allows,
 * sent as `Authorization: Bearer <key>` (or in the `token` header, as a session token is). Messages are keys of
 * api-keys-messages.ts.
 */

/** What a key may call, from least to most: GET calls; those plus ordering, validation and payment; everything a key may call. */
export const apiKeyScopes = ['read', 'orders', 'full'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Every key starts with this; session tokens never do (and are shorter), so the server tells them apart by the text alone. */
export const apiKeyPrefix = 'chk_';
/** chk_ + 43 characters of base64url (32 random bytes). */
export const apiKeyLength = apiKeyPrefix.length + 43;
/** How many characters of a key are kept and shown to recognise it (chk_ and 8 more). */
export const apiKeyShownLength = apiKeyPrefix.length + 8;
/** Keys an account may hold at once (revoked ones do not count). */
export const apiKeyLimit = 20;

export const isApiKeyText = (token: string) => token.length === apiKeyLength && token.startsWith(apiKeyPrefix);

const scope = z.enum(apiKeyScopes, { message: 'apiKey.v.scope' }).describe('read: GET calls only; orders: read + ordering, validation and payment; full: every call a key may make');
const name = requiredText(50, 'apiKey.v.name').describe('what the key is for, 1-50 characters');

export const developerBody = z.object({
  agree: z.literal(true, { message: 'apiKey.v.agree' }).describe('true: the account agrees to the developer terms'),
});
export type DeveloperBody = z.input<typeof developerBody>;

export const apiKeyCreateBody = z.object({ name, scope });
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

export const apiKeyUpdateBody = z
  .object({ name: name.optional(), scope: scope.optional() })
  .refine((v) => v.name !== undefined || v.scope !== undefined, { message: 'apiKey.v.nothing', path: ['name'] });
export type ApiKeyUpdateBody = z.input<typeof apiKeyUpdateBody>;

export const apiKeyIdParams = z.object({ id: id('apiKey.v.id') });

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(apiKeyScopes),
  prefix: z.string().describe('the first characters of the key, to recognise it'),
  createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss, China Standard Time'),
  rotatedAt: z.string().describe('when the secret was last replaced; empty if never'),
  lastUsedAt: z.string().describe('to the minute: written at most once a minute; empty if never used'),
  lastUsedIp: z.string(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeysAnswer = z.object({
  developer: z.boolean().describe('whether the account agreed to the developer terms'),
  developerSince: z.string().describe('when it agreed; empty if it has not'),
  limit: z.number().int().describe('keys the account may hold at once'),
  keys: z.array(apiKey).describe('the keys in use, newest first (revoked keys are gone)'),
});
export type ApiKeysAnswer = z.infer<typeof apiKeysAnswer>;

export const apiKeySecretAnswer = z.object({
  key: apiKey,
  secret: z.string().describe('the whole key: shown this once, never again (only its hash is kept)'),
});
export type ApiKeySecretAnswer = z.infer<typeof apiKeySecretAnswer>;
