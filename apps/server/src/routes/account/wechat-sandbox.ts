import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { wechatSandboxAnswer, wechatSandboxDecision } from '@cc/contracts/security';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { sandboxWechat } from '../../adapters/wechat/provider.ts';

/** A path of this site: never another origin (//host, /\host) the sandbox could be made to send codes to. */
const ownPath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\');

/**
 * The sandbox WeChat provider's authorize step, behind the console's /wechat/test page. Registered only where the
 * sandbox is the provider (outside production, no open-platform app configured): otherwise these paths do not exist.
 */
export const wechatSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = sandboxWechat(app.db);
  app.post('/sandbox/wechat/authorize', {
    schema: {
      tags: ['wechat sandbox'],
      summary: 'The tester approves (as the sandbox WeChat user named by nickname) or declines; answers where to send the browser back, with code and state',
      body: wechatSandboxDecision,
      response: { 200: envelope(wechatSandboxAnswer) },
    },
  }, async (request) => {
    const { state, redirect_uri: redirectUri, nickname, approve } = request.body;
    if (!ownPath(redirectUri)) throw new AppError('INVALID_INPUT', undefined, { redirect_uri: 'sec.wechat.redirect' }, { key: 'sec.wechat.redirect' });
    const url = new URL(redirectUri, 'http://sandbox.invalid');
    if (approve) url.searchParams.set('code', await provider.approve(nickname));
    else url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', state);
    return ok({ redirectUrl: `${url.pathname}${url.search}` });
  });
};
