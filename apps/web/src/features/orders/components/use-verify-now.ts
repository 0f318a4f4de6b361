import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useVerifyDomains } from '../api/verify-domains.ts';
import { useOrdersT } from '../i18n.ts';

/** "Verify now" on one order: checks every pending name at once and says how many are still pending. */
export function useVerifyNow() {
  const { t } = useOrdersT();
  const verify = useVerifyDomains();
  const run = async (orderNo: string) => {
    try {
      const a = await verify.mutateAsync(orderNo);
      const left = a.domains.filter((d) => d.status === 'pending').length;
      if (left === 0) toast.success(t('dcv.verified'));
      else toast.warning(t('dcv.stillPending', { count: left }));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  return { run, isPending: verify.isPending };
}
