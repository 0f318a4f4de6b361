import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { wechatStatus, wxRedirectBody } from '@cc/contracts/security';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { formatTime } from '../session/accounts.ts';
import { wechatProviderFor } from '../../adapters/wechat/provider.ts';

const stateValidSeconds = 10 * 60;
/** Where the provider sends the user back: the security page, which finishes the binding (POST /wxredirect). */
export const wechatReturnPath = '/account/secure';

const unavailable = () => new AppError('WECHAT_UNAVAILABLE');
const refused = (key: 'sec.wechat.state' | 'sec.wechat.code') => new AppError('OAUTH_STATE_INVALID', undefined, { [key === 'sec.wechat.state' ? 'state' : 'code']: key }, { key });

export function wechatProvider(app: FastifyInstance) {
  return wechatProviderFor(app.config, app.db);
}

export async function wechatStatusOf(app: FastifyInstance, accountId: number): Promise<z.infer<typeof wechatStatus>> {
  const provider = wechatProvider(app);
  const [row] = await app.db.query<{ nickname: string; created_at: Date | string }>(`SELECT nickname, created_at FROM wechat_bindings WHERE account_id = $1`, [accountId]);
  return { available: Boolean(provider), sandbox: provider?.sandbox ?? false, bound: Boolean(row), nickname: row?.nickname ?? '', boundAt: formatTime(row?.created_at) };
}

/** Starts a binding: a state tied to this session (single use, 10 minutes) and the provider's authorize page. */
export async function startWechatBinding(app: FastifyInstance, request: FastifyRequest) {
  const provider = wechatProvider(app);
  if (!provider) throw unavailable();
  const bound = await app.db.query(`SELECT 1 FROM wechat_bindings WHERE account_id = $1`, [request.account.id]);
  if (bound.length) throw new AppError('ALREADY_BOUND', undefined, undefined, { key: 'sec.wechat.already' });
  const state = randomToken(24);
  await app.db.query(
    `INSERT INTO oauth_states (state_hash, account_id, session_hash, provider, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [sha256(state), request.account.id, request.account.tokenHash, provider.name, stateValidSeconds],
  );
  return { authorizeUrl: provider.authorizeUrl(state, wechatReturnPath) };
}

/**
 * POST /wxredirect: the provider came back with code and state. The state must be this session's, live and
 * unused (it is spent first, whatever follows); the code is exchanged for the WeChat user, who is then bound.
 */
export async function finishWechatBinding(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof wxRedirectBody>) {
  const provider = wechatProvider(app);
  if (!provider) throw unavailable();
  const spent = await app.db.query(
    `UPDATE oauth_states SET used_at = now()
      WHERE state_hash = $1 AND account_id = $2 AND session_hash = $3 AND provider = $4 AND used_at IS NULL AND expires_at > now() RETURNING account_id`,
    [sha256(body.state), request.account.id, request.account.tokenHash, provider.name],
  );
  if (!spent.length) throw refused('sec.wechat.state');
  const user = await provider.exchange(body.code, wechatReturnPath);
  if (!user) throw refused('sec.wechat.code');
  const other = await app.db.query(`SELECT account_id FROM wechat_bindings WHERE provider = $1 AND openid = $2 AND account_id <> $3`, [provider.name, user.openid, request.account.id]);
  if (other.length) throw new AppError('ADDRESS_TAKEN', undefined, undefined, { key: 'sec.wechat.taken' });
  try {
    await app.db.query(`INSERT INTO wechat_bindings (account_id, provider, openid, nickname) VALUES ($1, $2, $3, $4)`, [request.account.id, provider.name, user.openid, user.nickname]);
  } catch (e) {
    if ((e as { code?: unknown }).code === '23505') {
      const mine = await app.db.query(`SELECT 1 FROM wechat_bindings WHERE account_id = $1`, [request.account.id]);
      throw mine.length ? new AppError('ALREADY_BOUND', undefined, undefined, { key: 'sec.wechat.already' }) : new AppError('ADDRESS_TAKEN', undefined, undefined, { key: 'sec.wechat.taken' });
    }
    throw e;
  }
  return wechatStatusOf(app, request.account.id);
}

export async function unbindWechat(app: FastifyInstance, accountId: number) {
  const rows = await app.db.query(`DELETE FROM wechat_bindings WHERE account_id = $1 RETURNING account_id`, [accountId]);
  if (!rows.length) throw new AppError('NOT_FOUND', undefined, undefined, { key: 'sec.wechat.notBound' });
  return wechatStatusOf(app, accountId);
}
