import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../lib/api/get-site-config.ts';
import { useExRates } from '../lib/api/get-ex-rate.ts';
import { formatMoney } from '../lib/money.ts';
import { useCurrencyChoice } from '../lib/prefs.ts';
import { getToken } from '../lib/session.ts';

export interface DisplayCurrency {
  unit: string;
  symbol: string;
  rate: number;
}

/** The currency amounts are shown in: the user's choice if rates know it, otherwise the site's. */
export function useDisplayCurrency(): DisplayCurrency {
  const site = useSiteConfig();
  const chosen = useCurrencyChoice();
  const { data } = useExRates(Boolean(chosen) && getToken() !== null);
  const hit = chosen ? data?.currencies.find((c) => c.currency === chosen) : undefined;
  if (hit) return { unit: hit.currency, symbol: hit.symbol, rate: hit.rate };
  return { unit: site.currency.unit, symbol: site.currency.symbol, rate: site.currency.exRate };
}

/** `money(cents)` → "￥1,012.30" in the display currency, grouped as the console's language groups. */
export function useMoney() {
  const c = useDisplayCurrency();
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return useCallback((cents: number | null | undefined) => `${c.symbol}${formatMoney(cents, c.rate, lang)}`, [c.symbol, c.rate, lang]);
}
