import { hash, verify } from '@node-rs/argon2';

/**
 * Stores the client's SHA-256 hex of the typed password under argon2id.
 * Lives here because the seed creates the demo account with it too.
 */
export const hashPassword = (sha256Hex: string) => hash(sha256Hex, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (stored: string, sha256Hex: string) => verify(stored, sha256Hex).catch(() => false);
