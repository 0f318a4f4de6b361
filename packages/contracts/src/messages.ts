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
import { coreEn, coreZh, pickLocale, placeholdersOf, translateIn, type Locale } from './messages-core.ts';

export { pickLocale, placeholdersOf, type Locale };

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

type Params = Record<string, string | number>;
/** The names of a template's {{placeholders}}, as a type. */
type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/**
 * What translate takes beside a key: for one key written in the code, a value for each placeholder of its Chinese
 * template (the English one has the same: test/message-templates.test.ts), so a caller that forgets one does not
 * compile; for a key made at run time (`log.${action}`, one of several), any: the renderers' tests check those.
 */
export type ParamsArg<K extends string> = [K] extends [never]
  ? [params?: Params]
  : true extends IsUnion<K>
    ? [params?: Params]
    : K extends MessageKey
      ? [Placeholders<(typeof zh)[K]>] extends [never]
        ? [params?: Params]
        : [params: Record<Placeholders<(typeof zh)[K]>, string | number> & Params]
      : [params?: Params];

/** Translates a key, filling {{name}} placeholders. Unknown keys come back as they are. */
export function translate<K extends string>(locale: Locale, key: K, ...[params]: ParamsArg<K>): string {
  return translateIn(messages, locale, key, params);
}
