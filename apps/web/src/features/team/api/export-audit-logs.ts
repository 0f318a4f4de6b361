import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';
import type { AuditFilter } from './get-audit-logs.ts';

/** GET /v1/user/auditLogs/export: the matching entries as CSV, in the console's language. */
export function exportAuditLogs(filter: AuditFilter): Promise<FileAnswer> {
  return httpFile('/v1/user/auditLogs/export', { query: filter as Record<string, string | number | undefined> });
}
