import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertDetail } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** GET /v1/discovery/certs/{id}: one certificate with its PEM, served chain and endpoints. */
export function getCert(id: number, signal?: AbortSignal): Promise<CertDetail> {
  return http<CertDetail>(`/v1/discovery/certs/${id}`, { signal });
}

export const certQuery = (id: number) => queryOptions({ queryKey: ['discovery', 'cert', id], queryFn: ({ signal }) => getCert(id, signal) });

export function useCert(id: number) {
  return useQuery(certQuery(id));
}
