// What the PKI worker does, apart from the messaging: also run inline where workers do not exist.
import { generateCsr, type CsrResult } from '@cc/pki/csr';
import { parseCsrs } from '@cc/pki/parse';
import type { ParsedCsr, PkiJobName, PkiJobs } from './protocol.ts';

type Progress = (done: number, total: number) => void;

async function parseOne(pem: string): Promise<ParsedCsr> {
  try {
    const [view] = await parseCsrs(pem, { lang: 'en' });
    if (!view) return { ok: false, pem, error: 'empty' };
    if (!view.signatureValid) return { ok: false, pem, error: 'signature' };
    const commonName = view.subject.find((e) => e.shortName === 'CN')?.value ?? '';
    // DNS and IP names only (e-mail or URI names are not what an SSL order lists).
    const names = [...new Set(view.subjectAltNames.filter((s) => /^(DNS|IP):/.test(s)).map((s) => s.replace(/^(DNS|IP):/, '')))];
    const k = view.publicKey;
    const keyText = k.curve ? `ECC ${k.curve}` : `RSA ${k.keySize ?? ''}`.trim();
    return { ok: true, pem: view.pem, commonName, names, keyText };
  } catch (e) {
    return { ok: false, pem, error: e instanceof Error ? e.message : String(e) };
  }
}

const handlers: { [K in PkiJobName]: (input: PkiJobs[K]['input'], onProgress: Progress) => Promise<PkiJobs[K]['output']> } = {
  async generateCsrs(requests, onProgress) {
    const results: CsrResult[] = [];
    for (const req of requests) {
      results.push(await generateCsr(req));
      onProgress(results.length, requests.length);
    }
    return results;
  },
  async parseCsrs(pems) {
    const items: ParsedCsr[] = [];
    for (const pem of pems) items.push(await parseOne(pem));
    return items;
  },
};

export function runPkiJob<K extends PkiJobName>(job: K, input: PkiJobs[K]['input'], onProgress: Progress): Promise<PkiJobs[K]['output']> {
  return handlers[job](input, onProgress);
}
