/**
 * Lowercase hex SHA-256 of a typed password: what the server expects instead of the password.
 * WebCrypto needs a secure context (https or localhost); on plain http over a LAN address it is
 * missing, and @noble/hashes stands in (loaded only then, so the sign-in page does not carry it).
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto?.subtle) return toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(bytes));
}

const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
