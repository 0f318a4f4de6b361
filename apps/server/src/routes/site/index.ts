import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { exRateAnswer, frontConfAnswer, siteConfig } from '@cc/contracts/site';
import { ok } from '../../lib/envelope.ts';
import { siteConfigFor } from '../../services/site/site-config.ts';
import type { Tables } from '@cc/db/schema.gen';

/** Site configuration, front settings and display rates: public, read by the console before sign-in. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/siteConfig', { schema: { tags: ['site'], summary: 'Site configuration for the calling host', response: { 200: envelope(siteConfig) } } }, async (request) =>
    ok(await siteConfigFor(app.db, request.headers.host)),
  );

  app.get('/frontConf', { schema: { tags: ['site'], summary: 'Front settings keyed by setting', response: { 200: envelope(frontConfAnswer) } } }, async () => {
    const rows = await app.db.query<Pick<Tables['front_conf'], 'setting' | 'value' | 'description'>>(`SELECT setting, value, description FROM front_conf ORDER BY setting`);
    return ok({ frontConf: rows });
  });

  app.get('/v1/exRate', { schema: { tags: ['site'], summary: 'Display exchange rates (CNY base)', response: { 200: envelope(exRateAnswer) } } }, async () => {
    const rows = await app.db.query<Pick<Tables['exchange_rates'], 'currency' | 'rate' | 'symbol'>>(`SELECT currency, rate, symbol FROM exchange_rates ORDER BY currency`);
    return ok({ currencies: rows.map((r) => ({ currency: r.currency, rate: Number(r.rate), symbol: r.symbol })) });
  });
};
