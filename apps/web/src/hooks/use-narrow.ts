import { useSyncExternalStore } from 'react';

/** Below antd's md breakpoint (768 px): a phone, or a narrow window. One query for every component that asks. */
const narrowQuery = window.matchMedia('(max-width: 767.98px)');

const subscribe = (onChange: () => void) => {
  narrowQuery.addEventListener('change', onChange);
  return () => narrowQuery.removeEventListener('change', onChange);
};

/**
 * Whether the console is shown narrow: the menu leaves the page's side for a panel over it, and the header keeps
 * its icons without their words.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrowQuery.matches);
}
