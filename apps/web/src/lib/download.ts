/** Saves data as a local file through an object URL (exports, keys, certificates): nothing is sent anywhere. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: the browser must have started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveText(name: string, text: string, type = 'text/plain') {
  saveBlob(name, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Text or bytes as they are (binary formats such as DER, PFX). */
export function saveFile(name: string, data: string | Uint8Array, type = 'application/octet-stream') {
  const part: BlobPart = typeof data === 'string' ? data : new Uint8Array(data);
  saveBlob(name, new Blob([part], { type }));
}

export function saveBase64(name: string, base64: string, type = 'application/octet-stream') {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  saveBlob(name, new Blob([bytes], { type }));
}

/** yyyyMMdd-HHmmss for export file names. */
export function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}
