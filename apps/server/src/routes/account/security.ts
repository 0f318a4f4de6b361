import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { codeSentAnswer } from '@cc/contracts/session';
import {
  changePasswordAnswer,
  changePasswordBody,
  contactAnswer,
  newAddressBody,
  newAddressQuery,
  originVerifyBody,
  proofAnswer,
  recoveryCodesAnswer,
  recoveryStatus,
  regenerateRecoveryBody,
  revokedAnswer,
  sendOriginQuery,
  sessionIdParams,
  sessionsAnswer,
  updateEmailBody,
  updateTelBody,
  wechatAuthorizeAnswer,
  wechatStatus,
  wxRedirectBody,
} from '@cc/contracts/security';
import { ok } from '../../lib/envelope.ts';
import { changePassword } from '../../services/security/password.ts';
import { changeMemberPassword } from '../../services/team/member-security.ts';
import { saveNewAddress, sendNewCode, sendOriginCode, verifyOrigin } from '../../services/security/contacts.ts';
import { listSessions, revokeOtherSessions, revokeSession, sessionOwnerOf } from '../../services/security/sessions.ts';
import { recoveryStatusOf } from '../../services/security/recovery.ts';
import { regenerateRecoveryCodes } from '../../services/session/two-step.ts';
import { finishWechatBinding, startWechatBinding, unbindWechat, wechatStatusOf } from '../../services/security/wechat.ts';

const tags = ['account security'];
const security = [{ token: [] }];
const flow =
  'Changing a bound phone or e-mail: GET /v1/modifyEmailOrTelSendOrigin (code to the current one), POST /v1/modifyEmailOrTelOriginVerify (proof), ' +
  'GET /v1/modifyEmailOrTel (code to the new one), PUT /v1/modifyEmailOrTel. Binding a first one: the proof may come from the other channel or the password.';

/** /account/secure: password, phone and e-mail (re-authenticated through the current address), sessions, recovery codes, WeChat. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  // Credentials, addresses, sessions and sign-in bindings: a console session's business, never an API key's.
  keyScopeDefault(app, 'never');
  // The holder's credentials, sessions and bindings.
  permissionDefault(app, 'account.owner');
  app.post('/v1/password', {
    schema: {
      tags,
      summary: "Changes the caller's own password (current one first): the owner's ends every other session of the owner; a member's, every other session of that member. This one stays",
      security, body: changePasswordBody, response: { 200: envelope(changePasswordAnswer) },
    },
    config: { permission: 'self' },
  }, async (request) => ok(request.account.member ? await changeMemberPassword(app, request, request.body) : await changePassword(app, request, request.body)));

  // --- phone and e-mail
  app.get('/v1/modifyEmailOrTelSendOrigin', {
    schema: { tags, summary: 'Sends a code to the phone (tel) or e-mail (email) bound now; once a minute', description: flow, security, querystring: sendOriginQuery, response: { 200: envelope(codeSentAnswer) } },
  }, async (request) => ok(await sendOriginCode(app, request, request.query.sendTo)));

  app.post('/v1/modifyEmailOrTelOriginVerify', {
    schema: {
      tags,
      summary: 'Re-authentication: the code sent to the current address (or the password, to bind a first one); answers a proof for this session, 10 minutes, one use',
      description: flow,
      security,
      body: originVerifyBody,
      response: { 200: envelope(proofAnswer) },
    },
  }, async (request) => ok(await verifyOrigin(app, request, request.body)));

  for (const [path, mode] of [['/v1/bindEmailOrTel', 'bind'], ['/v1/modifyEmailOrTel', 'modify']] as const) {
    const what = mode === 'bind' ? 'Binds a first phone or e-mail' : 'Changes the bound phone or e-mail';
    app.get(path, {
      schema: { tags, summary: `${what}: sends a code to the new phone (telephone, telPrefix) or address (email); needs a proof`, description: flow, security, querystring: newAddressQuery, response: { 200: envelope(codeSentAnswer) } },
    }, async (request) => ok(await sendNewCode(app, request, request.query, mode)));
    const save = {
      schema: { tags, summary: `${what}: the new phone or address with its code and the proof`, description: flow, security, body: newAddressBody, response: { 200: envelope(contactAnswer) } },
    };
    if (mode === 'bind') app.post(path, save, async (request) => ok(await saveNewAddress(app, request, request.body, mode)));
    else app.put(path, save, async (request) => ok(await saveNewAddress(app, request, request.body, mode)));
  }

  app.post('/updatetel', {
    schema: { tags, summary: 'Changes the bound phone (same as PUT /v1/modifyEmailOrTel with telephone)', description: flow, security, body: updateTelBody, response: { 200: envelope(contactAnswer) } },
  }, async (request) => ok(await saveNewAddress(app, request, request.body, 'modify')));

  app.post('/updateemailbyemaillast', {
    schema: { tags, summary: 'Changes the bound e-mail, with a proof from a code sent to the last (current) e-mail', description: flow, security, body: updateEmailBody, response: { 200: envelope(contactAnswer) } },
  }, async (request) => ok(await saveNewAddress(app, request, request.body, 'modify')));

  // --- sessions and devices: each caller's own (the holder's, or a member's); the owner ends a member's on the team screen
  app.get('/v1/sessions', {
    schema: { tags, summary: "The caller's own live sessions with device, IP, created and last seen (a member's are its own, never the owner's); the current one is marked", security, response: { 200: envelope(sessionsAnswer) } },
    config: { permission: 'self' },
  }, async (request) => ok(await listSessions(app.db, sessionOwnerOf(request.account), request.account.tokenHash)));

  app.delete('/v1/sessions/:id', {
    schema: { tags, summary: "Signs one of the caller's own sessions out", security, params: sessionIdParams, response: { 200: envelope(revokedAnswer) } },
    config: { permission: 'self' },
  }, async (request) => ok(await revokeSession(app.db, sessionOwnerOf(request.account), request.params.id)));

  app.post('/v1/sessions/revokeOthers', {
    schema: { tags, summary: "Signs every other session of the caller's out (this one stays; the owner's call leaves its members signed in)", security, response: { 200: envelope(revokedAnswer) } },
    config: { permission: 'self' },
  }, async (request) => ok(await revokeOtherSessions(app.db, sessionOwnerOf(request.account), request.account.tokenHash)));

  // --- authenticator recovery codes
  app.get('/v1/googleAuth/recoveryCodes', {
    schema: { tags, summary: 'How many recovery codes the account has, and how many are left', security, response: { 200: envelope(recoveryStatus) } },
  }, async (request) => ok(await recoveryStatusOf(app.db, request.account.id)));

  app.post('/v1/googleAuth/recoveryCodes', {
    schema: { tags, summary: 'A new set of 10 recovery codes (the old ones stop working), after a current authenticator code', security, body: regenerateRecoveryBody, response: { 200: envelope(recoveryCodesAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await regenerateRecoveryCodes(app, request, request.body.authCode));
  });

  // --- WeChat sign-in binding
  app.get('/v1/wechat', {
    schema: { tags, summary: 'Whether WeChat sign-in is available and bound', security, response: { 200: envelope(wechatStatus) } },
  }, async (request) => ok(await wechatStatusOf(app, request.account.id)));

  app.post('/v1/wechat/authorize', {
    schema: { tags, summary: "Starts binding: the provider's authorize page, with a state for this session (10 minutes, one use)", security, response: { 200: envelope(wechatAuthorizeAnswer) } },
  }, async (request) => ok(await startWechatBinding(app, request)));

  app.post('/wxredirect', {
    schema: { tags, summary: 'Finishes binding with the code and state the provider sent back to /account/secure', security, body: wxRedirectBody, response: { 200: envelope(wechatStatus) } },
  }, async (request) => ok(await finishWechatBinding(app, request, request.body)));

  app.delete('/v1/wechat', {
    schema: { tags, summary: 'Unbinds WeChat sign-in', security, response: { 200: envelope(wechatStatus) } },
  }, async (request) => ok(await unbindWechat(app, request.account.id)));
};
