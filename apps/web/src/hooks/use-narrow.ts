import { useSyncExternalStore } from 'react';

/** Below antd's md breakpoint (768 px): a phone, or a narrow window. */
const query = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const m = window.matchMedia(query);
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
};

/**
 * Whether the console is shown narrow: the menu leaves the page's side for a panel over it, and the header keeps
 * its icons without their words.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
