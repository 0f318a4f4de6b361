// Key generation and signing off the main thread, so a 4096-bit RSA key does not freeze the page.
// Subpath imports keep the worker bundle to the generator (no parser, no TLS guideline data).
import { generateCsr, type CsrRequest } from '@cc/pki/csr';
import { isPkiError } from '@cc/pki/errors';
import type { GenCsrReply } from './gen-csr-protocol.ts';

self.onmessage = async (e: MessageEvent<CsrRequest>) => {
  const started = performance.now();
  let reply: GenCsrReply;
  try {
    reply = { ok: true, result: await generateCsr(e.data), ms: Math.round(performance.now() - started) };
  } catch (err) {
    reply = { ok: false, code: isPkiError(err) ? err.code : null, message: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
