/**
 * OpenSSL's traditional encrypted PEM keys ("Proc-Type: 4,ENCRYPTED" + "DEK-Info: AES-256-CBC,<iv>"), as written by
 * `openssl rsa -aes256` / `openssl ec -aes256` and many older tools. The key is EVP_BytesToKey(MD5, 1 round) over
 * the passphrase and the first 8 bytes of the IV.
 */
import { desEde3Cbc } from './des.ts';
import { concatBytes, fromHex, pemEncode, toHex, utf8, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';
import { md5 } from '@noble/hashes/legacy.js';

const CIPHERS: Record<string, { keyLen: number; ivLen: number; aes: boolean }> = {
  'AES-128-CBC': { keyLen: 16, ivLen: 16, aes: true },
  'AES-192-CBC': { keyLen: 24, ivLen: 16, aes: true },
  'AES-256-CBC': { keyLen: 32, ivLen: 16, aes: true },
  'DES-EDE3-CBC': { keyLen: 24, ivLen: 8, aes: false },
};

function bytesToKey(passphrase: string, salt: Uint8Array, keyLen: number): Bytes {
  const pass = utf8(passphrase);
  let out = new Uint8Array(0);
  let prev = new Uint8Array(0);
  while (out.length < keyLen) {
    prev = md5(concatBytes(prev, pass, salt));
    out = concatBytes(out, prev);
  }
  return out.slice(0, keyLen);
}

export async function decryptLegacyPem(dekInfo: string, body: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const [name = '', ivHex = ''] = dekInfo.split(',').map((s) => s.trim());
  const c = CIPHERS[name.toUpperCase()];
  if (!c) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PEM cipher ${name} is not supported`);
  const iv = fromHex(ivHex);
  if (iv.length !== c.ivLen) throw new PkiError('UNSUPPORTED_ENCRYPTION', 'Bad DEK-Info IV');
  const key = bytesToKey(passphrase, iv.subarray(0, 8), c.keyLen);
  try {
    if (!c.aes) return desEde3Cbc(key, iv, body, false);
    const k = await crypto.subtle.importKey('raw', key, 'AES-CBC', false, ['decrypt']);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, k, body));
  } catch {
    throw new PkiError('BAD_PASSWORD');
  }
}

/** Encrypts a PKCS#1 or SEC1 key body the traditional way with AES-256-CBC (§9: a 256-bit CBC cipher). */
export async function encryptLegacyPem(label: string, der: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = bytesToKey(passphrase, iv.subarray(0, 8), 32);
  const k = await crypto.subtle.importKey('raw', key, 'AES-CBC', false, ['encrypt']);
  const body = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, k, der));
  const pem = pemEncode(label, body);
  const firstBreak = pem.indexOf('\n') + 1;
  return `${pem.slice(0, firstBreak)}Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,${toHex(iv).toUpperCase()}\n\n${pem.slice(firstBreak)}`;
}
