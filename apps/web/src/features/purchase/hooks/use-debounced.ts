import { useCallback, useEffect, useState } from 'react';

/** The value once it has not changed for `ms`; flush() takes the current value at once. */
export function useDebounced<T>(value: T, ms: number): [T, () => void] {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return [v, useCallback(() => setV(value), [value])];
}
