import { saveBlob, saveText, stamp } from '../../../lib/download.ts';

/** A file name from a common name: '*.' becomes 'star.', anything odd becomes '_'. */
export function safeFileName(cn: string): string {
  return cn.replace(/^\*\./, 'star.').replace(/[^A-Za-z0-9._-]/g, '_') || 'certificate';
}

export interface KeyFile {
  commonName: string;
  csrPem: string;
  privateKeyPem: string;
}

/** One order: its key as a .key file. Several: a zip of .key and .csr files . */
export async function downloadKeys(keys: readonly KeyFile[]) {
  const first = keys[0];
  if (!first) return;
  if (keys.length === 1) {
    saveText(`${safeFileName(first.commonName)}.key`, first.privateKeyPem, 'application/x-pem-file');
    return;
  }
  // JSZip (~28 kB) loads when several keys are saved, not with the order screen.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const used = new Map<string, number>();
  for (const k of keys) {
    const base = safeFileName(k.commonName);
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    const name = n ? `${base}-${n}` : base;
    zip.file(`${name}.key`, k.privateKeyPem);
    zip.file(`${name}.csr`, k.csrPem);
  }
  saveBlob(`private-keys-${stamp()}.zip`, await zip.generateAsync({ type: 'blob' }));
}
