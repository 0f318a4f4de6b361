/** Account field rules (document 02 §5), shared by the console forms and the server schemas. */

export const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Mainland Chinese mobile numbers. */
export const cnMobilePattern = /^1[3-9]\d{9}$/;
/** Other countries: digits only, 5 to 15 (E.164 without the prefix). */
export const intlPhonePattern = /^\d{5,15}$/;
export const codePattern = /^\d{6}$/;
export const inviteCodePattern = /^[A-Za-z0-9]+$/;
export const sha256HexPattern = /^[0-9a-f]{64}$/;
/** Authenticator recovery codes: two groups of five letters and digits without look-alikes (0/o, 1/l). */
export const recoveryCodePattern = /^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/;
export const recoveryCodeCount = 10;

/** The check says 8 while the message says 6 (document 02 §5); the check wins. */
export const passwordMinLength = 8;
export const codeLength = 6;
export const codeResendSeconds = 60;
export const inviteCodeMinLength = 4;
export const inviteCodeMaxLength = 128;
export const defaultTelPrefix = '86';

export function isEmail(v: string): boolean {
  return emailPattern.test(v);
}

export function isPhone(v: string, telPrefix: string = defaultTelPrefix): boolean {
  return telPrefix === '86' ? cnMobilePattern.test(v) : intlPhonePattern.test(v);
}

/** Strength wanted by the meter: length 8 plus upper, lower, digit and special characters (0..4). */
export function passwordStrength(pw: string): number {
  if (pw.length < passwordMinLength) return 0;
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
}

/** Chinese-only names join last+first without a space; others show "first last". */
export function fullName(firstname: string, lastname: string): string {
  const han = /^[\u4e00-\u9fa5]+$/;
  if (han.test(firstname + lastname)) return `${lastname}${firstname}`;
  return [firstname, lastname].filter(Boolean).join(' ');
}

/** Masks the middle of a phone number or the local part of an address for display. */
export function maskContact(v: string): string {
  if (v.includes('@')) {
    const [local = '', host = ''] = v.split('@');
    return `${local.slice(0, 2)}***@${host}`;
  }
  return v.length > 7 ? `${v.slice(0, 3)}****${v.slice(-4)}` : v;
}
