import type { z } from 'zod';
import type { csrBatchSaveAnswer, csrSaveAnswer } from '@cc/contracts/purchase';
import { http, timeouts } from '../../../lib/http.ts';

/** POST /v1/csr/save {csr, commonName?}: keeps a pasted request in the account's CSR list. */
export function saveCsr(csr: string, commonName?: string): Promise<z.infer<typeof csrSaveAnswer>> {
  return http('/v1/csr/save', { method: 'POST', body: { csr, commonName }, quiet: true });
}

/** POST /v1/csr/batchSave {csrs}: the requests of an uploaded zip (20-minute limit, §9). */
export function saveCsrs(csrs: { csr: string; commonName?: string }[]): Promise<z.infer<typeof csrBatchSaveAnswer>> {
  return http('/v1/csr/batchSave', { method: 'POST', body: { csrs }, timeout: timeouts.batchKeyCreation, quiet: true });
}
