import { generateCsr, type CsrRequest, type CsrResult } from '@cc/pki/csr';
import { PkiError, type PkiErrorCode } from '@cc/pki/errors';

export type GenCsrReply = { ok: true; result: CsrResult; ms: number } | { ok: false; code: PkiErrorCode | null; message: string };

/** Runs the generator in a module worker; where workers are unavailable it runs inline. */
export function generateCsrInWorker(req: CsrRequest): Promise<{ result: CsrResult; ms: number }> {
  if (typeof Worker === 'undefined') {
    const started = performance.now();
    return generateCsr(req).then((result) => ({ result, ms: Math.round(performance.now() - started) }));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./gen-csr.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<GenCsrReply>) => {
      worker.terminate();
      if (e.data.ok) resolve({ result: e.data.result, ms: e.data.ms });
      else reject(e.data.code ? new PkiError(e.data.code, e.data.message) : new Error(e.data.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker failed'));
    };
    worker.postMessage(req);
  });
}
