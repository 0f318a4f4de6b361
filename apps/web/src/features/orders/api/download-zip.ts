import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

/** Zips are built on demand; several hundred orders take a while. */
const zipTimeoutMs = 5 * 60_000;

/**
 * GET /v1/orders/download/{orderNo}, or GET /v1/orders/batch/download?orderNos= for several: a zip with
 * nginx, apache, iis and tomcat folders. Without a password the server makes one (password.txt in the zip).
 */
export function downloadZip(orderNos: readonly string[], password?: string): Promise<FileAnswer> {
  const pw = password ? { password } : {};
  if (orderNos.length === 1) return httpFile(`/v1/orders/download/${encodeURIComponent(orderNos[0] ?? '')}`, { query: pw, timeout: zipTimeoutMs });
  return httpFile('/v1/orders/batch/download', { query: { orderNos: orderNos.join(','), ...pw }, timeout: zipTimeoutMs });
}
