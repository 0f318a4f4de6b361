import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@cc/contracts/messages';
import { acmeAccountUpdatePayload, acmeJws, acmeNewAccountPayload } from '@cc/contracts/acme';
import { ordersContext, type OrdersContext } from '../../services/orders/context.ts';
import { decodeJson, eabMacValid, headerOf, JwsError, payloadOf, thumbprint, verifyJws, type FlatJws, type Jwk, type JwsHeader } from '../../services/acme-server/jws.ts';
import { AcmeProblem, problemTypeUri } from '../../services/acme-server/problems.ts';
import { eabKeyByKid } from '../../services/acme-server/eab.ts';
import {
  accountById, accountByThumbprint, accountView, acmeProduct, answerChallenge, authzView, certificateChain, directoryOf, finalize, listOrders, newNonce,
  newOrder, orderView, ownedAuthz, ownedOrder, rateLimit, renewalInfo, revokeCert, consumeNonce, Urls, type AcmeAccount,
} from '../../services/acme-server/service.ts';

/**
 * The ACME server (RFC 8555) for paid certificates: /acme/{productNo}/directory and its resources. Not session routes:
 * every POST authenticates by its JWS (an account's key, or the new key with External Account Binding); errors are
 * problem documents. Per customer account and minute, newOrder and newAccount are limited (counted in the database).
 */

type Params = { productNo: string; id?: string; type?: string; certId?: string };
type Verified = { jws: FlatJws; header: JwsHeader; acct?: AcmeAccount; jwk?: Jwk };

const kidPattern = /\/acme\/[^/]+\/acct\/(\d{1,9})$/;
const numeric = (s: string | undefined) => (s && /^\d{1,9}$/.test(s) ? Number(s) : null);

export const acmeServerRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const ctx = (): OrdersContext => ordersContext(app);
  const urls = (request: FastifyRequest) => Urls.of(ctx().baseUrl, (request.params as Params).productNo);
  const orderLimit = app.config.ACME_ORDERS_PER_MINUTE;

  app.addContentTypeParser('application/jose+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'the body is not JSON' }), undefined);
    }
  });

  /** Every answer: a fresh nonce, the directory as index, nothing cached. */
  async function common(request: FastifyRequest, reply: FastifyReply) {
    reply.header('replay-nonce', await newNonce(app.db));
    reply.header('link', `<${urls(request).directory()}>;rel="index"`);
    reply.header('cache-control', 'no-store');
  }

  app.setErrorHandler(async (err, request, reply) => {
    let p: AcmeProblem;
    if (err instanceof AcmeProblem) p = err;
    else if (err instanceof JwsError) p = new AcmeProblem(err.type, err.type === 'unauthorized' ? 403 : 400, err.key, err.params);
    else if ((err as { statusCode?: number }).statusCode === 415 || (err as { statusCode?: number }).statusCode === 400) p = new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: String((err as Error).message).slice(0, 200) });
    else {
      request.log.error({ err }, 'acme server');
      p = new AcmeProblem('serverInternal', 500, 'acme.p.issueFailed');
    }
    await common(request, reply).catch(() => undefined);
    if (p.location) reply.header('location', p.location);
    if (p.retryAfter) reply.header('retry-after', String(p.retryAfter));
    return reply.code(p.status).type('application/problem+json').send({ type: problemTypeUri(p.type), detail: translate(request.locale, p.key, p.params), status: p.status });
  });

  /** The JWS of a POST checked (RFC 8555 §6.2-6.4): shape, nonce, url, then the signature by the account's or the given key. */
  async function verified(request: FastifyRequest, opts: { jwk: boolean } = { jwk: false }): Promise<Verified> {
    const parsed = acmeJws.safeParse(request.body);
    if (!parsed.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'the body is not a flattened JWS' });
    const jws = parsed.data;
    const header = headerOf(jws);
    await consumeNonce(app.db, header.nonce);
    if (header.url !== `${ctx().baseUrl}${request.url}`) throw new AcmeProblem('unauthorized', 403, 'acme.p.urlMismatch');
    if (header.jwk && header.kid) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'jwk and kid both given' });
    if (header.jwk) {
      if (!opts.jwk) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'this request is signed by an account (kid)' });
      verifyJws(jws, header, header.jwk);
      return { jws, header, jwk: header.jwk };
    }
    const m = header.kid && header.kid.startsWith(`${ctx().baseUrl}/acme/`) ? kidPattern.exec(header.kid) : null;
    if (!m) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'no kid' });
    const acct = await accountById(app.db, Number(m[1]));
    if (!acct || acct.status !== 'valid') throw new AcmeProblem('unauthorized', 403, 'acme.p.accountUnknown');
    verifyJws(jws, header, acct.jwk);
    return { jws, header, acct };
  }
  const signedBy = async (request: FastifyRequest) => {
    const v = await verified(request);
    return { ...v, acct: v.acct! };
  };

  app.get<{ Params: Params }>('/acme/:productNo/directory', { schema: { hide: true } }, async (request, reply) => {
    await acmeProduct(app.db, request.params.productNo);
    reply.header('cache-control', 'no-store');
    return directoryOf(urls(request), ctx().baseUrl, app.clock.now());
  });

  app.route<{ Params: Params }>({
    method: ['GET', 'HEAD'],
    url: '/acme/:productNo/new-nonce',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      await common(request, reply);
      return reply.code(request.method === 'HEAD' ? 200 : 204).send();
    },
  });

  app.post<{ Params: Params }>('/acme/:productNo/new-account', { schema: { hide: true } }, async (request, reply) => {
    const { jws, jwk } = await verified(request, { jwk: true });
    const payload = acmeNewAccountPayload.safeParse(payloadOf(jws) ?? {});
    if (!payload.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'payload' });
    const u = urls(request);
    const tp = thumbprint(jwk!);
    const existing = await accountByThumbprint(app.db, tp);
    await common(request, reply);
    if (existing) {
      if (existing.status !== 'valid') throw new AcmeProblem('unauthorized', 403, 'acme.p.accountUnknown');
      return reply.code(200).header('location', u.account(existing.id)).send(accountView(existing, u));
    }
    if (payload.data.onlyReturnExisting) throw new AcmeProblem('accountDoesNotExist', 400, 'acme.p.accountDoesNotExist');
    const eab = payload.data.externalAccountBinding;
    if (!eab) throw new AcmeProblem('externalAccountRequired', 403, 'acme.p.externalAccountRequired');
    const eh = decodeJson<{ alg?: string; kid?: string; url?: string }>(eab.protected, 'externalAccountBinding');
    const key = typeof eh.kid === 'string' ? await eabKeyByKid(app.db, ctx().box, eh.kid) : null;
    const bad = (reason: string) => new AcmeProblem('unauthorized', 403, 'acme.p.eabInvalid', { reason });
    if (!key) throw bad('unknown or revoked key id');
    if (eh.url !== `${ctx().baseUrl}${request.url}`) throw bad('url');
    if (!eabMacValid(eab, eh.alg ?? '', key.hmac)) throw bad('MAC');
    const bound = decodeJson<Jwk>(eab.payload, 'externalAccountBinding payload');
    if (thumbprint(bound) !== tp) throw bad('the payload is not the account key');
    await rateLimit(app.db, key.accountId, 'newAccount', 50);
    const contact = payload.data.contact ?? [];
    const [row] = await app.db.tx(async (q) => {
      await q.query(`UPDATE acme_eab_keys SET last_used_at = now() WHERE id = $1`, [key.id]);
      return q.query<{ id: number }>(
        `INSERT INTO acme_server_accounts (account_id, eab_key_id, jwk, thumbprint, contact) VALUES ($1, $2, $3::jsonb, $4, $5::jsonb) ON CONFLICT (thumbprint) DO NOTHING RETURNING id`,
        [key.accountId, key.id, JSON.stringify(jwk), tp, JSON.stringify(contact)],
      );
    });
    const acct = row ? await accountById(app.db, row.id) : await accountByThumbprint(app.db, tp);
    return reply.code(row ? 201 : 200).header('location', u.account(acct!.id)).send({ ...accountView(acct!, u), externalAccountBinding: eab });
  });

  app.post<{ Params: Params }>('/acme/:productNo/acct/:id', { schema: { hide: true } }, async (request, reply) => {
    const { acct, jws } = await signedBy(request);
    if (numeric(request.params.id) !== acct.id) throw new AcmeProblem('unauthorized', 403, 'acme.p.notYours');
    const body = acmeAccountUpdatePayload.safeParse(payloadOf(jws) ?? {});
    if (!body.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'payload' });
    if (body.data.status === 'deactivated') await app.db.query(`UPDATE acme_server_accounts SET status = 'deactivated' WHERE id = $1`, [acct.id]);
    if (body.data.contact) await app.db.query(`UPDATE acme_server_accounts SET contact = $2::jsonb WHERE id = $1`, [acct.id, JSON.stringify(body.data.contact)]);
    await common(request, reply);
    return accountView((await accountById(app.db, acct.id))!, urls(request));
  });

  app.post<{ Params: Params }>('/acme/:productNo/acct/:id/orders', { schema: { hide: true } }, async (request, reply) => {
    const { acct } = await signedBy(request);
    if (numeric(request.params.id) !== acct.id) throw new AcmeProblem('unauthorized', 403, 'acme.p.notYours');
    await common(request, reply);
    return listOrders(app.db, acct, urls(request));
  });

  app.post<{ Params: Params }>('/acme/:productNo/new-order', { schema: { hide: true } }, async (request, reply) => {
    const { acct, jws } = await signedBy(request);
    const product = await acmeProduct(app.db, request.params.productNo);
    await rateLimit(app.db, acct.account_id, 'newOrder', orderLimit);
    const u = urls(request);
    const o = await newOrder(ctx(), acct, product, payloadOf(jws), request.locale, u);
    await common(request, reply);
    return reply.code(201).header('location', u.order(o.id)).send(o.view);
  });

  const orderId = (request: FastifyRequest) => {
    const id = numeric((request.params as Params).id);
    if (id === null) throw new AcmeProblem('notFound', 404, 'acme.p.notFound');
    return id;
  };

  app.post<{ Params: Params }>('/acme/:productNo/order/:id', { schema: { hide: true } }, async (request, reply) => {
    const { acct } = await signedBy(request);
    const o = await ownedOrder(app.db, acct, orderId(request));
    await common(request, reply);
    return orderView(app.db, o, urls(request));
  });

  app.post<{ Params: Params }>('/acme/:productNo/order/:id/finalize', { schema: { hide: true } }, async (request, reply) => {
    const { acct, jws } = await signedBy(request);
    const product = await acmeProduct(app.db, request.params.productNo);
    const o = await finalize(ctx(), acct, orderId(request), payloadOf(jws), request.locale, product);
    const u = urls(request);
    const view = await orderView(app.db, o, u);
    await common(request, reply);
    if (view.status === 'processing') reply.header('retry-after', '1');
    return reply.header('location', u.order(o.acme_id)).send(view);
  });

  app.post<{ Params: Params }>('/acme/:productNo/authz/:id', { schema: { hide: true } }, async (request, reply) => {
    const { acct, jws } = await signedBy(request);
    const { z, o } = await ownedAuthz(app.db, acct, orderId(request));
    const update = payloadOf<{ status?: string }>(jws);
    if (update?.status === 'deactivated') await app.db.query(`UPDATE acme_authzs SET deactivated = true WHERE id = $1`, [z.id]);
    const fresh = update?.status === 'deactivated' ? await ownedAuthz(app.db, acct, z.id) : { z, o };
    await common(request, reply);
    return authzView(fresh.z, fresh.o, acct, urls(request), request.locale);
  });

  app.post<{ Params: Params }>('/acme/:productNo/chall/:id/:type', { schema: { hide: true } }, async (request, reply) => {
    const { acct } = await signedBy(request);
    const u = urls(request);
    const { z, o } = await answerChallenge(ctx(), acct, orderId(request), request.params.type ?? '');
    const view = authzView(z, o, acct, u, request.locale);
    await common(request, reply);
    reply.header('link', `<${u.authz(z.id)}>;rel="up"`);
    return view.challenges.find((c) => c.type === request.params.type);
  });

  app.post<{ Params: Params }>('/acme/:productNo/cert/:id', { schema: { hide: true } }, async (request, reply) => {
    const { acct } = await signedBy(request);
    const pem = await certificateChain(app.db, acct, orderId(request));
    await common(request, reply);
    return reply.type('application/pem-certificate-chain').send(pem);
  });

  app.post<{ Params: Params }>('/acme/:productNo/revoke-cert', { schema: { hide: true } }, async (request, reply) => {
    const v = await verified(request, { jwk: true });
    await revokeCert(ctx(), payloadOf(v.jws), v.acct ? { acct: v.acct } : { jwk: v.jwk! });
    await common(request, reply);
    return reply.code(200).send();
  });

  app.post<{ Params: Params }>('/acme/:productNo/key-change', { schema: { hide: true } }, async (request, reply) => {
    const { acct, jws } = await signedBy(request);
    const inner = acmeJws.safeParse(payloadOf(jws));
    if (!inner.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'the payload is not a JWS' });
    const ih = headerOf(inner.data);
    if (!ih.jwk || ih.kid || ih.nonce !== undefined) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'the inner JWS names its new key by jwk, without nonce' });
    if (ih.url !== `${ctx().baseUrl}${request.url}`) throw new AcmeProblem('unauthorized', 403, 'acme.p.urlMismatch');
    verifyJws(inner.data, ih, ih.jwk);
    const body = payloadOf<{ account?: string; oldKey?: Jwk }>(inner.data);
    const u = urls(request);
    if (!body || !body.oldKey || body.account === undefined || kidPattern.exec(body.account)?.[1] !== String(acct.id)) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'account' });
    if (thumbprint(body.oldKey) !== acct.thumbprint) throw new AcmeProblem('unauthorized', 403, 'acme.p.oldKey');
    const tp = thumbprint(ih.jwk);
    const holder = await accountByThumbprint(app.db, tp);
    if (holder) throw new AcmeProblem('conflict', 409, 'acme.p.keyInUse', {}, u.account(holder.id));
    await app.db.query(`UPDATE acme_server_accounts SET jwk = $2::jsonb, thumbprint = $3 WHERE id = $1`, [acct.id, JSON.stringify(ih.jwk), tp]);
    await common(request, reply);
    return accountView((await accountById(app.db, acct.id))!, u);
  });

  app.get<{ Params: Params }>('/acme/:productNo/renewal-info/:certId', { schema: { hide: true } }, async (request, reply) => {
    const info = await renewalInfo(app.db, request.params.certId ?? '', app.clock.now());
    reply.header('retry-after', '21600');
    return info;
  });
};
