import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { getRenewTicket, renewHref } from '../api/renew-ticket.ts';

/** "Renew": asks for the order's renewal link and opens the order screen it points at (pre-filled from its ticket). */
export function useRenew() {
  const router = useRouter();
  const [renewing, setRenewing] = useState<string | null>(null);
  const renew = async (orderNo: string) => {
    setRenewing(orderNo);
    try {
      const link = await getRenewTicket(orderNo);
      await router.navigate({ href: renewHref(link.url) });
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setRenewing(null);
    }
  };
  return { renew, renewing };
}
