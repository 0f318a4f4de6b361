import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactListAnswer } from '@cc/contracts/contacts';
import { http } from '../../../lib/http.ts';

export type ContactList = z.infer<typeof contactListAnswer>;
export type ContactListParams = {
  limit: number;
  offset: number;
  firstname?: string;
  lastname?: string;
};

/** GET /v1/contacts?limit&offset&firstname&lastname (offset is the 1-based page). */
export function getContacts(params: ContactListParams): Promise<ContactList> {
  return http<ContactList>('/v1/contacts', { query: params });
}

export const contactsKey = ['contacts'] as const;
export const contactsQuery = (params: ContactListParams) => queryOptions({ queryKey: [...contactsKey, params], queryFn: () => getContacts(params), placeholderData: keepPreviousData });

export function useContacts(params: ContactListParams) {
  return useQuery(contactsQuery(params));
}
