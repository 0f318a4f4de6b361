import { useEffect, useState } from 'react';
import { parseCsrPems, type ParsedCsr } from '../../../lib/pki-worker/client.ts';
import { splitCsrPems } from '../lib/csr-text.ts';
import { useDebounced } from './use-debounced.ts';

/**
 * The requests read from the CSR paste box: debounced 300 ms, read in the worker. `settled` is false while the
 * box holds text not read yet; `flush` reads it now (Create pressed right after pasting).
 */
export function usePasteRead(pasteText: string) {
  /** The requests read, with the text they were read from. */
  const [read, setRead] = useState<{ text: string; items: ParsedCsr[] }>({ text: '', items: [] });
  const [debounced, flush] = useDebounced(pasteText, 300);
  useEffect(() => {
    let live = true;
    const text = debounced;
    const pems = splitCsrPems(text);
    if (pems.length === 0) {
      setRead({ text, items: text.trim() ? [{ ok: false, pem: text, error: 'no request' }] : [] });
      return;
    }
    void parseCsrPems(pems).then(
      (items) => live && setRead({ text, items }),
      () => live && setRead({ text, items: [{ ok: false, pem: text, error: 'worker' }] }),
    );
    return () => {
      live = false;
    };
  }, [debounced]);
  return { pasted: read.items, settled: read.text === pasteText, flush };
}
