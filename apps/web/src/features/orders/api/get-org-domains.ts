import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { validatedDomainsAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type ValidatedDomains = z.infer<typeof validatedDomainsAnswer>;
export interface OrgDomainsParams {
  limit: number;
  offset: number;
  domain?: string;
}

/** GET /v1/orders/org/{id}/domains: names validated for the company, reused by its later orders until they lapse. */
export function getOrgDomains(orgId: string, params: OrgDomainsParams, signal?: AbortSignal): Promise<ValidatedDomains> {
  return http<ValidatedDomains>(`/v1/orders/org/${encodeURIComponent(orgId)}/domains`, { query: { ...params }, signal });
}

export const orgDomainsQuery = (orgId: string, params: OrgDomainsParams) =>
  queryOptions({ queryKey: [...ordersKey, 'orgDomains', orgId, params], queryFn: ({ signal }) => getOrgDomains(orgId, params, signal), placeholderData: keepPreviousData });

export function useOrgDomains(orgId: string, params: OrgDomainsParams) {
  return useQuery(orgDomainsQuery(orgId, params));
}
