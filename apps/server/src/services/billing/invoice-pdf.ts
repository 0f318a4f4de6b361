import { Worker } from 'node:worker_threads';

/** Debian's fonts-noto-cjk; without it the PDF is still made, in a Latin font, with CJK characters left out. */
export const cjkFontFile = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export interface InvoicePdfInput {
  invoiceNo: string;
  invoiceType: 'ordinary' | 'special';
  issuedAt: Date;
  amount: number;
  buyer: { orgName: string; taxNum: string; address: string; telephone: string; bankName: string; bankAccount: string };
  seller: string;
  fontFile?: string;
}

/**
 * The issued invoice as a PDF (A5 landscape, bilingual labels), drawn by pdfkit in a worker thread
 * (invoice-pdf-worker.mjs) so the font work never blocks the server's other calls.
 */
export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./invoice-pdf-worker.mjs', import.meta.url), {
      workerData: { ...input, issuedAt: input.issuedAt.toISOString(), fontFile: input.fontFile ?? cjkFontFile },
    });
    worker.once('message', (m: { pdf?: Uint8Array; error?: string }) => {
      if (m.pdf) resolve(Buffer.from(m.pdf));
      else reject(new Error(`invoice PDF: ${m.error ?? 'no output'}`));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
