import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { recordActivity, type Activity } from '../services/account/activity-log.ts';

type Body = Record<string, unknown> | undefined;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The signed-in calls that the account's activity log records (/account/log), by route: what they changed, once
 * they succeeded. Sign-ins, orders and payments are read from their own tables (services/account/activity-log.ts).
 */
const recorded: Record<string, (body: Body) => Activity> = {
  'POST /v1/twoStepAuth': (b) => ({ kind: 'security', action: 'security.twoStep', params: { authType: str(b?.authType), status: str(b?.status) } }),
  'PUT /v1/inviteCode': () => ({ kind: 'security', action: 'security.inviteCode' }),
  'POST /v1/profile': () => ({ kind: 'account', action: 'account.profile' }),
  'PUT /v1/profile': () => ({ kind: 'account', action: 'account.profile' }),
  'POST /v1/inform': (b) => ({ kind: 'account', action: 'account.inform', params: { informType: str(b?.informType) } }),
  'GET /v1/logout': () => ({ kind: 'signin', action: 'logout' }),
  'POST /v1/password': () => ({ kind: 'security', action: 'security.password' }),
  'POST /v1/bindEmailOrTel': (b) => ({ kind: 'security', action: b?.telephone ? 'security.tel' : 'security.email' }),
  'PUT /v1/modifyEmailOrTel': (b) => ({ kind: 'security', action: b?.telephone ? 'security.tel' : 'security.email' }),
  'POST /updatetel': () => ({ kind: 'security', action: 'security.tel' }),
  'POST /updateemailbyemaillast': () => ({ kind: 'security', action: 'security.email' }),
  'DELETE /v1/sessions/:id': () => ({ kind: 'security', action: 'security.sessionRevoke' }),
  'POST /v1/sessions/revokeOthers': () => ({ kind: 'security', action: 'security.sessionsRevokeOthers' }),
  'POST /v1/googleAuth/recoveryCodes': () => ({ kind: 'security', action: 'security.recoveryCodes' }),
  'POST /wxredirect': () => ({ kind: 'security', action: 'security.wechatBind' }),
  'DELETE /v1/wechat': () => ({ kind: 'security', action: 'security.wechatUnbind' }),
};

const succeeded = (payload: unknown) => typeof payload === 'string' && payload.startsWith('{"code":200,');

/** Adds the hook to the recorded routes of a scope of signed-in routes; a failure to record is logged and never fails the call. */
export function recordActivities(scope: FastifyInstance) {
  // Only the recorded routes get the hook, when they are declared: the other signed-in calls run nothing for it.
  scope.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const what = methods.map((m) => recorded[`${m} ${route.url}`]).find((w) => w !== undefined);
    if (!what) return;
    const hook: onSendHookHandler = (request: FastifyRequest, reply, payload, done) => {
      if (reply.statusCode !== 200 || !request.account || !succeeded(payload)) return done(null, payload);
      recordActivity(scope.db, request.account.id, what(request.body as Body), request.ip, request.headers['user-agent'] ?? '', { memberId: request.account.member?.id ?? null })
        .catch((err: unknown) => request.log.warn({ err }, 'activity not recorded'))
        .finally(() => done(null, payload));
    };
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), hook];
  });
}
