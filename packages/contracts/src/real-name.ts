import { z } from 'zod';
import { bankAccountPattern, creditCodeFault, depositMaxCents, depositMinCents, idCardFault, orgNameMaxLength, realNameMaxLength, verificationStates } from '@cc/domain/real-name';
import { id, int, requiredText, text } from './input.ts';

/** Real-name verification (document 02 §7 "Contacts, companies, real-name"), invite condition (§7 "Other"). */

const idCardField = requiredText(40, 'realName.v.idCardRequired')
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const fault = idCardFault(v);
    if (fault) ctx.addIssue({ code: 'custom', message: `realName.v.idCard.${fault}` });
  });
const creditCodeField = requiredText(40, 'realName.v.socialCodeRequired')
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const fault = creditCodeFault(v);
    if (fault) ctx.addIssue({ code: 'custom', message: `realName.v.socialCode.${fault}` });
  });

export const realAuthBody = z.object({
  name: requiredText(realNameMaxLength, 'realName.v.nameRequired').describe('the name on the identity card'),
  idCard: idCardField.describe('18-character identity number (GB 11643), its last character the mod 11 check'),
});

const verificationState = z.enum(verificationStates);
const common = {
  authno: z.number().int().describe('the verification number; 0 when never asked'),
  status: verificationState,
  reason: z.string().describe('why the verifier declined ("" otherwise)'),
  submittedAt: z.string().describe('yyyy-MM-dd HH:mm:ss, "" when never asked'),
  decidedAt: z.string(),
  reviewURL: z.string().describe("outside production: the sandbox verifier's review page; '' otherwise"),
};
export const realAuthAnswer = z.object({
  ...common,
  name: z.string(),
  idCard: z.string().describe('masked: first 3 and last 4 characters'),
});

/** The company's details of an enterprise verification, field by field: the body checks them with these, the console's form too. */
export const orgRealAuthFields = {
  orgName: requiredText(orgNameMaxLength, 'realName.v.orgNameRequired'),
  socialCode: creditCodeField,
  legalName: requiredText(realNameMaxLength, 'realName.v.legalNameRequired'),
  openAccount: requiredText(100, 'realName.v.openAccountRequired'),
  bankAccount: requiredText(40, 'realName.v.bankAccountRequired').refine((v) => bankAccountPattern.test(v.replace(/\s/g, '')), { message: 'realName.v.bankAccount' }),
};
type OrgField = keyof typeof orgRealAuthFields;

export const orgRealAuthBody = z
  .object({
    authno: id('realName.v.authno').optional().describe('with balance: confirms the deposit of this verification'),
    balance: int(depositMinCents, depositMaxCents, { type: 'realName.v.balance', range: 'realName.v.balance' })
      .optional()
      .describe('cents of the small deposit read on the bank statement (1-99)'),
    orgName: text(orgNameMaxLength).trim().optional(),
    socialCode: text(40).trim().optional().describe('unified social credit code (GB 32100)'),
    legalName: text(realNameMaxLength).trim().optional().describe('legal representative'),
    openAccount: text(100).trim().optional().describe('the bank the account is held at'),
    bankAccount: text(40).trim().optional().describe('the company bank account number (digits)'),
  })
  .superRefine((v, ctx) => {
    if (v.authno !== undefined) {
      if (v.balance === undefined) ctx.addIssue({ code: 'custom', path: ['balance'], message: 'realName.v.balance' });
      return;
    }
    for (const field of Object.keys(orgRealAuthFields) as OrgField[]) {
      const r = orgRealAuthFields[field].safeParse(v[field] ?? '');
      if (!r.success) ctx.addIssue({ code: 'custom', path: [field], message: r.error.issues[0]!.message });
    }
  })
  .transform((v) => ({ ...v, socialCode: v.socialCode?.toUpperCase(), bankAccount: v.bankAccount?.replace(/\s/g, '') }));

export const orgRealAuthAnswer = z.object({
  ...common,
  step: z.enum(['none', 'deposit', 'review', 'done']).describe('deposit: waiting for the amount on the bank statement; review: with the verifier'),
  orgName: z.string(),
  socialCode: z.string().describe('masked'),
  legalName: z.string(),
  openAccount: z.string(),
  bankAccount: z.string().describe('masked: last 4 digits'),
  attemptsLeft: z.number().int().describe('wrong deposit amounts still allowed'),
  depositExpiresAt: z.string().describe('yyyy-MM-dd HH:mm:ss; the deposit must be confirmed before'),
});
export const orgRealAuthParams = z.object({ id: id('realName.v.authno') });

// --- the sandbox verifier's review page (public: the id is unguessable)
export const verificationSandboxParams = z.object({ id: text(100, 'realName.sandbox.notFound').regex(/^rv_[A-Za-z0-9_-]{10,60}$/, { message: 'realName.sandbox.notFound' }) });
export const verificationSandboxView = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'enterprise']),
  status: z.enum(['pending', 'approved', 'declined']),
  subject: z.record(z.string(), z.string()).describe('what the verifier checks (identity numbers masked)'),
  depositCents: z.number().int().nullable().describe("enterprise: the amount paid into the company's account (the sandbox's bank statement)"),
  depositConfirmed: z.boolean(),
  reason: z.string(),
});
/** The reviewer's reason for a decline; the body may be absent. */
export const verificationSandboxDecision = z.preprocess((v) => (v === null || v === undefined || v === '' ? {} : v), z.object({ reason: text(200).trim().optional().default('') }));
export const verificationSandboxAnswer = z.object({ status: z.enum(['approved', 'declined']) });
export const verificationCallback = z.object({
  eventId: z.string().max(200),
  reviewId: z.string().max(100),
  merchantRef: z.string().max(100),
  status: z.enum(['approved', 'declined']),
  reason: z.string().max(200),
  occurredAt: z.number().int(),
});
export const verificationCallbackAnswer = z.object({ received: z.boolean(), applied: z.boolean(), reason: z.string() });

// --- invite condition
export const inviteConditionAnswer = z.object({
  rewardCents: z.number().int().describe('credited to the inviter once per invited account that passes a real-name verification'),
  maxRewards: z.number().int(),
  condition: z.literal('realName').describe('what the invited account must do: pass personal or enterprise verification'),
  invited: z.number().int().describe('accounts signed up with this account\'s code'),
  verified: z.number().int(),
  rewarded: z.number().int(),
  earnedCents: z.number().int(),
  invitees: z
    .array(z.object({ account: z.string().describe('masked e-mail or phone'), signedUpAt: z.string(), state: z.enum(['signedUp', 'rewarded', 'verified']) }))
    .describe('newest 20'),
});
