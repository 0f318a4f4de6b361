import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { exRateAnswer, frontConfAnswer, siteConfig, defaultSiteConfig, type SiteConfig } from '@cc/contracts/site';
import { ok } from '../../lib/envelope.ts';

/** Site configuration, front settings and display rates: public, read by the console before sign-in. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/siteConfig', { schema: { tags: ['site'], summary: 'Site configuration for the calling host', response: { 200: envelope(siteConfig) } } }, async (request) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const rows = await app.db.query<{ host: string; config: Partial<SiteConfig> }>(
      `SELECT host, config FROM site_config WHERE host = $1 OR host = '*' ORDER BY (host = '*')`,
      [host],
    );
    // The host's own settings over the shared ones over the built-in defaults.
    const merged = rows.reduceRight<SiteConfig>((acc, r) => ({ ...acc, ...r.config, currency: { ...acc.currency, ...(r.config.currency ?? {}) } }), defaultSiteConfig);
    return ok(siteConfig.parse(merged));
  });

  app.get('/frontConf', { schema: { tags: ['site'], summary: 'Front settings keyed by setting', response: { 200: envelope(frontConfAnswer) } } }, async () => {
    const rows = await app.db.query<{ setting: string; value: string; description: string }>(`SELECT setting, value, description FROM front_conf ORDER BY setting`);
    return ok({ frontConf: rows });
  });

  app.get('/v1/exRate', { schema: { tags: ['site'], summary: 'Display exchange rates (CNY base)', response: { 200: envelope(exRateAnswer) } } }, async () => {
    const rows = await app.db.query<{ currency: string; rate: string; symbol: string }>(`SELECT currency, rate, symbol FROM exchange_rates ORDER BY currency`);
    return ok({ currencies: rows.map((r) => ({ currency: r.currency, rate: Number(r.rate), symbol: r.symbol })) });
  });
};
