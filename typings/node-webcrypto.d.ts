/**
 * WebCrypto's global type names for Node programs. @types/node 20 types the global `crypto` but keeps its types
 * inside `webcrypto`; packages/pki (shared with the console) names them as the browser does. Newer @types/node
 * declare these globals themselves, the same way.
 */
import type { webcrypto } from 'node:crypto';

// Interfaces, not aliases: they merge with the DOM's own where a program has both (e2e, bench).
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare global {
  interface Crypto extends webcrypto.Crypto {}
  interface CryptoKey extends webcrypto.CryptoKey {}
  interface CryptoKeyPair extends webcrypto.CryptoKeyPair {}
  type KeyUsage = webcrypto.KeyUsage;
}
