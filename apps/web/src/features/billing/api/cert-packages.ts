import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certPkgAnswer, certPkgBoughtAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

export type CertPackages = z.infer<typeof certPkgAnswer>;

/** GET /v1/certPkg: offers and the account's packages. */
export const useCertPackages = () => useQuery({ queryKey: ['billing', 'certPkg'], queryFn: ({ signal }) => http<CertPackages>('/v1/certPkg', { signal }) });

export type CertPkgBought = z.infer<typeof certPkgBoughtAnswer>;

/** POST /v1/certPkg: buy a package by any pay way (balance: granted at once; outside: the pending pay result). */
export function buyCertPackage(body: { offerId: number; payWay: string; returnUrl?: string; replacePaymentId?: string }): Promise<CertPkgBought> {
  return http<CertPkgBought>('/v1/certPkg', { method: 'POST', body });
}
