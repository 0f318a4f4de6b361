import { useSyncExternalStore } from 'react';
import { currencyStorageKey } from './session.ts';

/** Small localStorage-backed settings the whole console reads: theme mode and display currency. */
function createPref<T extends string>(key: string, parse: (v: string | null) => T) {
  const listeners = new Set<() => void>();
  let value = parse(localStorage.getItem(key));
  const refresh = () => {
    const next = parse(localStorage.getItem(key));
    if (next !== value) {
      value = next;
      for (const l of listeners) l();
    }
  };
  window.addEventListener('storage', (e) => {
    if (e.key === key || e.key === null) refresh();
  });
  return {
    get: () => value,
    set(v: T | null) {
      if (v === null) localStorage.removeItem(key);
      else localStorage.setItem(key, v);
      refresh();
    },
    /** Re-reads storage after something else cleared it (sign-out). */
    refresh,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type ThemeMode = 'light' | 'dark' | 'system';
export const themeModes: ThemeMode[] = ['light', 'dark', 'system'];
export const themePref = createPref<ThemeMode>('themeMode', (v) => (v === 'light' || v === 'dark' || v === 'system' ? v : 'system'));

/** '' means the site's default currency. */
export const currencyPref = createPref<string>(currencyStorageKey, (v) => v ?? '');

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(themePref.subscribe, themePref.get);
}

export function useCurrencyChoice(): string {
  return useSyncExternalStore(currencyPref.subscribe, currencyPref.get);
}

/** A system setting read through a media query, following its changes. */
function systemSetting(query: string) {
  const list = typeof window !== 'undefined' ? window.matchMedia(query) : null;
  return {
    subscribe(l: () => void) {
      list?.addEventListener('change', l);
      return () => list?.removeEventListener('change', l);
    },
    get: () => list?.matches ?? false,
  };
}
const systemDark = systemSetting('(prefers-color-scheme: dark)');
const systemLessMotion = systemSetting('(prefers-reduced-motion: reduce)');

/** The theme actually shown: system mode follows the OS and changes with it. */
export function useIsDark(): boolean {
  const mode = useThemeMode();
  const osDark = useSyncExternalStore(systemDark.subscribe, systemDark.get);
  return mode === 'dark' || (mode === 'system' && osDark);
}

/** The system asks for less motion (WCAG 2.3.3): dialogs, menus and messages then appear without animating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(systemLessMotion.subscribe, systemLessMotion.get);
}
