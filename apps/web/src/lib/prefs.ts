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

const darkQuery = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
function subscribeOs(l: () => void) {
  darkQuery?.addEventListener('change', l);
  return () => darkQuery?.removeEventListener('change', l);
}

/** The theme actually shown: system mode follows the OS and changes with it. */
export function useIsDark(): boolean {
  const mode = useThemeMode();
  const osDark = useSyncExternalStore(subscribeOs, () => darkQuery?.matches ?? false);
  return mode === 'dark' || (mode === 'system' && osDark);
}
