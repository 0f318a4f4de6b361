import { isCardProviderWay, isCryptoWay } from '@cc/contracts/payments';

/**
 * How a pay way behaves in the console (document 01 §2 "Payment notice by method"):
 * - balance: pays at once;
 * - newTab: the provider's page opens in a new tab (Alipay, PayPal), with a QR where the provider gives one;
 * - qr: a QR code from the pay result is the way to pay (WeChat, the card provider's WeChat variant);
 * - leave: the payer leaves this tab for the card page and comes back to a feedback page (card provider);
 * - cardQr: the card provider's Alipay variant: a QR code plus a button to pay on a new page;
 * - crypto: amount, coin, address and QR to transfer to, with an expiry.
 */
export type PayKind = 'balance' | 'newTab' | 'qr' | 'leave' | 'cardQr' | 'crypto';

export function payKindOf(payWay: string): PayKind {
  if (payWay === 'balance') return 'balance';
  if (isCryptoWay(payWay)) return 'crypto';
  if (isCardProviderWay(payWay)) {
    if (payWay.includes('alipay')) return 'cardQr';
    if (payWay.includes('wechat')) return 'qr';
    return 'leave';
  }
  if (payWay.includes('wechat')) return 'qr';
  return 'newTab';
}

/** Ways whose notice shows a QR code: the pay result is requested as soon as the way is chosen. */
export function wantsResultEarly(payWay: string): boolean {
  const k = payKindOf(payWay);
  return k === 'qr' || k === 'cardQr' || k === 'crypto' || (k === 'newTab' && payWay.includes('alipay'));
}

/** Ways the pay button opens in a new tab (opened at the click, so pop-up blockers let it through). */
export function opensNewTab(payWay: string): boolean {
  const k = payKindOf(payWay);
  return k === 'newTab' || k === 'cardQr';
}

/** The label of a way in the current language: the server's names, else our own. */
export function payWayLabel(way: { name: string; showName: string; payWay: string }, lang: 'zh' | 'en', fallback: (key: string) => string): string {
  const own = lang === 'en' ? way.showName : way.name;
  return own || fallback(way.payWay);
}

/** Cents a pay result asks for, in the coin: "12.34". */
export function coinAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A pop-up opened during the click; its address is set once the pay result arrives. Null when blocked. */
export function openBlankTab(): Window | null {
  const w = window.open('', '_blank');
  return w ?? null;
}

/** Sends a tab opened by openBlankTab to the provider's page; closes it when there is nowhere to go. */
export function sendTab(tab: Window | null, url: string): boolean {
  if (!tab || tab.closed) return false;
  if (!url) {
    tab.close();
    return false;
  }
  tab.location.href = url;
  return true;
}
