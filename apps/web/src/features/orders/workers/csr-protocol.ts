import type { CsrRequest, CsrResult } from '@cc/pki/csr';

export type CsrReply = { kind: 'done'; result: CsrResult } | { kind: 'error'; message: string };

/** Makes a key pair and request in a module worker of this feature, so the page never freezes. */
export function generateCsrInWorker(req: CsrRequest): Promise<CsrResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csr.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CsrReply>) => {
      worker.terminate();
      if (e.data.kind === 'done') resolve(e.data.result);
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker failed'));
    };
    worker.postMessage(req);
  });
}
