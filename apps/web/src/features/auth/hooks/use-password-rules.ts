import type { Rule } from 'antd/es/form';
import { codePattern, emailPattern, passwordMinLength } from '@cc/domain/account';
import { useMsg } from '../../../i18n/index.ts';

/** Form rules with the exact messages of doc 02 §5 (the length check is 8 while its message says 6). */
export function useFieldRules() {
  const m = useMsg();
  return {
    email: [
      { required: true, whitespace: true, message: m('v.emailEmpty') },
      { pattern: emailPattern, message: m('v.emailFormat') },
    ] satisfies Rule[],
    password: [
      { required: true, message: m('v.passwordEmpty') },
      { min: passwordMinLength, message: m('v.passwordLength') },
    ] satisfies Rule[],
    passwordPresent: [{ required: true, message: m('v.passwordEmpty') }] satisfies Rule[],
    code: [
      { required: true, message: m('v.codeFormat') },
      { pattern: codePattern, message: m('v.codeFormat') },
    ] satisfies Rule[],
  };
}
