import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organizationListAnswer } from '@cc/contracts/organizations';
import { http } from '../../../lib/http.ts';

export type OrganizationList = z.infer<typeof organizationListAnswer>;
export type OrganizationListParams = {
  limit: number;
  offset: number;
  name?: string;
};

/** GET /v1/organizations?limit&offset&name: newest first. */
export function getOrganizations(params: OrganizationListParams): Promise<OrganizationList> {
  return http<OrganizationList>('/v1/organizations', { query: params });
}

export const organizationsKey = ['organizations'] as const;
export const organizationsQuery = (params: OrganizationListParams) =>
  queryOptions({ queryKey: [...organizationsKey, params], queryFn: () => getOrganizations(params), placeholderData: keepPreviousData });

export function useOrganizations(params: OrganizationListParams) {
  return useQuery(organizationsQuery(params));
}
