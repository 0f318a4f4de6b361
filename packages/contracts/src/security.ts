/** Account security (/account/secure, document 02 §4, §5, §7 "Session and account"): password, phone and e-mail, sessions, WeChat. */
import { z } from 'zod';
import { passwordMinLength } from '@cc/domain/account';
import { requiredText, text } from './input.ts';
import { codeField, emailField, mainlandMobile, optionalEmpty, passwordHashField, telephoneField, telPrefixField } from './session.ts';

/** The password as typed in the console (document 02 §5: the check is 8 while its message says 6); the server only sees its hash. */
export const typedPasswordField = z.string({ message: 'v.passwordEmpty' }).min(1, { message: 'v.passwordEmpty' }).min(passwordMinLength, { message: 'v.passwordLength' });

// --- change password (signed in)
export const changePasswordBody = z
  .object({
    oldPwd: passwordHashField.describe('SHA-256 hex of the current password'),
    newPwd: passwordHashField.describe('SHA-256 hex of the new password'),
  })
  .refine((v) => v.oldPwd !== v.newPwd, { message: 'sec.v.samePassword', path: ['newPwd'] });
export const changePasswordAnswer = z.object({ signedOut: z.number().int().describe('how many other sessions of the account were ended') });

// --- phone and e-mail: re-authentication through the current address, then the new address
export const contactChannel = z.enum(['tel', 'email'], { message: 'sec.v.channel' });
export type ContactChannel = z.infer<typeof contactChannel>;
export const sendOriginQuery = z.object({ sendTo: contactChannel.describe('which currently bound address gets the code: tel or email') });
export const originVerifyBody = z
  .object({
    sendTo: contactChannel.optional().describe('the address the code went to (with verifyCode)'),
    verifyCode: optionalEmpty(codeField).describe('the code of GET /v1/modifyEmailOrTelSendOrigin'),
    password: optionalEmpty(passwordHashField).describe('or the password (SHA-256 hex): only to bind a first phone or e-mail of that kind'),
  })
  .refine((v) => v.verifyCode || v.password, { message: 'sec.v.codeOrPassword', path: ['verifyCode'] })
  .refine((v) => !v.verifyCode || v.sendTo, { message: 'sec.v.channel', path: ['sendTo'] });
export const proofAnswer = z.object({
  proof: z.string().describe('pass as `proof` to the call that sends a code to the new address and to the call that saves it; single use, this session only'),
  via: z.enum(['tel', 'email', 'password']),
  expiresIn: z.number().int().describe('seconds'),
});

const proofField = requiredText(200, 'sec.proof.missing').describe('from POST /v1/modifyEmailOrTelOriginVerify');
const newAddress = {
  telephone: optionalEmpty(telephoneField),
  telPrefix: telPrefixField.optional(),
  email: optionalEmpty(emailField),
};
const oneAddress = (v: { telephone?: string | undefined; email?: string | undefined }) => Boolean(v.telephone) !== Boolean(v.email);
/** GET /v1/bindEmailOrTel and GET /v1/modifyEmailOrTel: a code to the new phone or address. */
export const newAddressQuery = z
  .object({ proof: proofField, ...newAddress })
  .refine(oneAddress, { message: 'sec.v.oneAddress', path: ['telephone'] })
  .superRefine(mainlandMobile);
/** POST /v1/bindEmailOrTel and PUT /v1/modifyEmailOrTel: the new phone or address with its code. */
export const newAddressBody = z
  .object({ proof: proofField, ...newAddress, code: codeField })
  .refine(oneAddress, { message: 'sec.v.oneAddress', path: ['telephone'] })
  .superRefine(mainlandMobile);
export const updateTelBody = z.object({ proof: proofField, telephone: telephoneField, telPrefix: telPrefixField.optional(), code: codeField }).superRefine(mainlandMobile);
export const updateEmailBody = z.object({ proof: proofField, email: emailField, code: codeField });
export const contactAnswer = z.object({ telephone: z.string(), telPrefix: z.string(), email: z.string() });

// --- sessions and devices
export const sessionItem = z.object({
  id: z.string(),
  device: z.string().describe('browser · system, from the user agent'),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss, China Standard Time'),
  lastSeenAt: z.string(),
  current: z.boolean().describe('the session making this call'),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsAnswer = z.array(sessionItem).describe('live sessions, current first, then the most recently seen');
export const sessionIdParams = z.object({ id: text(30, 'sec.v.sessionId').regex(/^\d{1,18}$/, { message: 'sec.v.sessionId' }) });
export const revokedAnswer = z.object({ revoked: z.number().int() });

// --- authenticator recovery codes
export const recoveryStatus = z.object({ total: z.number().int(), left: z.number().int() });
export const regenerateRecoveryBody = z.object({ authCode: codeField.describe('a current authenticator code') });
export const recoveryCodesAnswer = z.object({ codes: z.array(z.string()).describe('10 one-time codes, shown this once') });

// --- WeChat sign-in binding (OAuth; a built-in sandbox provider outside production)
export const wechatStatus = z.object({
  available: z.boolean().describe('false in production without a configured provider'),
  sandbox: z.boolean(),
  bound: z.boolean(),
  nickname: z.string(),
  boundAt: z.string(),
});
export const wechatAuthorizeAnswer = z.object({ authorizeUrl: z.string().describe("the provider's authorize page; it comes back to /account/secure?code=&state=") });
export const wxRedirectBody = z.object({
  code: requiredText(200, 'sec.wechat.codeMissing'),
  state: requiredText(200, 'sec.wechat.stateMissing'),
});
export const wechatSandboxDecision = z.object({
  state: requiredText(200, 'sec.wechat.stateMissing'),
  redirect_uri: requiredText(500).describe('where the provider sends the user back: a path of this site'),
  nickname: requiredText(64, 'sec.wechat.nickname').describe('the sandbox WeChat user: the same nickname is the same user (openid)'),
  approve: z.boolean(),
});
export const wechatSandboxAnswer = z.object({ redirectUrl: z.string() });
