import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EabKeyCreateBody, EabKeySecretAnswer, EabKeysAnswer } from '@cc/contracts/acme';
import type { productsAnswer } from '@cc/contracts/purchase';
import type { organizationListAnswer } from '@cc/contracts/organizations';
import { listAllLimit, listAllOffset } from '@cc/domain/terms';
import { http } from '../../../lib/http.ts';

/** GET /v1/acme/eabKeys: the account's EAB keys for ACME clients (never their HMAC keys). */
export const eabKeysQuery = queryOptions({ queryKey: ['account', 'eabKeys'], queryFn: ({ signal }) => http<EabKeysAnswer>('/v1/acme/eabKeys', { signal }) });

export function useEabKeys() {
  return useQuery(eabKeysQuery);
}

/** POST /v1/acme/eabKeys: a new key; the answer carries its HMAC key, shown this once. */
export function useCreateEabKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EabKeyCreateBody) => http<EabKeySecretAnswer>('/v1/acme/eabKeys', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eabKeysQuery.queryKey }),
  });
}

/** DELETE /v1/acme/eabKeys/{id}: its ACME accounts can no longer order. */
export function useRevokeEabKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<null>(`/v1/acme/eabKeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eabKeysQuery.queryKey }),
  });
}

/** The choices of a key's scope: the products and the account's companies (for OV/EV). */
export function useEabChoices(enabled: boolean) {
  const products = useQuery({
    queryKey: ['account', 'eabProducts'],
    queryFn: ({ signal }) => http<z.infer<typeof productsAnswer>>('/v1/products', { query: { limit: listAllLimit, offset: listAllOffset }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const orgs = useQuery({
    queryKey: ['account', 'eabOrgs'],
    queryFn: ({ signal }) => http<z.infer<typeof organizationListAnswer>>('/v1/organizations', { query: { limit: listAllLimit, offset: listAllOffset }, signal }),
    enabled,
  });
  return { products: products.data?.data ?? [], orgs: orgs.data?.data ?? [] };
}
