import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organizationListAnswer } from '@cc/contracts/organizations';
import { listAllLimit, listAllOffset } from '@cc/domain/terms';
import { http } from '../../../lib/http.ts';

type OrganizationList = z.infer<typeof organizationListAnswer>;

/** GET /v1/organizations (all of them): the company's name for the heading of its validated domains. */
export function getOrganizations(signal?: AbortSignal): Promise<OrganizationList> {
  return http<OrganizationList>('/v1/organizations', { query: { limit: listAllLimit, offset: listAllOffset }, signal });
}

export const organizationsQuery = queryOptions({ queryKey: ['organizations', 'all'], queryFn: ({ signal }) => getOrganizations(signal), staleTime: 60_000 });

export function useOrganizationName(orgId: string): string | undefined {
  const { data } = useQuery(organizationsQuery);
  return data?.data.find((o) => String(o.id) === orgId)?.orgName;
}
