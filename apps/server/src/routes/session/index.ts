import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { translate } from '@cc/contracts/messages';
import { errorCatalog } from '@cc/contracts/errors';
import {
  accountAnswer,
  captchaChallenge,
  captchaQuery,
  captchaVerifyAnswer,
  captchaVerifyBody,
  changePwdByEmailBody,
  changePwdByTelBody,
  changePwdSendEmailQuery,
  changePwdSendSmsQuery,
  codeSentAnswer,
  forgotPasswordAnswer,
  forgotPasswordBody,
  loginBody,
  secCodeQuery,
  secondStepData,
  secValidationBody,
  signupBody,
  signupCodeQuery,
} from '@cc/contracts/session';
import { ok } from '../../lib/envelope.ts';
import { ipLimitGroup } from '../../plugins/ip-limit.ts';
import { createCaptcha, verifyCaptcha } from '../../services/session/captcha.ts';
import { passwordSignIn, sendSecondStepCode, validateSecondStep } from '../../services/session/sign-in.ts';
import { sendSignupCode, signUp } from '../../services/session/sign-up.ts';
import { changePwdByEmail, changePwdByTel, forgotPassword, sendResetMail, sendResetSms } from '../../services/session/password-reset.ts';

const tags = ['session'];

/** Sign-in, second step, sign-up and password reset: the calls a visitor makes. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per-address limit on anonymous calls: every call here is in the session group, the costly puzzle in its own.
  ipLimitGroup(app, 'session');
  app.get(
    '/captcha',
    {
      config: { ipLimit: 'captcha' },
      schema: {
        tags,
        summary: 'A new slider puzzle for signing in as username (valid 2 minutes, one try); refused (12019) after too many failed checks from the address or for the account',
        querystring: captchaQuery,
        response: { 200: envelope(captchaChallenge) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await createCaptcha(app.db, request.ip, request.query));
    },
  );

  app.post(
    '/captcha/verify',
    {
      schema: {
        tags,
        summary: 'Checks where the piece was dropped and the drag that took it there; answers a single-use token valid 2 minutes, for the puzzle\'s username only',
        body: captchaVerifyBody,
        response: { 200: envelope(captchaVerifyAnswer) },
      },
    },
    async (request) => ok({ captchaToken: await verifyCaptcha(app.db, request.ip, request.body) }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign-in by phone or e-mail; sets the authorization header. Code 12009 answers secondStepData instead (no session yet)',
        body: loginBody,
        response: { 200: envelope(z.union([accountAnswer, secondStepData])) },
      },
    },
    async (request, reply) => {
      const r = await passwordSignIn(app, request, reply, request.body);
      if (r.kind === 'signedIn') return ok(r.answer);
      const e = errorCatalog.SECOND_STEP_REQUIRED;
      return reply.send({ code: e.code, data: r.data, msg: translate(request.locale, e.key) });
    },
  );

  app.get(
    '/secCode',
    { schema: { tags, summary: 'Sends the second-step code by SMS (tel) or mail (email); once a minute', querystring: secCodeQuery, response: { 200: envelope(codeSentAnswer) } } },
    async (request) => ok(await sendSecondStepCode(app, request, request.query)),
  );

  app.post(
    '/sec-validation',
    { schema: { tags, summary: 'Second step of a sign-in; on success signs in like /login', body: secValidationBody, response: { 200: envelope(accountAnswer) } } },
    async (request, reply) => ok(await validateSecondStep(app, request, reply, request.body)),
  );

  const signupCode = { tags, summary: 'Sends a sign-up code to a phone or an address not registered yet; once a minute', response: { 200: envelope(codeSentAnswer) } };
  app.get('/signupCode', { schema: { ...signupCode, querystring: signupCodeQuery } }, async (request) => ok(await sendSignupCode(app, request, request.query)));
  // Named by the console for phones; public although under /v1, since the visitor has no session yet.
  app.post('/v1/signupCode', { schema: { ...signupCode, body: signupCodeQuery } }, async (request) => ok(await sendSignupCode(app, request, request.body)));

  app.post(
    '/signup',
    { schema: { tags, summary: 'Creates the account and signs it in (authorization header)', body: signupBody, response: { 200: envelope(accountAnswer) } } },
    async (request, reply) => ok(await signUp(app, request, reply, request.body)),
  );

  app.post(
    '/forgot_password',
    { schema: { tags, summary: 'Which reset route an identifier takes (e-mail or phone)', body: forgotPasswordBody, response: { 200: envelope(forgotPasswordAnswer) } } },
    async (request) => ok(forgotPassword(request.body)),
  );
  app.get(
    '/changePwdSendSMS',
    { schema: { tags, summary: 'Sends a password-reset code by SMS', querystring: changePwdSendSmsQuery, response: { 200: envelope(codeSentAnswer) } } },
    async (request) => ok(await sendResetSms(app, request, request.query.telephone, request.query.telPrefix)),
  );
  app.get(
    '/changePwdSendEmail',
    { schema: { tags, summary: 'Sends a password-reset code by mail', querystring: changePwdSendEmailQuery, response: { 200: envelope(codeSentAnswer) } } },
    async (request) => ok(await sendResetMail(app, request, request.query.email)),
  );
  app.post(
    '/changePwdByTel',
    { schema: { tags, summary: 'Sets a new password with an SMS code; signs out every session', body: changePwdByTelBody, response: { 200: envelope(z.null()) } } },
    async (request) => ok(await changePwdByTel(app, request.body)),
  );
  app.post(
    '/changePwdByEmail',
    { schema: { tags, summary: 'Sets a new password with a mailed code; signs out every session', body: changePwdByEmailBody, response: { 200: envelope(z.null()) } } },
    async (request) => ok(await changePwdByEmail(app, request.body)),
  );
};
