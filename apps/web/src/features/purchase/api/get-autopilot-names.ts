import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dcvAutopilotAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type AutopilotNames = z.infer<typeof dcvAutopilotAnswer>;

/** Names asked about at most (the first orders' names): enough to show the offer; the server decides per order anyway. */
const askedAtMost = 200;

/** GET /v1/orders/dcvAutopilot?names=: which names live in a zone this account hosts here (the DCV autopilot's offer). */
export function useAutopilotNames(names: string[]) {
  const asked = [...new Set(names.filter(Boolean))].slice(0, askedAtMost);
  return useQuery({
    queryKey: ['dcvAutopilot', asked],
    queryFn: () => http<AutopilotNames>('/v1/orders/dcvAutopilot', { query: { names: asked.join(',') } }),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
