import { useCallback, useEffect, useState } from 'react';
import { codeResendSeconds } from '@cc/domain/account';

/** Seconds left before a code may be sent again (doc 02 §4: 60 s). */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const start = useCallback((seconds: number = codeResendSeconds) => setLeft(seconds), []);
  return { left, running: left > 0, start };
}
