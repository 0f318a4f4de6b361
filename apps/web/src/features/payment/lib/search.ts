import { useRouterState } from '@tanstack/react-router';

/**
 * The raw query string of the current location. Read as text rather than through the router's parsed search:
 * order numbers and PayPal tokens must stay strings (the router would turn "123" into a number).
 */
export function useQueryParams(): URLSearchParams {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  return new URLSearchParams(searchStr);
}

export function splitOrderNos(v: string | null): string[] {
  return [...new Set((v ?? '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];
}
