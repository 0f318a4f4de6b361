import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportStartBody, reportStartAnswer } from '@cc/contracts/tls-report';
import { http } from '../../../lib/http.ts';

export type ReportStartAnswer = z.infer<typeof reportStartAnswer>;

/** POST /v1/tools/report: the server starts auditing host:port (or answers a report made in the last 2 minutes). */
export function startReport(body: ReportStartBody): Promise<ReportStartAnswer> {
  return http<ReportStartAnswer>('/v1/tools/report', { method: 'POST', body });
}

export function useStartReport() {
  return useMutation({ mutationFn: startReport });
}
