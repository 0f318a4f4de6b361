import { purchaseMessagesEn, purchaseMessagesZh } from './purchase-messages.ts';
import { paymentsMessagesEn, paymentsMessagesZh } from './payments-messages.ts';
import { ordersMessagesEn, ordersMessagesZh } from './orders-messages.ts';
import { tlsReportMessagesEn, tlsReportMessagesZh } from './tls-report-messages.ts';
import { renewalMessagesEn, renewalMessagesZh } from './renewal-messages.ts';
import { accountMessagesEn, accountMessagesZh } from './account-messages.ts';
import { realNameMessagesEn, realNameMessagesZh } from './real-name-messages.ts';
import { apiKeysMessagesEn, apiKeysMessagesZh } from './api-keys-messages.ts';
import { acmeMessagesEn, acmeMessagesZh } from './acme-messages.ts';
import { securityMessagesEn, securityMessagesZh } from './security-messages.ts';
import { siteMessagesMessagesEn, siteMessagesMessagesZh } from './site-messages-messages.ts';
import { domainsMessagesEn, domainsMessagesZh } from './domains-messages.ts';
import { dnsMessages } from '@cc/domain/dns-messages';
import { teamMessagesEn, teamMessagesZh } from './team-messages.ts';
import { billingMessagesEn, billingMessagesZh } from './billing-messages.ts';
import { discoveryMessagesEn, discoveryMessagesZh } from './discovery-messages.ts';
import { coreEn, coreZh, pickLocale, translateIn, type Locale } from './messages-core.ts';

export { pickLocale, type Locale };

/**
 * Messages the server and the console both show: error codes, field validation and every area's rules.
 * The keys are what schemas carry as their `message`; each locale translates them here, once.
 */
const zh = {
  ...coreZh,
  ...purchaseMessagesZh,
  ...paymentsMessagesZh,
  ...ordersMessagesZh,
  ...tlsReportMessagesZh,
  ...renewalMessagesZh,
  ...accountMessagesZh,
  ...realNameMessagesZh,
  ...apiKeysMessagesZh,
  ...acmeMessagesZh,
  ...securityMessagesZh,
  ...siteMessagesMessagesZh,
  ...domainsMessagesZh,
  ...dnsMessages.zh,
  ...teamMessagesZh,
  ...billingMessagesZh,
  ...discoveryMessagesZh,
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ...coreEn,
  ...purchaseMessagesEn,
  ...paymentsMessagesEn,
  ...ordersMessagesEn,
  ...tlsReportMessagesEn,
  ...renewalMessagesEn,
  ...accountMessagesEn,
  ...realNameMessagesEn,
  ...apiKeysMessagesEn,
  ...acmeMessagesEn,
  ...securityMessagesEn,
  ...siteMessagesMessagesEn,
  ...domainsMessagesEn,
  ...dnsMessages.en,
  ...teamMessagesEn,
  ...billingMessagesEn,
  ...discoveryMessagesEn,
};

export const messages = { zh, en } as const;
export const locales: Locale[] = ['zh', 'en'];
export const defaultLocale: Locale = 'zh';

export function isMessageKey(k: string): k is MessageKey {
  return k in zh;
}

/** Translates a key, filling {{name}} placeholders. Unknown keys come back as they are. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  return translateIn(messages, locale, key, params);
}
