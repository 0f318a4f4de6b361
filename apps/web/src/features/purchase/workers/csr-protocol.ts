import type { CsrRequest, CsrResult } from '@cc/pki/csr';

/** What the purchase worker is asked to do: make key pairs and requests, or read pasted/uploaded requests. */
export type CsrJob = { kind: 'generate'; requests: CsrRequest[] } | { kind: 'parse'; pems: string[] };

/** A request read back: its common name and the other names it carries, or why it is not a request. */
export type ParsedCsr = { ok: true; pem: string; commonName: string; names: string[]; keyText: string } | { ok: false; pem: string; error: string };

export type CsrReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'generated'; results: CsrResult[]; ms: number }
  | { kind: 'parsed'; items: ParsedCsr[] }
  | { kind: 'error'; message: string };

/**
 * Runs one job in a module worker of this feature, so an RSA 4096 key (or 500 keys) never blocks the page.
 * Private keys come back to this page only: nothing here sends them anywhere.
 */
export function runCsrJob(job: CsrJob, onProgress?: (done: number, total: number) => void): Promise<CsrReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csr.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CsrReply>) => {
      if (e.data.kind === 'progress') {
        onProgress?.(e.data.done, e.data.total);
        return;
      }
      worker.terminate();
      if (e.data.kind === 'error') reject(new Error(e.data.message));
      else resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker failed'));
    };
    worker.postMessage(job);
  });
}

export async function generateCsrs(requests: CsrRequest[], onProgress?: (done: number, total: number) => void): Promise<CsrResult[]> {
  const r = await runCsrJob({ kind: 'generate', requests }, onProgress);
  if (r.kind !== 'generated') throw new Error('unexpected worker reply');
  return r.results;
}

export async function parseCsrPems(pems: string[]): Promise<ParsedCsr[]> {
  if (pems.length === 0) return [];
  const r = await runCsrJob({ kind: 'parse', pems });
  if (r.kind !== 'parsed') throw new Error('unexpected worker reply');
  return r.items;
}

const pemBlock = /-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----[\s\S]*?-----END (?:NEW )?CERTIFICATE REQUEST-----/g;

/** The PEM requests in a pasted text, one per order (§5 "Pasted CSRs"). */
export function splitCsrPems(text: string): string[] {
  return text.match(pemBlock) ?? [];
}

/** Whether a file's text starts with the request header (§5 "CSR zip upload"). */
export function startsWithCsrHeader(text: string): boolean {
  return /^-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----/.test(text.replace(/^\uFEFF/, '').trimStart());
}
