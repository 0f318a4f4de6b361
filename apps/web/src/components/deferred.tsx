import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `fallback` first, then renders `children` in a deferred (interruptible) render. A page's first render
 * otherwise runs as one task of several hundred milliseconds on a slow phone, and the browser answers no tap
 * or keystroke meanwhile; deferred, React yields to the browser every few milliseconds.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
