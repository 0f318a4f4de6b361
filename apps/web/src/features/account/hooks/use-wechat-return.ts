import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { finishWechatBinding } from '../api/finish-wechat-binding.ts';
import { wechatQuery } from '../api/get-wechat.ts';

/**
 * The WeChat provider sends the user back to /account/secure?code=&state= (or ?error=): finish the binding once,
 * then take code and state out of the address so a reload does not try them again.
 */
export function useWechatReturn() {
  const { t } = useTranslation();
  const search: { code?: string; state?: string; error?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const [finishing, setFinishing] = useState(false);
  const tried = useRef('');
  const { code, state, error: denied } = search;

  useEffect(() => {
    if (!state || tried.current === state) return;
    tried.current = state;
    const clean = () => void navigate({ to: '/account/secure', search: {}, replace: true });
    if (denied || !code) {
      setError(t('secure.wechatDenied'));
      clean();
      return;
    }
    setFinishing(true);
    finishWechatBinding({ code, state })
      .then((s) => {
        qc.setQueryData(wechatQuery.queryKey, s);
        toast.success(t('secure.wechatBoundOk'));
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.msg : t('http.disconnected')))
      .finally(() => {
        setFinishing(false);
        clean();
      });
  }, [code, state, denied, navigate, qc, t]);

  return { error, finishing, dismiss: () => setError('') };
}
