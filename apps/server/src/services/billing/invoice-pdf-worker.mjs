// Draws an invoice PDF in a worker thread: embedding the CJK font (a 19 MB collection) takes about half a second of
// CPU, which on the main thread would stall every other call (and trip the server's overload shedding).
// Plain JavaScript so that it runs the same under tsx, vitest and node without a TypeScript loader.
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import PDFDocument from 'pdfkit';

const cjkFamily = 'NotoSansCJKsc-Regular';

/** @param {import('./invoice-pdf.ts').InvoicePdfInput & { fontFile: string }} input */
function draw(input) {
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 36, info: { Title: `Invoice ${input.invoiceNo}`, Author: input.seller } });
  const cjk = existsSync(input.fontFile);
  if (cjk) doc.font(input.fontFile, cjkFamily);
  else doc.font('Helvetica');
  // A Latin-only font cannot draw CJK: leave those characters out rather than print boxes.
  const t = (/** @type {string} */ s) => (cjk ? s : s.replace(/[^\x20-\x7e]/g, ''));
  /** @type {Buffer[]} */
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const title = input.invoiceType === 'special' ? '增值税专用发票 VAT Special Invoice' : '增值税普通发票 VAT Ordinary Invoice';
  doc.fontSize(18).fillColor('#1652f0').text(t(title), { align: 'center' });
  doc.moveDown(0.3).fontSize(9).fillColor('#555').text(t('（电子样张 / sandbox specimen）'), { align: 'center' });
  doc.moveDown(0.8).fillColor('#000').fontSize(10);
  const amount = (input.amount / 100).toFixed(2);
  const d = new Date(new Date(input.issuedAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const lines = [
    ['发票号码 Invoice No.', input.invoiceNo],
    ['开票日期 Date', d],
    ['购买方 Buyer', input.buyer.orgName],
    ['纳税人识别号 Tax No.', input.buyer.taxNum],
    ['地址、电话 Address, Tel.', `${input.buyer.address} ${input.buyer.telephone}`],
    ['开户行及账号 Bank', `${input.buyer.bankName} ${input.buyer.bankAccount}`],
    ['项目 Item', '信息技术服务 * 数字证书 Digital certificate services'],
    ['价税合计 Total (CNY)', `¥${amount}`],
    ['销售方 Seller', input.seller],
  ];
  for (const [k, v] of lines) {
    const y = doc.y;
    doc.fillColor('#555').text(t(k), 36, y, { width: 170 });
    doc.fillColor('#000').text(t(v), 210, y, { width: doc.page.width - 246 });
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}

draw(workerData).then(
  (pdf) => parentPort?.postMessage({ pdf }),
  (e) => parentPort?.postMessage({ error: String(e) }),
);
