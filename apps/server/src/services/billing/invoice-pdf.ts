import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/** Debian's fonts-noto-cjk; without it the PDF is still made, in a Latin font, with CJK characters left out. */
export const cjkFontFile = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const cjkFamily = 'NotoSansCJKsc-Regular';

export interface InvoicePdfInput {
  invoiceNo: string;
  invoiceType: 'ordinary' | 'special';
  issuedAt: Date;
  amount: number;
  buyer: { orgName: string; taxNum: string; address: string; telephone: string; bankName: string; bankAccount: string };
  seller: string;
  fontFile?: string;
}

/** The issued invoice as a PDF (A5 landscape, bilingual labels): rendered server-side so every download is the same file. */
export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 36, info: { Title: `Invoice ${input.invoiceNo}`, Author: input.seller } });
  const fontFile = input.fontFile ?? cjkFontFile;
  const cjk = existsSync(fontFile);
  if (cjk) doc.font(fontFile, cjkFamily);
  else doc.font('Helvetica');
  // A Latin-only font cannot draw CJK: leave those characters out rather than print boxes.
  const t = (s: string) => (cjk ? s : s.replace(/[^\x20-\x7e]/g, ''));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const title = input.invoiceType === 'special' ? '增值税专用发票 VAT Special Invoice' : '增值税普通发票 VAT Ordinary Invoice';
  doc.fontSize(18).fillColor('#1652f0').text(t(title), { align: 'center' });
  doc.moveDown(0.3).fontSize(9).fillColor('#555').text(t(`（电子样张 / sandbox specimen）`), { align: 'center' });
  doc.moveDown(0.8).fillColor('#000').fontSize(10);
  const amount = (input.amount / 100).toFixed(2);
  const d = new Date(input.issuedAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const lines: [string, string][] = [
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
