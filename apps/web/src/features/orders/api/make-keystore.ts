import type { z } from 'zod';
import type { jksAnswer, keystoreBody, pfxAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type KeystoreInput = z.input<typeof keystoreBody>;
export type PfxAnswer = z.infer<typeof pfxAnswer>;
export type JksAnswer = z.infer<typeof jksAnswer>;
export type KeystoreKind = 'pfx' | 'jks';

/** POST /v1/cert/pfx or /v1/cert/jks: a PKCS#12 or Java KeyStore (base64) protected by the password. */
export async function makeKeystore(kind: KeystoreKind, body: KeystoreInput): Promise<{ fileName: string; base64: string }> {
  if (kind === 'pfx') {
    const a = await http<PfxAnswer>('/v1/cert/pfx', { method: 'POST', body });
    return { fileName: a.fileName, base64: a.pfx };
  }
  const a = await http<JksAnswer>('/v1/cert/jks', { method: 'POST', body });
  return { fileName: a.fileName, base64: a.jks };
}
