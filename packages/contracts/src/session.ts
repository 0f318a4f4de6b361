import { z } from 'zod';
import {
  cnMobilePattern,
  codePattern,
  emailPattern,
  recoveryCodePattern,
  inviteCodeMaxLength,
  inviteCodeMinLength,
  inviteCodePattern,
  sha256HexPattern,
} from '@cc/domain/account';
import { trackLimits, type TrackPoint } from '@cc/domain/slider-track';
import { int, requiredText, text } from './input.ts';

/** Field schemas carry message keys (messages.ts) so that both sides say the same thing. */
export const passwordHashField = text(1000, 'v.passwordEmpty')
  .min(1, { message: 'v.passwordEmpty' })
  .regex(sha256HexPattern, { message: 'v.passwordHash' });
export const emailField = text(254, 'v.emailFormat').trim().toLowerCase().regex(emailPattern, { message: 'v.emailFormat' });
/** "86" or "+86". */
export const telPrefixField = text(20, 'v.phoneFormat')
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { message: 'v.phoneFormat' }));
export const telephoneField = text(40, 'v.phoneEmpty').trim().min(1, { message: 'v.phoneEmpty' }).regex(/^\d{5,15}$/, { message: 'v.phoneWrong' });
export const codeField = text(100, 'v.codeFormat').trim().regex(codePattern, { message: 'v.codeFormat' });
/** A phone number or an e-mail address (254 characters at most, the longest address there is). */
export const usernameField = text(254, 'v.usernameEmpty').trim().min(1, { message: 'v.usernameEmpty' });
export const inviteCodeField = text(1000)
  .trim()
  .min(inviteCodeMinLength, { message: 'v.inviteCodeLength' })
  .max(inviteCodeMaxLength, { message: 'v.inviteCodeLength' })
  .regex(inviteCodePattern, { message: 'v.inviteCodeChars' });
// The callback's parameter type is the schema's input type, so clients still see `string | undefined` there.
export const optionalEmpty = <T extends z.ZodType>(s: T) =>
  z.preprocess((v: string | null | undefined) => (v === '' || v === null ? undefined : v), s.optional());

/** Mainland numbers (prefix 86, the default) must be mobile numbers; the field schema checks only digits. */
export function mainlandMobile(v: { telephone?: string | undefined; telPrefix?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.telephone && (v.telPrefix ?? '86') === '86' && !cnMobilePattern.test(v.telephone)) {
    ctx.addIssue({ code: 'custom', message: 'v.phoneWrong', path: ['telephone'] });
  }
}

// --- captcha
/** Whom the puzzle is for: the name about to be signed in with. Its failures count against that account. */
export const captchaQuery = z.object({
  username: usernameField.describe('the phone number or e-mail address the sign-in will use; the token signs in only that account'),
  telPrefix: optionalEmpty(telPrefixField).describe('with a phone number; 86 by default'),
});
export const captchaChallenge = z.object({
  captchaId: z.string(),
  background: z.string().describe('PNG data URL, 320x160'),
  piece: z.string().describe('PNG data URL of the piece to drag'),
  y: z.number().int().describe('row of the top of the piece image on the background, in pixels'),
  width: z.number().int().describe('background width (320); the answer x is the left edge of the piece image, 0..width-pieceWidth'),
  height: z.number().int().describe('background height (160)'),
  pieceWidth: z.number().int().describe('width of the piece image'),
  pieceHeight: z.number().int().describe('height of the piece image'),
});
// A point's three numbers are whole numbers like every other number field (int(): a JSON number or its decimal text),
// each refused at its own place; x and y stay within ±2000 pixels, t within ten minutes.
const trackNumber = int(-2000, 600_000, { type: 'v.captchaTrack', range: 'v.captchaTrack' });
const trackPoint = z
  .array(trackNumber, { message: 'v.captchaTrack' })
  .length(3, { message: 'v.captchaTrack' })
  .refine(([x = 0, y = 0, t = 0]) => Math.abs(x) <= 2000 && Math.abs(y) <= 2000 && t >= 0, { message: 'v.captchaTrack' })
  .transform((p): TrackPoint => [p[0]!, p[1]!, p[2]!]);
export const captchaVerifyBody = z.object({
  captchaId: requiredText(100),
  x: int(0, 1000, { type: 'v.required' }).describe('left edge of the piece where the user dropped it'),
  track: z
    .preprocess(
      // A form body carries the track as its JSON text.
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z.array(trackPoint, { message: 'v.captchaTrack' }).max(trackLimits.maxPoints, { message: 'v.captchaTrack' }),
    )
    .describe('the drag: [x, y, t] for each move, x the handle offset and y the pointer height against the press (pixels), t milliseconds since the press'),
  input: z.enum(['pointer', 'keys'], { message: 'v.captchaTrack' }).default('pointer').describe('keys: moved with the arrow keys (steps of 1, or 10 with shift)'),
});
export const captchaVerifyAnswer = z.object({ captchaToken: z.string() });

// --- sign-in
export const loginBody = z.object({
  username: usernameField,
  password: passwordHashField,
  captchaToken: text(200).optional().describe('from POST /captcha/verify; not needed when the server runs with CAPTCHA=off'),
  telPrefix: telPrefixField.optional().describe('used when username is a phone number; 86 by default'),
});
export const authTypes = ['tel', 'email', 'google'] as const;
export const authType = z.enum(authTypes, { message: 'v.authType' });
/** What `/sec-validation` needs (answer of code 12009, passed as the page's query). */
export const secondStepData = z.object({
  secToken: z.string().describe('identifies this sign-in attempt for 5 minutes; pass it to /secCode and /sec-validation'),
  authType: authType.describe('the preferred method: google, then tel, then email'),
  authTypes: z.array(authType).describe('every method the account has turned on'),
  contact: z.string().describe('masked phone or address of the preferred method; empty for google'),
  contacts: z
    .object({ tel: z.string().optional(), email: z.string().optional() })
    .describe('masked phone and address for each code method the account has turned on'),
});
export type SecondStepData = z.infer<typeof secondStepData>;
export const secCodeQuery = z.object({
  secToken: requiredText(200),
  authType: authType.describe('tel or email (google needs no code sent)'),
});
/** Older name of secCodeQuery. */
export const secCodeBody = secCodeQuery;
export const secValidationBody = z
  .object({
    secToken: requiredText(200),
    authType: z.enum([...authTypes, 'recovery'], { message: 'v.authType' }).describe('recovery: one of the authenticator recovery codes (accounts with google on)'),
    code: text(100, 'v.codeFormat').trim().regex(/^(?:\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, { message: 'v.codeFormat' }).describe('the 6-digit code sent by /secCode, the authenticator code for google, or a recovery code (xxxxx-xxxxx)'),
  })
  .superRefine((v, ctx) => {
    const recovery = v.authType === 'recovery';
    if (!(recovery ? recoveryCodePattern.test(v.code.toLowerCase()) : codePattern.test(v.code))) {
      ctx.addIssue({ code: 'custom', message: recovery ? 'sec.v.recoveryFormat' : 'v.codeFormat', path: ['code'] });
    }
  });

export const accountInfo = z.object({
  accountNo: z.string(),
  balance: z.number().int().describe('cents'),
  toBeInvoicedAmount: z.number().int(),
  telephone: z.string(),
  telPrefix: z.string(),
  email: z.string(),
  companyName: z.string(),
  isNginx: z.string(),
  isApache: z.string(),
  rootUUID: z.string(),
  spark: z.string(),
  idCard: z.string(),
  authName: z.string(),
  authPProgress: z.string(),
  authEProgress: z.string(),
  telAuth: z.string(),
  emailAuth: z.string(),
  googleAuth: z.string(),
  inviteCode: z.string(),
  expiredOrdersTotal: z.number().int(),
  isSubAccount: z.boolean(),
});
export type AccountInfo = z.infer<typeof accountInfo>;
export const accountAnswer = z.object({
  accountInfo: accountInfo,
  lastLoginIP: z.string(),
  lastLoginTime: z.string().describe('yyyy-MM-dd HH:mm:ss, empty before the first sign-in'),
  rootUUID: z.string(),
});
export type AccountAnswer = z.infer<typeof accountAnswer>;

// --- sign-up
export const signupCodeQuery = z
  .object({
    telephone: optionalEmpty(telephoneField),
    telPrefix: telPrefixField.optional(),
    email: optionalEmpty(emailField),
  })
  .refine((v) => v.telephone || v.email, { message: 'v.telOrEmail', path: ['telephone'] })
  .superRefine(mainlandMobile);
export const codeSentAnswer = z.object({
  to: z.string().describe('masked phone or address the code went to'),
  resendAfter: z.number().int().describe('seconds before another code may be asked for'),
});
export const signupBody = z
  .object({
    telephone: optionalEmpty(telephoneField),
    telPrefix: telPrefixField.optional(),
    email: optionalEmpty(emailField),
    password: passwordHashField,
    code: codeField,
    inviteCode: optionalEmpty(inviteCodeField).describe('invite code of the account that referred this one'),
  })
  .refine((v) => v.telephone || v.email, { message: 'v.telOrEmail', path: ['telephone'] })
  .superRefine(mainlandMobile);

// --- password reset
export const forgotPasswordBody = z.object({ username: usernameField });
export const forgotPasswordAnswer = z.object({
  route: z.enum(['email', 'tel']).describe('email when the identifier is an e-mail address'),
  contact: z.string().describe('the identifier, normalised (lower-case address or digits only)'),
});
export const changePwdSendSmsQuery = z.object({ telephone: telephoneField, telPrefix: telPrefixField.optional() }).superRefine(mainlandMobile);
export const changePwdSendEmailQuery = z.object({ email: emailField });
export const changePwdByTelBody = z
  .object({ telephone: telephoneField, telPrefix: telPrefixField.optional(), code: codeField, newPwd: passwordHashField })
  .superRefine(mainlandMobile);
export const changePwdByEmailBody = z.object({ email: emailField, code: codeField, newPwd: passwordHashField });

// --- signed-in session
export const verifyTokenAnswer = z.object({ valid: z.boolean(), accountNo: z.string() });

export const inviteCodeAnswer = z.object({ inviteCode: z.string() });
export const inviteCodeBody = z.object({ inviteCode: text(1000, 'v.inviteCodeLength').pipe(inviteCodeField) });

// --- two-step settings (account security)
export const twoStepAuthCodeQuery = z.object({ authType: z.enum(['tel', 'email'], { message: 'v.authType' }) });
export const twoStepStatus = z.object({
  telAuth: z.enum(['Y', 'N']),
  emailAuth: z.enum(['Y', 'N']),
  googleAuth: z.enum(['Y', 'N']),
  recoveryCodes: z.array(z.string()).optional().describe('when the authenticator was just turned on: its 10 one-time recovery codes, shown this once'),
});
export const twoStepAuthBody = z.object({
  authType: authType,
  status: z.enum(['Y', 'N'], { message: 'v.status' }),
  authCode: codeField.describe('code from /v1/twoStepAuthCode for tel and email; the authenticator code for google'),
});
export const googleAuthAnswer = z.object({
  secret: z.string().describe('base32 secret, for typing into an authenticator'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('PNG data URL of otpauthUrl'),
});

// --- outbox (development only)
export const outboxQuery = z.object({
  to: requiredText(254)
    .describe('an e-mail address, or a phone number as +{telPrefix}{telephone} (SMS are stored that way); plain {telephone} digits also match'),
});
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const outboxAnswer = z.array(outboxMessage).describe('newest first, at most 20');
