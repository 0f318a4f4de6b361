import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import {
  auditLogAnswer,
  auditLogQuery,
  deptCreateBody,
  deptsAnswer,
  deptsQuery,
  deptUpdateBody,
  invitationAcceptBody,
  invitationAnswer,
  invitationQuery,
  meAnswer,
  memberSecurityAnswer,
  memberSignOutAnswer,
  memberTwoStepBody,
  ownershipCodeAnswer,
  ownershipCodeQuery,
  ownershipTransferAnswer,
  ownershipTransferBody,
  rolePayLimitBody,
  rolesAnswer,
  subAccountCreateBody,
  subAccountIdParams,
  subAccountRef,
  type SubAccountRef,
  subAccountsAnswer,
  subAccountsQuery,
  subAccountUpdateBody,
} from '@cc/contracts/team';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import { ipLimitGroup } from '../../plugins/ip-limit.ts';
import { exportAudit, listAudit } from '../../services/team/audit.ts';
import { memberSecurity, setMemberTwoStep } from '../../services/team/member-security.ts';
import { sendOwnershipCode, transferOwnership } from '../../services/team/ownership.ts';
import {
  acceptInvitation,
  createDept,
  createMember,
  invitationOf,
  listDepts,
  listMembers,
  listRoles,
  me,
  removeMember,
  setRolePayLimit,
  signOutMember,
  updateDept,
  updateMember,
} from '../../services/team/team.ts';

const tags = ['team'];

/** The one member the places of a call name (body, query): refused when none names one, or two name different ones. */
function memberNamed(places: SubAccountRef[]): number {
  const named = new Set(places.flatMap((p) => [p.subAccountID, p.id]).filter((v) => v !== undefined));
  const [only] = named;
  if (named.size !== 1 || only === undefined) throw new AppError('INVALID_INPUT', undefined, { subAccountID: 'team.v.member' }, { key: 'team.v.member' });
  return only;
}
const idAnswer = (key: string) => z.object({ [key]: z.number().int() });

/**
 * Team (document 02 §7 sub-accounts): the caller's own permissions, members, departments, roles and the audit log.
 * Managing the team is a console matter: no API key may change it (keys may read the audit log).
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  keyScopeDefault(app, 'never');
  permissionDefault(app, 'members.manage');

  app.get('/v1/user/me', {
    schema: { tags, summary: "The caller's role, department and permissions (the console hides what is not there; the server refuses it)", response: { 200: envelope(meAnswer) } },
    config: { permission: 'self', apiKey: 'read' },
  }, async (request) => ok(await me(request)));

  app.get('/v1/user/subAccounts', {
    schema: { tags, summary: 'The sub-accounts (members), at most 100 a page', querystring: subAccountsQuery, response: { 200: envelope(subAccountsAnswer) } },
  }, async (request) => ok(await listMembers(app.db, request.account.id, request.query, request.locale)));

  app.post('/v1/user/subAccounts', {
    schema: {
      tags,
      summary: 'Invites a member by e-mail or phone: a link to set its password, valid 7 days; it holds one role and sits in one department',
      body: subAccountCreateBody,
      response: { 200: envelope(idAnswer('subAccountID')) },
    },
  }, async (request) => ok(await createMember(app, request, request.body)));

  app.put('/v1/user/subAccounts', {
    schema: {
      tags,
      summary: 'Changes a member: name, role, department (move), suspend or let back in, reset its second step, send the invitation again',
      body: subAccountUpdateBody,
      response: { 200: envelope(idAnswer('subAccountID')) },
    },
  }, async (request) => ok(await updateMember(app, request, request.body)));

  // Document 02 names DELETE /v1/user/subAccounts; the member is in the body or the query (form, JSON or ?subAccountID=).
  app.delete('/v1/user/subAccounts', {
    schema: {
      tags,
      summary: 'Removes a member named by subAccountID (or id) in the body or the query; the same as DELETE /v1/user/subAccounts/{id}',
      querystring: subAccountRef,
      // Fastify hands a missing body to the schema as null.
      body: subAccountRef.nullish(),
      response: { 200: envelope(z.null()) },
    },
  }, async (request) => ok(await removeMember(app, request, memberNamed([request.body ?? {}, request.query]))));

  app.delete('/v1/user/subAccounts/:id', {
    schema: { tags, summary: 'Removes a member: it cannot sign in again; its orders stay with the account', params: subAccountIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => ok(await removeMember(app, request, request.params.id)));

  app.post('/v1/user/subAccounts/:id/signOut', {
    schema: {
      tags,
      summary: "Signs a member out everywhere: every live session of that member ends now (its API keys stay). A member's own sessions are never the owner's /v1/sessions",
      params: subAccountIdParams,
      response: { 200: envelope(memberSignOutAnswer) },
    },
    config: { permission: 'members.manage' },
  }, async (request) => ok(await signOutMember(app, request, request.params.id)));

  app.get('/v1/user/depts', {
    schema: { tags, summary: 'The departments, as a tree read depth-first (parentID, depth), at most 100 a page', querystring: deptsQuery, response: { 200: envelope(deptsAnswer) } },
  }, async (request) => ok(await listDepts(app.db, request.account.id, request.query.limit, request.query.offset)));

  app.post('/v1/user/depts', {
    schema: { tags, summary: 'Creates a department, at the top or under parentID', body: deptCreateBody, response: { 200: envelope(idAnswer('deptID')) } },
  }, async (request) => ok(await createDept(app, request, request.body)));

  app.put('/v1/user/depts', {
    schema: { tags, summary: 'Renames a department or moves it under another (never under itself or its own)', body: deptUpdateBody, response: { 200: envelope(idAnswer('deptID')) } },
  }, async (request) => ok(await updateDept(app, request, request.body)));

  app.get('/v1/user/roles', {
    schema: { tags, summary: 'The roles, each a set of named permissions, with its payment limit', response: { 200: envelope(rolesAnswer) } },
  }, async (request) => ok(await listRoles(app.db, request.account.id, request.locale)));

  app.put('/v1/user/roles', {
    schema: { tags, summary: "Sets a role's payment limit on this account, in cents (0: cannot pay; null: no limit). The owner's alone", body: rolePayLimitBody, response: { 200: envelope(rolesAnswer) } },
    config: { permission: 'account.owner' },
  }, async (request) => ok(await setRolePayLimit(app, request, request.body)));

  app.get('/v1/user/owner/code', {
    schema: { tags, summary: "Sends a code to the owner's bound phone (tel) or e-mail, to hand ownership to a member; once a minute", querystring: ownershipCodeQuery, response: { 200: envelope(ownershipCodeAnswer) } },
    config: { permission: 'account.owner' },
  }, async (request) => ok(await sendOwnershipCode(app, request, request.query.channel)));

  app.post('/v1/user/owner', {
    schema: {
      tags,
      summary: 'Hands ownership to an active member (owner\'s password and code): in one transaction the member becomes the owner and the former owner an administrator member; both stay signed in',
      body: ownershipTransferBody,
      response: { 200: envelope(ownershipTransferAnswer) },
    },
    config: { permission: 'account.owner' },
  }, async (request) => ok(await transferOwnership(app, request, request.body)));

  app.get('/v1/member/twoStep', {
    schema: { tags, summary: "A member's own second step: whether its sign-in asks for a code and where it goes (members only)", response: { 200: envelope(memberSecurityAnswer) } },
    config: { permission: 'self' },
  }, async (request) => ok(await memberSecurity(app, request)));

  app.put('/v1/member/twoStep', {
    schema: { tags, summary: 'A member turns its own second step on or off, with its password (members only; the owner uses /v1/twoStepAuth)', body: memberTwoStepBody, response: { 200: envelope(memberSecurityAnswer) } },
    config: { permission: 'self' },
  }, async (request) => ok(await setMemberTwoStep(app, request, request.body)));

  app.get('/v1/user/auditLogs', {
    schema: { tags, summary: 'The audit log: who did what, when, from where, on which object; newest first, at most 100 a page', querystring: auditLogQuery, response: { 200: envelope(auditLogAnswer) } },
    config: { permission: 'audit.read', apiKey: 'read' },
  }, async (request) => ok(await listAudit(app.db, request.account.id, request.query, request.locale)));

  app.get('/v1/user/auditLogs/export', {
    schema: { tags, summary: 'The audit log as CSV (UTF-8 with BOM), same filters, newest first', querystring: auditLogQuery, produces: ['text/csv'] },
    config: { permission: 'audit.read', apiKey: 'read' },
  }, async (request, reply) => {
    const csv = await exportAudit(app.db, request.account.id, request.query, request.locale);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${request.account.accountNo}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};

/** The invitation link: a visitor reads whose invitation it is and sets the member's password. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  ipLimitGroup(app, 'session');
  app.get('/subAccountInvitation', {
    schema: { tags, summary: 'Whose invitation a link is (company, name, sign-in name)', querystring: invitationQuery, response: { 200: envelope(invitationAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await invitationOf(app, request.query.token));
  });
  app.post('/subAccountInvitation', {
    schema: { tags, summary: "Sets the member's password (hashed as at sign-in) with the link, once; the member then signs in", body: invitationAcceptBody, response: { 200: envelope(z.null()) } },
  }, async (request) => ok(await acceptInvitation(app, request, request.body)));
};
