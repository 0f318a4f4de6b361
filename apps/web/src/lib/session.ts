/**
 * The browser side of a session: the token (localStorage, plus a 10-year cookie when sign-in supplies it),
 * the cached user and the per-session leftovers that sign-out purges (doc 02 §4).
 */
import { storedTokenKey } from '@cc/contracts/first-calls';

const keys = {
  token: storedTokenKey,
  user: 'user',
  currency: 'currency',
  saas: 'saasStatus',
  createdOrderNos: 'createdOrderNos',
} as const;

const tokenCookieSeconds = 10 * 365 * 24 * 3600;

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return localStorage.getItem(keys.token) || null;
}

export function setToken(token: string, opts: { cookie?: boolean } = {}) {
  localStorage.setItem(keys.token, token);
  if (opts.cookie) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `token=${encodeURIComponent(token)}; Path=/; Max-Age=${tokenCookieSeconds}; SameSite=Lax${secure}`;
  }
}

export function storeUser(user: unknown) {
  localStorage.setItem(keys.user, JSON.stringify(user));
}

export function storedUser(): unknown {
  const raw = localStorage.getItem(keys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Purges token, user, currency, SaaS status and created order numbers, then tells whoever listens. */
export function purgeSession() {
  const had = getToken() !== null;
  for (const k of Object.values(keys)) localStorage.removeItem(k);
  sessionStorage.removeItem(keys.createdOrderNos);
  document.cookie = 'token=; Path=/; Max-Age=0; SameSite=Lax';
  if (had) for (const l of listeners) l();
}

/** Called after the session is purged (401, failed token check, sign-out). */
export function onSessionPurged(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export const currencyStorageKey = keys.currency;
