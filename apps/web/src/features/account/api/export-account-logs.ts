import type { LogFilter } from '@cc/contracts/account';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

/** GET /v1/accountLogs/export: every matching entry as CSV, in the console's language. */
export function exportAccountLogs(filter: Partial<LogFilter>): Promise<FileAnswer> {
  return httpFile('/v1/accountLogs/export', { query: filter });
}
