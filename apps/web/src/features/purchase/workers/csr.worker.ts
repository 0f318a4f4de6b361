// Key generation, signing and request parsing off the main thread (the page stays responsive).
import { generateCsr, type CsrResult } from '@cc/pki/csr';
import { parseCsrs } from '@cc/pki/parse';
import type { CsrJob, CsrReply, ParsedCsr } from './csr-protocol.ts';

const post = (r: CsrReply) => self.postMessage(r);

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

self.onmessage = async (e: MessageEvent<CsrJob>) => {
  const job = e.data;
  try {
    if (job.kind === 'generate') {
      const started = performance.now();
      const results: CsrResult[] = [];
      for (const req of job.requests) {
        results.push(await generateCsr(req));
        post({ kind: 'progress', done: results.length, total: job.requests.length });
      }
      post({ kind: 'generated', results, ms: Math.round(performance.now() - started) });
    } else {
      const items: ParsedCsr[] = [];
      for (const pem of job.pems) items.push(await parseOne(pem));
      post({ kind: 'parsed', items });
    }
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
