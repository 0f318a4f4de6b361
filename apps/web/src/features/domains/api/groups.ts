import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { groupLimitDefault, type groupsAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type Groups = z.infer<typeof groupsAnswer>;

/** GET /dm-serv/v1/groups (limit 100, offset 1). */
export const groupsQuery = queryOptions({
  queryKey: ['domains', 'groups'],
  queryFn: ({ signal }) => http<Groups>('/dm-serv/v1/groups', { query: { limit: groupLimitDefault, offset: 1 }, signal }),
});
export const useGroups = () => useQuery(groupsQuery);

function useGroupMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['domains'] }) });
}
export const useSaveGroup = () =>
  useGroupMutation((v: { id?: number; name: string }) => http(v.id ? `/dm-serv/v1/groups/${v.id}` : '/dm-serv/v1/groups', { method: v.id ? 'PUT' : 'POST', body: { name: v.name } }));
export const useDeleteGroup = () => useGroupMutation((id: number) => http(`/dm-serv/v1/groups/${id}`, { method: 'DELETE' }));
export const useGroupDomains = () =>
  useGroupMutation((v: { id: number; domains: string[]; add: boolean }) => http(`/dm-serv/v1/groups/${v.add ? 'addDomain' : 'delDomain'}/${v.id}`, { method: 'POST', body: { domains: v.domains } }));
