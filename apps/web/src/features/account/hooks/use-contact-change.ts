import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@cc/domain/account';
import { toast } from '../../../lib/toast.ts';
import { useAccount } from '../../../lib/api/get-account.ts';
import { sendOriginCode } from '../api/send-origin-code.ts';
import { verifyOrigin, type VerifyOriginInput } from '../api/verify-origin.ts';
import { sendNewAddressCode } from '../api/send-new-address-code.ts';
import { useSaveNewAddress } from '../api/save-new-address.ts';
import { useApiError } from './use-api-error.ts';

export type Channel = 'tel' | 'email';
export type Via = 'tel' | 'email' | 'password';
export interface NewAddress {
  telephone?: string;
  telPrefix?: string;
  email?: string;
}

/**
 * The two steps of binding or changing a phone or e-mail (ASVS V7): re-authenticate through the address bound
 * now (or, to bind a first one, the password or the other bound channel), which earns a short-lived proof;
 * then the new address with the code sent to it.
 */
export function useContactChange(channel: Channel) {
  const { t } = useTranslation();
  const account = useAccount().data?.accountInfo;
  const save = useSaveNewAddress();
  const err = useApiError();
  const [proof, setProof] = useState('');
  const bound = channel === 'tel' ? Boolean(account?.telephone) : Boolean(account?.email);
  const mode: 'bind' | 'modify' = bound ? 'modify' : 'bind';
  // What may prove it is the user: the channel itself when changing it; otherwise the other bound one or the password.
  const vias: Via[] = bound ? [channel] : [...(channel === 'tel' ? (account?.email ? ['email' as const] : []) : account?.telephone ? ['tel' as const] : []), 'password'];
  const contactOf = (c: Channel) => (c === 'tel' ? (account?.telephone ? `+${account.telPrefix} ${maskContact(account.telephone)}` : '') : account?.email ? maskContact(account.email) : '');

  const sendOrigin = async (via: Channel) => {
    err.clear();
    try {
      const r = await sendOriginCode({ sendTo: via });
      toast.success(t('common.codeSentTo', { to: r.to }));
      return r.resendAfter;
    } catch (e) {
      err.report(e);
      throw e;
    }
  };

  const verify = async (input: VerifyOriginInput) => {
    err.clear();
    try {
      setProof((await verifyOrigin(input)).proof);
      return true;
    } catch (e) {
      err.report(e);
      return false;
    }
  };

  const sendNew = async (address: NewAddress) => {
    err.clear();
    try {
      const r = await sendNewAddressCode(mode, { proof, ...address });
      toast.success(t('common.codeSentTo', { to: r.to }));
      return r.resendAfter;
    } catch (e) {
      err.report(e);
      throw e;
    }
  };

  const finish = async (address: NewAddress, code: string) => {
    err.clear();
    try {
      await save.mutateAsync({ mode, proof, ...address, code });
      return true;
    } catch (e) {
      err.report(e);
      return false;
    }
  };

  return { mode, vias, contactOf, proof, sendOrigin, verify, sendNew, finish, saving: save.isPending, error: err.error };
}
