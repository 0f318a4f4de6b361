import type JSZip from 'jszip';
import { startsWithCsrHeader } from './csr-text.ts';

/** §5 "CSR zip upload": the browser's type for a zip file (Windows browsers say x-zip-compressed for the same file). */
export const zipTypes: readonly string[] = ['application/zip', 'application/x-zip-compressed'];

export type ZipRead = { ok: true; pems: string[] } | { ok: false; reason: 'fileType' | 'noneInZip' };

/** The .csr files of a zip that begin with the request header, as text. */
export async function readCsrZip(file: File): Promise<ZipRead> {
  if (!zipTypes.includes(file.type)) return { ok: false, reason: 'fileType' };
  // JSZip (~28 kB) loads when a zip is dropped, not with the order screen.
  const { default: Zip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: 'noneInZip' };
  }
  const pems: string[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.csr$/i.test(entry.name)) continue;
    const text = await entry.async('string');
    if (startsWithCsrHeader(text)) pems.push(text.replace(/^\uFEFF/, '').trim());
  }
  return pems.length ? { ok: true, pems } : { ok: false, reason: 'noneInZip' };
}
