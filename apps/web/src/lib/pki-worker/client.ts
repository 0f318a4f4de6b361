/**
 * Runs PKI jobs in the console's one shared module worker (started on first use, then kept): features call these
 * functions and never start a worker of their own. Private keys come back to the calling page only.
 */
import type { CsrRequest, CsrResult } from '@cc/pki/csr';
import { PkiError } from '@cc/pki/errors';
import type { ParsedCsr, PkiJobName, PkiJobReply, PkiJobRequest, PkiJobs } from './protocol.ts';

export type { ParsedCsr } from './protocol.ts';

type Progress = (done: number, total: number) => void;
interface Pending {
  resolve: (r: { output: unknown; ms: number }) => void;
  reject: (e: Error) => void;
  onProgress?: Progress;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function sharedWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./pki.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<PkiJobReply>) => {
    const r = e.data;
    const p = pending.get(r.id);
    if (!p) return;
    if (r.kind === 'progress') return p.onProgress?.(r.done, r.total);
    pending.delete(r.id);
    if (r.kind === 'done') p.resolve({ output: r.output, ms: r.ms });
    else p.reject(r.code ? new PkiError(r.code, r.message) : new Error(r.message));
  };
  // A worker that failed to load or crashed answers nothing more: fail its jobs and start afresh next time.
  w.onerror = (e) => {
    e.preventDefault();
    w.terminate();
    if (worker === w) worker = null;
    failAll(new Error(e.message || 'PKI worker failed'));
  };
  worker = w;
  return w;
}

async function run<K extends PkiJobName>(job: K, input: PkiJobs[K]['input'], onProgress?: Progress): Promise<{ output: PkiJobs[K]['output']; ms: number }> {
  if (typeof Worker === 'undefined') {
    const started = performance.now();
    const { runPkiJob } = await import('./jobs.ts');
    const output = await runPkiJob(job, input, onProgress ?? (() => undefined));
    return { output, ms: Math.round(performance.now() - started) };
  }
  const id = nextId++;
  const w = sharedWorker();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject, onProgress });
    w.postMessage({ id, job, input } as PkiJobRequest);
  });
}

/** One key pair and request, and how long the worker took. */
export async function generateCsr(req: CsrRequest): Promise<{ result: CsrResult; ms: number }> {
  const { output, ms } = await run('generateCsrs', [req]);
  const result = output[0];
  if (!result) throw new Error('PKI worker answered no request');
  return { result, ms };
}

/** Several key pairs and requests in order, reporting progress after each. */
export async function generateCsrs(requests: CsrRequest[], onProgress?: Progress): Promise<CsrResult[]> {
  return (await run('generateCsrs', requests, onProgress)).output;
}

/** PEM requests read back, each with its names or why it is not a valid request. */
export async function parseCsrPems(pems: string[]): Promise<ParsedCsr[]> {
  if (pems.length === 0) return [];
  return (await run('parseCsrs', pems)).output;
}
