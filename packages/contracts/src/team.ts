import { z } from 'zod';
import { calendarDate, id, int, pageNumber, pageSize, requiredText, text } from './input.ts';
import { codeField, emailField, mainlandMobile, optionalEmpty, passwordHashField, telPrefixField, telephoneField } from './session.ts';

/**
 * Team (document 02 §6–7 sub-accounts): members of an account sign in with their own credentials, hold one role
 * and sit in one department. A role is a set of the permissions below, kept as data (table roles): a new role is a
 * new row, no code. Every signed-in route declares the permission it needs (apps/server/src/plugins/permissions.ts).
 * Messages are keys of team-messages.ts.
 */

/**
 * What a role may hold. `self` is every signed-in member's (its own session, its own answer); `scope.all` widens
 * what a member sees from its department and those below to the whole account; `account.owner` is the owner's
 * alone (money settings, closing the account, ownership, the holder's own credentials).
 */
export const permissions = [
  'self',
  'orders.read',
  'orders.manage',
  'orders.pay',
  'billing.read',
  'billing.manage',
  'domains.manage',
  'tools.use',
  'contacts.manage',
  'members.manage',
  'audit.read',
  'keys.manage',
  'scope.all',
  'account.owner',
] as const;
export type Permission = (typeof permissions)[number];

/** The roles every account has (seeded by migration 0090); owner is the account holder's and no member's. */
export const roleCodes = ['owner', 'admin', 'finance', 'technical', 'readonly'] as const;
export type RoleCode = (typeof roleCodes)[number];

/** The most a list of team data holds (document 02: roles and departments are listed with limit 100). */
export const teamListLimit = 100;

/** A department, or none: '' / 0 / null say "no department" (a select's empty choice). */
const optionalDept = z
  .preprocess((v: unknown) => (v === '' || v === 0 || v === '0' ? null : v), id('team.v.dept').nullable().optional())
  .describe('a department id; null or 0: none');

const listQuery = {
  limit: pageSize(teamListLimit).default(teamListLimit).describe(`page size, at most ${teamListLimit}`),
  offset: pageNumber().default(1).describe('1-based page number'),
};

export const memberStatuses = ['invited', 'active', 'suspended'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

// --- the signed-in member's own answer (what the console hides or shows)

export const meAnswer = z.object({
  owner: z.boolean().describe('the account holder (every permission)'),
  memberID: z.number().int().nullable().describe('null for the owner'),
  name: z.string(),
  roleID: z.number().int(),
  roleCode: z.string(),
  deptID: z.number().int().nullable(),
  permissions: z.array(z.enum(permissions)).describe('what this member may do (the server refuses the rest)'),
  payLimitCents: z.number().int().nullable().describe('the most one payment may be, in cents; null: no limit'),
});
export type MeAnswer = z.infer<typeof meAnswer>;

// --- roles

export const role = z.object({
  roleID: z.number().int(),
  code: z.string(),
  name: z.string().describe("in the caller's language"),
  permissions: z.array(z.enum(permissions)),
  payLimitCents: z.number().int().nullable().describe('the most one payment may be, in cents (0: cannot pay); null: no limit'),
  members: z.number().int().describe('members holding the role'),
});
export type Role = z.infer<typeof role>;
export const rolesAnswer = z.object({ data: z.array(role), total: z.number().int() });
export type RolesAnswer = z.infer<typeof rolesAnswer>;

export const rolePayLimitBody = z.object({
  roleID: id('team.v.role'),
  payLimitCents: int(0, 2_000_000_000, { type: 'team.v.payLimit', range: 'team.v.payLimit' }).nullable().describe('null: no limit; 0: cannot pay'),
});
export type RolePayLimitBody = z.input<typeof rolePayLimitBody>;

// --- departments

export const dept = z.object({
  deptID: z.number().int(),
  name: z.string(),
  parentID: z.number().int().nullable(),
  depth: z.number().int().describe('0 for a top department'),
  members: z.number().int(),
});
export type Dept = z.infer<typeof dept>;
export const deptsAnswer = z.object({ data: z.array(dept), total: z.number().int() });
export type DeptsAnswer = z.infer<typeof deptsAnswer>;
export const deptsQuery = z.object(listQuery);

const deptName = requiredText(60, 'team.v.deptName');
export const deptCreateBody = z.object({ name: deptName, parentID: optionalDept });
export type DeptCreateBody = z.input<typeof deptCreateBody>;
export const deptUpdateBody = z
  .object({ deptID: id('team.v.dept'), name: deptName.optional(), parentID: optionalDept })
  .refine((v) => v.name !== undefined || v.parentID !== undefined, { message: 'team.v.nothing', path: ['name'] });
export type DeptUpdateBody = z.input<typeof deptUpdateBody>;

// --- sub-accounts (members)

export const subAccount = z.object({
  subAccountID: z.number().int(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  telPrefix: z.string(),
  roleID: z.number().int(),
  roleName: z.string(),
  deptID: z.number().int().nullable(),
  deptName: z.string(),
  status: z.enum(memberStatuses),
  twoStep: z.enum(['Y', 'N']).describe('Y: a code to its own address or phone after the password'),
  lastLoginTime: z.string(),
  createdAt: z.string(),
});
export type SubAccount = z.infer<typeof subAccount>;
export const subAccountsAnswer = z.object({ data: z.array(subAccount), total: z.number().int() });
export type SubAccountsAnswer = z.infer<typeof subAccountsAnswer>;
export const subAccountsQuery = z.object({
  ...listQuery,
  deptID: optionalEmpty(id('team.v.dept')),
  status: optionalEmpty(z.enum(memberStatuses, { message: 'team.v.status' })),
});

const memberName = requiredText(60, 'team.v.name');
export const subAccountCreateBody = z
  .object({
    name: memberName,
    email: optionalEmpty(emailField),
    telephone: optionalEmpty(telephoneField),
    telPrefix: telPrefixField.optional().default('86'),
    roleID: id('team.v.role'),
    deptID: optionalDept,
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.telephone) ctx.addIssue({ code: 'custom', message: 'team.v.contact', path: ['email'] });
    mainlandMobile(v, ctx);
  });
export type SubAccountCreateBody = z.input<typeof subAccountCreateBody>;

export const subAccountUpdateBody = z
  .object({
    subAccountID: id('team.v.member'),
    name: memberName.optional(),
    roleID: id('team.v.role').optional(),
    deptID: optionalDept,
    status: z.enum(['active', 'suspended'], { message: 'team.v.status' }).optional().describe('suspend a member, or let it back in'),
    resetTwoStep: z.literal(true, { message: 'team.v.nothing' }).optional().describe('the member signs in with its password alone until it sets a second step again'),
    resendInvite: z.literal(true, { message: 'team.v.nothing' }).optional().describe('a new invitation link (the old one stops working)'),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'subAccountID'), { message: 'team.v.nothing', path: ['subAccountID'] });
export type SubAccountUpdateBody = z.input<typeof subAccountUpdateBody>;
export const subAccountIdParams = z.object({ id: id('team.v.member') });
/** POST /v1/user/subAccounts/{id}/signOut: how many of the member's sessions ended. */
export const memberSignOutAnswer = z.object({ revoked: z.number().int().describe("the member's sessions that ended") });
export type MemberSignOutAnswer = z.infer<typeof memberSignOutAnswer>;
/**
 * DELETE /v1/user/subAccounts as document 02 names it: the member in the body or the query string, as subAccountID
 * (the name PUT uses) or id. Either may be left out; the call needs one of them.
 */
export const subAccountRef = z.object({
  subAccountID: optionalEmpty(id('team.v.member')),
  id: optionalEmpty(id('team.v.member')),
});
export type SubAccountRef = z.infer<typeof subAccountRef>;

// --- invitations (a visitor with the link)

export const invitationQuery = z.object({ token: text(200, 'team.invite.invalid').trim().min(1, { message: 'team.invite.invalid' }) });
export const invitationAnswer = z.object({
  companyName: z.string(),
  accountNo: z.string(),
  name: z.string(),
  login: z.string().describe('the address or phone the member signs in with'),
});
export type InvitationAnswer = z.infer<typeof invitationAnswer>;
export const invitationAcceptBody = z.object({ token: invitationQuery.shape.token, password: passwordHashField });
export type InvitationAcceptBody = z.input<typeof invitationAcceptBody>;

// --- audit log

export const auditObjectTypes = ['order', 'payment', 'apiKey', 'dns', 'domain', 'member', 'dept', 'role', 'account'] as const;
export const auditLogQuery = z.object({
  ...listQuery,
  memberID: z
    .preprocess((v: unknown) => (v === '' || v === null ? undefined : v), int(0, 2_147_483_647, { type: 'team.v.member', range: 'team.v.member' }).optional())
    .describe('0: the owner'),
  objectType: optionalEmpty(z.enum(auditObjectTypes, { message: 'team.v.objectType' })),
  objectID: optionalEmpty(text(100).trim()),
  startDate: optionalEmpty(calendarDate()),
  endDate: optionalEmpty(calendarDate()),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  who: z.string().describe("the member's name, or the owner's"),
  memberID: z.number().int().nullable(),
  action: z.string(),
  text: z.string().describe("what was done, in the caller's language"),
  objectType: z.string(),
  objectID: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogAnswer = z.object({ data: z.array(auditEntry), total: z.number().int() });
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;

// --- a member's own second step (/account/secure)

export const memberSecurityAnswer = z.object({
  twoStep: z.enum(['Y', 'N']).describe('Y: a code to its own address or phone after the password'),
  channel: z.enum(['email', 'tel']).nullable().describe('where the code goes (its e-mail first); null: nowhere to send one'),
  contact: z.string().describe('that address, masked'),
});
export const memberTwoStepBody = z.object({
  twoStep: z.enum(['Y', 'N'], { message: 'team.v.twoStep' }),
  password: passwordHashField.describe('SHA-256 hex of the member\'s password: changing the second step asks for it'),
});

// --- handing ownership to a member

export const ownershipChannel = z.enum(['tel', 'email'], { message: 'sec.v.channel' });
export const ownershipCodeQuery = z.object({ channel: ownershipChannel.describe('the owner\'s bound phone (tel) or e-mail that gets the code') });
export const ownershipCodeAnswer = z.object({ to: z.string(), resendAfter: z.number().int() });
export const ownershipTransferBody = z.object({
  memberID: id('team.v.member').describe('an active sub-account: it becomes the owner'),
  password: passwordHashField.describe('SHA-256 hex of the owner\'s password'),
  channel: ownershipChannel,
  code: codeField.describe('the code sent by GET /v1/user/owner/code'),
});
export const ownershipTransferAnswer = z.object({ memberID: z.number().int().describe('the former owner, now an administrator sub-account') });
