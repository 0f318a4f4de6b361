import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

/** Zips are built on demand; several hundred orders take a while. */
const zipTimeoutMs = 5 * 60_000;

/**
 * GET /v1/orders/download/{orderNo}, or GET /v1/orders/batch/download?orderNos= for several: a zip with
 * nginx, apache, iis and tomcat folders. Without a password the server makes one (password.txt in the zip).
 * With `key` (one order whose key the server does not hold): POST, the key in the body, never in the address.
 */
export function downloadZip(orderNos: readonly string[], password?: string, key?: string): Promise<FileAnswer> {
  const pw = password ? { password } : {};
  if (key && orderNos.length === 1) {
    return httpFile(`/v1/orders/download/${encodeURIComponent(orderNos[0] ?? '')}`, { body: { ...pw, key }, timeout: zipTimeoutMs });
  }
  if (orderNos.length === 1) return httpFile(`/v1/orders/download/${encodeURIComponent(orderNos[0] ?? '')}`, { query: pw, timeout: zipTimeoutMs });
  return httpFile('/v1/orders/batch/download', { query: { orderNos: orderNos.join(','), ...pw }, timeout: zipTimeoutMs });
}
