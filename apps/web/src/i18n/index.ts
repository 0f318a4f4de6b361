import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { coreMessages, translateIn, type Locale, type MessageTable } from '@cc/contracts/messages-core';
import { storedLanguageKey } from '@cc/contracts/first-calls';
import { zh } from './zh.ts';

// The page's first-calls script reads it too, before this code has loaded.
const storageKey = storedLanguageKey;

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

/** The language the first render will be in: the stored one, known before its strings have loaded. */
export function initialLanguage(): Locale {
  return storedLanguage() ?? currentLocale();
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
 * Shared message keys of @cc/contracts. The first page carries only the core table (errors, account fields). Every
 * area's rule messages (26 kB, both languages) are for what the user does next, a field's check or a rule's
 * explanation, so they come after the page has painted: at the user's first input (pointer, key, focus), a few
 * seconds after the page has loaded, or at once when a message of theirs is asked for first. A component that
 * asked meanwhile (`useMsg`) renders again when they arrive; a form check waits for them (`messagesReady`).
 */
let messageTables: Record<Locale, MessageTable> = coreMessages;
let ruleTablesLoaded = false;
let ruleTables: Promise<void> | null = null;
const tableListeners = new Set<() => void>();

/** Resolves once the rule messages are here; never rejects: a failed load (offline) is tried again by the next call. */
export function messagesReady(): Promise<void> {
  ruleTables ??= import('@cc/contracts/messages').then(
    ({ messages }) => {
      messageTables = messages;
      ruleTablesLoaded = true;
      for (const l of tableListeners) l();
    },
    () => {
      ruleTables = null;
    },
  );
  return ruleTables;
}

/** Asks for the rule messages at the user's first input or a few seconds after the page has loaded, whichever comes first. */
export function loadMessagesAfterPaint(delayMs = 3000): () => void {
  if (ruleTablesLoaded) return () => {};
  const inputs = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    stop();
    void messagesReady();
  };
  const afterLoad = () => {
    timer = setTimeout(load, delayMs);
  };
  function stop() {
    for (const e of inputs) document.removeEventListener(e, load, true);
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
  }
  for (const e of inputs) document.addEventListener(e, load, { capture: true, passive: true });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return stop;
}

function lookup(locale: Locale, key: string, params?: Record<string, string | number>): string {
  if (!ruleTablesLoaded && !(key in coreMessages.zh)) {
    // Not here yet: nothing rather than the bare key, and the tables are on their way (the caller renders again).
    void messagesReady();
    return '';
  }
  return translateIn(messageTables, locale, key, params);
}

/** Translates a shared message key of @cc/contracts (validation and error codes) in the current language. */
export function msg(key: string, params?: Record<string, string | number>): string {
  return lookup(currentLocale(), key, params);
}

const subscribeToTables = (l: () => void) => {
  tableListeners.add(l);
  return () => tableListeners.delete(l);
};

/**
 * `msg` bound to the rendered language, so components re-render when it changes, and when the rule messages arrive
 * if they asked for one before (it answered ''): a page whose render needed none is not rendered again for them.
 */
export function useMsg() {
  const { i18n: inst } = useTranslation();
  const locale: Locale = inst.language === 'en' ? 'en' : 'zh';
  const missed = useRef(false);
  // True once the tables are here for a component that missed one of their messages; false for the others throughout.
  const loaded = useSyncExternalStore(subscribeToTables, () => missed.current && ruleTablesLoaded, () => false);
  // One function per language and per table: memoised work that translates depends on it, and runs again when the rule
  // messages arrive. The function reads the tables when called, so one kept from before still answers once they are here.
  return useCallback(
    (key: string, params?: Record<string, string | number>) => {
      if (!ruleTablesLoaded && !(key in coreMessages.zh)) missed.current = true;
      return lookup(locale, key, params);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loaded` is there to give the function a new identity
    [locale, loaded],
  );
}
