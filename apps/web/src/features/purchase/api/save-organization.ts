import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organizationInput, organizationSavedAnswer } from '@cc/contracts/organizations';
import { http } from '../../../lib/http.ts';
import { organizationsKey } from './get-organizations.ts';

export type OrganizationInput = z.input<typeof organizationInput>;
export type OrganizationSaved = z.infer<typeof organizationSavedAnswer>;

/** PUT /v1/organizations (with id) updates, POST /v1/organizations with the company fields creates. */
export function saveOrganization(input: OrganizationInput & { id?: number }): Promise<OrganizationSaved> {
  return http<OrganizationSaved>('/v1/organizations', { method: input.id ? 'PUT' : 'POST', body: input });
}

export function useSaveOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: organizationsKey }) });
}
