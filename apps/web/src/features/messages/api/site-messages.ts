import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementListAnswer, SiteMsgCategory, SiteMsgListAnswer, SiteMsgListQuery, SiteMsgSummary } from '@cc/contracts/site-messages';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

/** Every cached answer of the message centre: a read or delete refreshes them all (the bell included). */
export const siteMsgKey = ['siteMsg'] as const;

/**
 * GET /v1/siteMsg/summary: the bell's count and the announcement banner, in one call the header makes. It is not
 * made again on each page: cached for a minute, refreshed every two minutes while the console is open and when the
 * tab comes back into view, and at once after anything that reads or deletes messages.
 */
export const siteMsgSummaryQuery = queryOptions({
  queryKey: [...siteMsgKey, 'summary'],
  queryFn: ({ signal }) => http<SiteMsgSummary>(calls.siteMsgSummary.path, callOptions(calls.siteMsgSummary, signal)),
  staleTime: 60_000,
  refetchInterval: 120_000,
  refetchOnWindowFocus: true,
});
export function useSiteMsgSummary() {
  return useQuery(siteMsgSummaryQuery);
}

/** GET /v1/siteMsg: one page of messages with the filters. */
export function useSiteMessages(query: SiteMsgListQuery, enabled = true) {
  return useQuery({
    queryKey: [...siteMsgKey, 'list', query],
    queryFn: ({ signal }) => http<SiteMsgListAnswer>('/v1/siteMsg', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /v1/siteMsg/announcement. */
export function useAnnouncements() {
  return useQuery({ queryKey: [...siteMsgKey, 'announcements'], queryFn: ({ signal }) => http<AnnouncementListAnswer>('/v1/siteMsg/announcement', { signal }) });
}

function useSiteMsgMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: siteMsgKey }) });
}

/** PUT /v1/siteMsg/{id}. */
export const useReadSiteMessage = () => useSiteMsgMutation((id: number) => http<{ unread: number }>(`/v1/siteMsg/${id}`, { method: 'PUT', body: {} }));
/** PUT /v1/siteMsg/read (one group, or all). */
export const useReadAllSiteMessages = () =>
  useSiteMsgMutation((category: SiteMsgCategory | undefined) => http<{ read: number; unread: number }>('/v1/siteMsg/read', { method: 'PUT', body: category ? { category } : {} }));
/** DELETE /v1/siteMsg/{id}. */
export const useDeleteSiteMessage = () => useSiteMsgMutation((id: number) => http<{ unread: number }>(`/v1/siteMsg/${id}`, { method: 'DELETE' }));
/** PUT /v1/siteMsg/announcement/{id}: read, the banner goes. */
export const useReadAnnouncement = () => useSiteMsgMutation((id: number) => http<null>(`/v1/siteMsg/announcement/${id}`, { method: 'PUT', body: {} }));
/** DELETE /v1/siteMsg/announcement/{id}: hidden from the list. */
export const useHideAnnouncement = () => useSiteMsgMutation((id: number) => http<null>(`/v1/siteMsg/announcement/${id}`, { method: 'DELETE' }));
