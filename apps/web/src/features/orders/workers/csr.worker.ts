// Key generation and signing off the main thread (RSA keys take a moment).
import { generateCsr, type CsrRequest } from '@cc/pki/csr';
import type { CsrReply } from './csr-protocol.ts';

self.onmessage = async (e: MessageEvent<CsrRequest>) => {
  let reply: CsrReply;
  try {
    reply = { kind: 'done', result: await generateCsr(e.data) };
  } catch (err) {
    reply = { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
