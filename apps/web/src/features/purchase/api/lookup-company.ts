import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { companyLookupAnswer, companyLookupBody } from '@cc/contracts/organizations';
import { http } from '../../../lib/http.ts';

export type CompanyLookupInput = z.input<typeof companyLookupBody>;
export type CompanyLookupResult = z.infer<typeof companyLookupAnswer>;

/** POST /v1/organizations/qiChaCha {orgName}: the registry's record of a company (10004 with errors.orgName when none). */
export function lookupCompany(input: CompanyLookupInput): Promise<CompanyLookupResult> {
  return http<CompanyLookupResult>('/v1/organizations/qiChaCha', { method: 'POST', body: input });
}

export function useLookupCompany() {
  return useMutation({ mutationFn: lookupCompany });
}
