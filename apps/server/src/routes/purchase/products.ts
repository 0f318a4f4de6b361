import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { productsAnswer, productsQuery } from '@cc/contracts/purchase';
import { brandOptions } from '@cc/domain/pricing';
import { translate, type Locale } from '@cc/contracts/messages';
import { nextStep, ruleOn, tlsMaxValidityDays } from '@cc/domain/cabf-rules';
import { dcvMethodEndsOn } from '@cc/domain/dcv';
import { validityNote } from '@cc/domain/terms';
import { ok } from '../../lib/envelope.ts';
import { listVisibleProducts } from '../../services/purchase/products.ts';

/** The catalogue the account may buy from, with prices and the brand options of the order screen. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/products', {
    schema: {
      tags: ['purchase'],
      summary: 'Visible products with prices (cents) and the brand options',
      description: 'The product set follows the xGlobalsignBrands front setting. `brands` lists the brands of every visible product, preferred ones first; `show: false` goes under "more brands".',
      querystring: productsQuery,
      response: { 200: envelope(productsAnswer) },
    },
  }, async (request) => {
    const all = await listVisibleProducts(app.db);
    const { limit, offset } = request.query;
    return ok({ data: all.slice((offset - 1) * limit, offset * limit), total: all.length, brands: brandOptions(all).options, rules: rulesToday(app.clock.now(), request.locale) });
  });
};

/** What the rules table says on the clock's day, for the order screen (its note, and which methods end when). */
export function rulesToday(now: Date, locale: Locale) {
  const next = nextStep(tlsMaxValidityDays, now);
  const note = validityNote(now);
  return {
    on: now.toISOString().slice(0, 10),
    tlsMaxValidityDays: ruleOn(tlsMaxValidityDays, now),
    nextChange: next ? { from: next.from!, tlsMaxValidityDays: next.value } : null,
    validityNote: translate(locale, note.key, note.params),
    emailMethodsEndOn: dcvMethodEndsOn('email'),
  };
}
