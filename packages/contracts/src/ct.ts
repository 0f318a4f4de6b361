import { z } from 'zod';
import { int, text } from './input.ts';

/**
 * Certificate Transparency (RFC 6962): the built-in log's calls under /ct/v1/ (public, answered in RFC 6962's JSON
 * without the envelope, as every CT client expects) and the account's CT lookup of /certhub/discovery/log.
 * Messages are keys of discovery-messages.ts.
 */

/** Certificates one add-chain may carry (leaf, intermediates, root). */
export const ctChainMax = 10;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const der = text(20_000, 'ct.v.chain').regex(base64, { message: 'ct.v.chain' });

export const addChainBody = z.object({
  chain: z.array(der, { message: 'ct.v.chain' }).min(1, { message: 'ct.v.chain' }).max(ctChainMax, { message: 'ct.v.chain' }).describe('base64 DER certificates, leaf first'),
});

export const getEntriesQuery = z.object({
  start: int(0, 2_000_000_000, { type: 'ct.v.range', range: 'ct.v.range' }),
  end: int(0, 2_000_000_000, { type: 'ct.v.range', range: 'ct.v.range' }),
});

export const proofByHashQuery = z.object({
  hash: text(100, 'ct.v.hash').regex(/^[A-Za-z0-9+/]{43}=$/, { message: 'ct.v.hash' }).describe('base64 leaf hash'),
  tree_size: int(1, 2_000_000_000, { type: 'ct.v.range', range: 'ct.v.range' }),
});

export const consistencyQuery = z.object({
  first: int(0, 2_000_000_000, { type: 'ct.v.range', range: 'ct.v.range' }),
  second: int(1, 2_000_000_000, { type: 'ct.v.range', range: 'ct.v.range' }),
});

export const sct = z.object({ sct_version: z.number().int(), id: z.string(), timestamp: z.number().int(), extensions: z.string(), signature: z.string() });
export const ctSth = z.object({ tree_size: z.number().int(), timestamp: z.number().int(), sha256_root_hash: z.string(), tree_head_signature: z.string() });
export type CtSth = z.infer<typeof ctSth>;
export const entriesAnswer = z.object({ entries: z.array(z.object({ leaf_input: z.string(), extra_data: z.string() })) });
export const proofAnswer = z.object({ leaf_index: z.number().int(), audit_path: z.array(z.string()) });
export const consistencyAnswer = z.object({ consistency: z.array(z.string()) });
export const rootsAnswer = z.object({ certificates: z.array(z.string()) });
export const logInfoAnswer = z.object({ log_id: z.string(), key: z.string().describe('base64 SubjectPublicKeyInfo'), mmd: z.number().int() });

export const ctQuery = z.object({
  q: text(200).trim().optional().describe('a name, serial or SHA-256 fingerprint'),
  managed: z.enum(['yes', 'no'], { message: 'discovery.v.managed' }).optional(),
});
export type CtQuery = z.input<typeof ctQuery>;

export const ctEntry = z.object({
  idx: z.number().int(),
  loggedAt: z.string(),
  entryType: z.enum(['x509', 'precert']),
  sha256: z.string(),
  serial: z.string(),
  subject: z.string(),
  issuer: z.string(),
  names: z.array(z.string()),
  notBefore: z.string(),
  notAfter: z.string(),
  managed: z.boolean().describe('the account bought this very certificate here'),
  orderNo: z.string(),
});
export type CtEntry = z.infer<typeof ctEntry>;

export const ctAnswer = z.object({
  items: z.array(ctEntry),
  domains: z.array(z.string()).describe('the names watched: hosted zones, host targets, names of certificates bought here'),
  sth: ctSth,
});
export type CtAnswer = z.infer<typeof ctAnswer>;
