import { useState } from 'react';
import { ApiError } from '../lib/http.ts';
import { toast } from '../lib/toast.ts';
import { saveBlob } from '../lib/download.ts';

/**
 * The state of a filterable, paged, exportable log (/account/log, /account/audit): the filter being edited (draft),
 * the one applied, the page, and the CSV export of what the applied filter shows.
 */
export function useLogFilter<F extends object>(o: {
  pageSize: number;
  exportCsv: (filter: F) => Promise<{ fileName: string; blob: Blob }>;
  exportedText: string;
  /** Tidies a filter before it is applied (trims a keyword, say). */
  normalize?: (filter: F) => F;
}) {
  const [draft, setDraft] = useState<F>({} as F);
  const [filter, setFilter] = useState<F>({} as F);
  const [page, setPage] = useState({ offset: 1, limit: o.pageSize });
  // Remounts the date range picker on reset (it keeps its own text otherwise).
  const [rangeKey, setRangeKey] = useState(0);
  const [exporting, setExporting] = useState(false);

  const apply = (f: F) => {
    setFilter(o.normalize ? o.normalize(f) : f);
    setPage((p) => ({ ...p, offset: 1 }));
  };
  const reset = () => {
    setDraft({} as F);
    setRangeKey((k) => k + 1);
    apply({} as F);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await o.exportCsv(filter);
      saveBlob(file.fileName, file.blob);
      toast.success(o.exportedText);
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setExporting(false);
    }
  };
  return { draft, setDraft, filter, page, setPage, rangeKey, exporting, apply, reset, exportCsv };
}
