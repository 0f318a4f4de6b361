import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { authCodeAnswer, domainDetail, domainListAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type DomainList = z.infer<typeof domainListAnswer>;
export type DomainDetail = z.infer<typeof domainDetail>;
export type DomainTab = 'mine' | 'expiring' | 'expired' | 'forSale';

/** GET /dm-serv/v1/domains */
export function useDomains(q: { tab: DomainTab; keyword?: string; groupId?: number | undefined; limit: number; offset: number }) {
  return useQuery({
    queryKey: ['domains', 'list', q],
    queryFn: ({ signal }) => http<DomainList>('/dm-serv/v1/domains', { query: { ...q, groupId: q.groupId ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dm-serv/v1/domains/{orderNo} */
export const useDomainDetail = (orderNo: string) =>
  useQuery({ queryKey: ['domains', 'detail', orderNo], queryFn: ({ signal }) => http<DomainDetail>(`/dm-serv/v1/domains/${encodeURIComponent(orderNo)}`, { signal }), enabled: !!orderNo });

function useDomainsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['domains'] }) });
}

/** PUT /dm-serv/v1/domainLock */
export const useSetLock = () => useDomainsMutation((v: { domain: string; lock: boolean }) => http<{ locked: boolean }>('/dm-serv/v1/domainLock', { method: 'PUT', body: v }));
/** PUT /dm-serv/v1/domains/forSale */
export const useSetForSale = () => useDomainsMutation((v: { domain: string; forSale: boolean }) => http<unknown>('/dm-serv/v1/domains/forSale', { method: 'PUT', body: v }));
/** POST /dm-serv/v1/domains/authCode */
export const useAuthCode = () => useMutation({ mutationFn: (v: { domain: string; reset?: boolean }) => http<z.infer<typeof authCodeAnswer>>('/dm-serv/v1/domains/authCode', { method: 'POST', body: v }) });
/** PUT /dm-serv/v1/orders/remark */
export const useSetRemark = () => useDomainsMutation((v: { orderNo: string; remark: string }) => http<unknown>('/dm-serv/v1/orders/remark', { method: 'PUT', body: v }));
/** PUT /dm-serv/v1/domains/nameservers */
export const useSetNameservers = () => useDomainsMutation((v: { domain: string; nameservers: string[] }) => http<unknown>('/dm-serv/v1/domains/nameservers', { method: 'PUT', body: v }));
