import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `fallback` first, then renders `children` in a transition (interruptible) after that first commit. A page's
 * first render otherwise runs as one task of several hundred milliseconds on a slow phone, and the browser answers no
 * tap or keystroke meanwhile; in a transition, React yields to the browser every few milliseconds. Nested ones (the
 * signed-in layout, then its page) each commit apart, so the layout shows before its page has rendered.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}
