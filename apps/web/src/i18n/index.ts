import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { coreMessages, translateIn, type Locale, type MessageTable } from '@cc/contracts/messages-core';
import { zh } from './zh.ts';

const storageKey = 'lang';

function storedLanguage(): Locale | null {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey);
  return v === 'zh' || v === 'en' ? v : null;
}

/** The one i18next instance. Features add their own strings with `i18n.addResourceBundle(lng, 'translation', {...}, true)`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // English arrives on demand (ensureLanguage): Chinese is the default and the first page stays small.
  resources: { zh: { translation: zh } },
  partialBundledLanguages: true,
  lng: 'zh',
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  returnObjects: true,
  initAsync: false,
});

function reflect(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
}
reflect(i18n.language);
i18n.on('languageChanged', reflect);

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'zh';
}

let englishLoaded: Promise<void> | null = null;
/** Loads a language's strings if they are not bundled with the first page. */
export function ensureLanguage(lng: Locale): Promise<void> {
  if (lng !== 'en') return Promise.resolve();
  englishLoaded ??= import('./en.ts').then(({ en }) => {
    // deep + no overwrite: bundles that features added for English meanwhile stay as they are.
    i18n.addResourceBundle('en', 'translation', en, true, false);
  });
  return englishLoaded;
}

async function switchTo(lng: Locale) {
  await ensureLanguage(lng);
  await i18n.changeLanguage(lng);
}

/** The stored language, loaded before the first render so that nothing flashes in the other one. */
export function loadInitialLanguage(): Promise<void> {
  const lng = storedLanguage();
  return lng ? switchTo(lng) : Promise.resolve();
}

/** A choice by the user: kept, and it wins over the site's default from then on. */
export async function chooseLanguage(lng: Locale) {
  localStorage.setItem(storageKey, lng);
  await switchTo(lng);
}

/** The site's default locale applies only while the user has not chosen one. */
export async function applySiteDefaultLanguage(lng: Locale) {
  if (!storedLanguage() && i18n.language !== lng) await switchTo(lng);
}

/**
 * Shared message keys of @cc/contracts. The first page carries only the core table (errors, account fields);
 * the signed-in layout registers the whole table, with every area's rule messages, when it loads.
 */
let messageTables: Record<Locale, MessageTable> = coreMessages;
export function registerMessages(tables: Record<Locale, MessageTable>) {
  messageTables = tables;
}

/** Translates a shared message key of @cc/contracts (validation and error codes) in the current language. */
export function msg(key: string, params?: Record<string, string | number>): string {
  return translateIn(messageTables, currentLocale(), key, params);
}

/** `msg` bound to the rendered language, so components re-render when it changes. */
export function useMsg() {
  const { i18n: inst } = useTranslation();
  const locale: Locale = inst.language === 'en' ? 'en' : 'zh';
  // One function per language, so memoised work that translates depends on it rather than on the language.
  return useCallback((key: string, params?: Record<string, string | number>) => translateIn(messageTables, locale, key, params), [locale]);
}
