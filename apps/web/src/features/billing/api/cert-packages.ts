import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certPkgAnswer, certPkgBoughtAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

export type CertPackages = z.infer<typeof certPkgAnswer>;

/** GET /v1/certPkg: offers and the account's packages. */
export const useCertPackages = () => useQuery({ queryKey: ['billing', 'certPkg'], queryFn: ({ signal }) => http<CertPackages>('/v1/certPkg', { signal }) });

/** POST /v1/certPkg: buy from the balance. */
export function useBuyCertPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) => http<z.infer<typeof certPkgBoughtAnswer>>('/v1/certPkg', { method: 'POST', body: { offerId, payWay: 'balance' } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
