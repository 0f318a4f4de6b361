/**
 * The console's one PKI worker: what it is asked and what it answers. Key generation and request parsing run
 * there so that an RSA 4096 key (or 500 keys) never blocks the page, and @peculiar/x509 ships in one bundle.
 */
import type { CsrRequest, CsrResult } from '@cc/pki/csr';
import type { PkiErrorCode } from '@cc/pki/errors';

/** A request read back: its common name and the other names it carries, or why it is not a request. */
export type ParsedCsr = { ok: true; pem: string; commonName: string; names: string[]; keyText: string } | { ok: false; pem: string; error: string };

/** Every job the worker runs, with its input and output. */
export interface PkiJobs {
  /** Key pairs and requests, one per item, with progress after each. */
  generateCsrs: { input: CsrRequest[]; output: CsrResult[] };
  /** PEM requests read back (§5 "Pasted CSRs", "CSR zip upload"). */
  parseCsrs: { input: string[]; output: ParsedCsr[] };
}
export type PkiJobName = keyof PkiJobs;

export type PkiJobRequest = { [K in PkiJobName]: { id: number; job: K; input: PkiJobs[K]['input'] } }[PkiJobName];

export type PkiJobReply =
  | { id: number; kind: 'progress'; done: number; total: number }
  | { [K in PkiJobName]: { id: number; kind: 'done'; job: K; output: PkiJobs[K]['output']; ms: number } }[PkiJobName]
  /** `code` when the pki library named the failure, so the page can translate it. */
  | { id: number; kind: 'error'; code: PkiErrorCode | null; message: string };
