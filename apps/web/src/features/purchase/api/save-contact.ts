import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactCreateBody, contactSavedAnswer } from '@cc/contracts/contacts';
import { http } from '../../../lib/http.ts';
import { contactsKey } from './get-contacts.ts';

export type ContactInput = z.input<typeof contactCreateBody>;
export type ContactSaved = z.infer<typeof contactSavedAnswer>;

/** PUT /v1/contacts (with id) updates, POST /v1/contacts creates (doc 02 §2: update when an id exists). */
export function saveContact(input: ContactInput & { id?: number }): Promise<ContactSaved> {
  return input.id ? http<ContactSaved>('/v1/contacts', { method: 'PUT', body: input }) : http<ContactSaved>('/v1/contacts', { method: 'POST', body: input });
}

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveContact, onSuccess: () => qc.invalidateQueries({ queryKey: contactsKey }) });
}
