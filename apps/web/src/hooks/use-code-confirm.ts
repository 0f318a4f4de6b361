import { useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { validValues } from '../lib/form.ts';
import { ApiError } from '../lib/http.ts';
import { toast } from '../lib/toast.ts';

type Channel = 'tel' | 'email';

/**
 * A dialog that re-authenticates with the password and a code sent to the bound e-mail or phone before one grave step
 * (closing the account, handing ownership over): sending the code and submitting, with the server's message shown in
 * the dialog. `send` answers the seconds before a resend, for the code field's countdown.
 */
export function useCodeConfirm<V extends { channel: Channel }>(
  form: FormInstance<V>,
  o: {
    sendCode: (channel: Channel) => Promise<{ to: string; resendAfter: number }>;
    sentText: (to: string) => string;
    perform: (values: V) => Promise<unknown>;
    doneText: string;
    onDone: () => void;
  },
) {
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    try {
      const r = await o.sendCode((form as FormInstance).getFieldValue('channel') as Channel);
      toast.success(o.sentText(r.to));
      return r.resendAfter;
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
      throw e;
    }
  };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setError(null);
    try {
      await o.perform(v);
      toast.success(o.doneText);
      o.onDone();
    } catch (e) {
      if (e instanceof ApiError) setError(e.msg);
    }
  };
  return { error, setError, send, submit };
}
