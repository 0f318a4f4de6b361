import type { Db } from '@cc/db/client';
import type { Config } from '../../config.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/** A WeChat user as the provider names them to this site. */
export interface WechatUser {
  openid: string;
  nickname: string;
}

/**
 * What binding a WeChat sign-in needs of the provider: its authorize page, and the exchange of the code it sends
 * back for the user. The built-in sandbox implements it outside production; WeChat's open platform in production.
 */
export interface WechatProvider {
  readonly name: string;
  readonly sandbox: boolean;
  authorizeUrl(state: string, redirectUri: string): string;
  /** The user of a code, once; null for an unknown, used or expired code. */
  exchange(code: string, redirectUri: string): Promise<WechatUser | null>;
}

const codeValidSeconds = 5 * 60;

/**
 * The sandbox provider: its authorize page is the console's /wechat/test, where a tester approves as a sandbox
 * WeChat user (the same nickname is the same user). Its codes live in the database, as a provider keeps them.
 */
export function sandboxWechat(db: Db) {
  return {
    name: 'sandbox',
    sandbox: true,
    authorizeUrl: (state: string, redirectUri: string) => `/wechat/test?${new URLSearchParams({ appid: 'sandbox', redirect_uri: redirectUri, state, scope: 'snsapi_login' })}`,
    async exchange(code: string): Promise<WechatUser | null> {
      const [row] = await db.query<{ openid: string; nickname: string }>(
        `UPDATE wechat_sandbox_codes SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING openid, nickname`,
        [sha256(code)],
      );
      return row ?? null;
    },
    /** The tester approved on the authorize page: a code for the sandbox user named `nickname`. */
    async approve(nickname: string): Promise<string> {
      const code = randomToken(24);
      const openid = `sandbox-${sha256(`wechat-sandbox|${nickname.trim()}`).slice(0, 24)}`;
      await db.query(`INSERT INTO wechat_sandbox_codes (code_hash, openid, nickname, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
        sha256(code),
        openid,
        nickname.trim(),
        codeValidSeconds,
      ]);
      return code;
    },
  } satisfies WechatProvider & { approve(nickname: string): Promise<string> };
}

/** WeChat's open platform (website application, snsapi_login), with the app id and secret from configuration. */
export function openPlatformWechat(appId: string, secret: string, publicUrl: string | undefined): WechatProvider {
  const absolute = (p: string) => (publicUrl ? new URL(p, publicUrl).toString() : p);
  return {
    name: 'wechat',
    sandbox: false,
    authorizeUrl: (state, redirectUri) =>
      `https://open.weixin.qq.com/connect/qrconnect?${new URLSearchParams({ appid: appId, redirect_uri: absolute(redirectUri), response_type: 'code', scope: 'snsapi_login', state })}#wechat_redirect`,
    async exchange(code) {
      const q = new URLSearchParams({ appid: appId, secret, code, grant_type: 'authorization_code' });
      const token = (await (await fetch(`https://api.weixin.qq.com/sns/oauth2/access_token?${q}`, { signal: AbortSignal.timeout(10_000) })).json()) as {
        openid?: string;
        access_token?: string;
      };
      if (!token.openid || !token.access_token) return null;
      const info = (await (
        await fetch(`https://api.weixin.qq.com/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid })}`, { signal: AbortSignal.timeout(10_000) })
      ).json()) as { nickname?: string };
      return { openid: token.openid, nickname: info.nickname ?? '' };
    },
  };
}

/** The provider this server binds WeChat through: the open platform when configured, the sandbox outside production, none otherwise. */
export function wechatProviderFor(config: Config, db: Db): (WechatProvider & { approve?: (nickname: string) => Promise<string> }) | null {
  if (config.WECHAT_APP_ID && config.WECHAT_APP_SECRET) return openPlatformWechat(config.WECHAT_APP_ID, config.WECHAT_APP_SECRET, config.PUBLIC_URL);
  if (config.NODE_ENV !== 'production') return sandboxWechat(db);
  return null;
}
