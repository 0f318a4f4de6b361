import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import {
  createFreeOrderBody,
  createOrderAnyAnswer,
  createOrderBody,
  type CreateOrderBody,
  type CreateOrderPartialAnswer,
  type Product,
  priceAnswer,
  priceBody,
  productNoParams,
} from '@cc/contracts/purchase';
import { billedNames, toAscii } from '@cc/domain/domain-names';
import { noDiscount } from '@cc/domain/pricing';
import { accountPrice, discountRules } from '../../services/billing/prices.ts';
import { packageRemainingByProduct } from '../../services/billing/cert-packages.ts';
import { isValidTerm, freeTermDays } from '@cc/domain/terms';
import { translate } from '@cc/contracts/messages';
import { ok } from '../../lib/envelope.ts';
import { batchBodyLimit } from '../../lib/body-limits.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { createOrders, createOrdersPartial } from '../../services/purchase/create-orders.ts';
import { findProduct } from '../../services/purchase/products.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';

const productNotFound = () => new RuleError('NOT_FOUND', said('purchase.product.notFound'), { productNo: said('purchase.product.notFound') });

/** Price preview and order creation (document 01 §7). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchase'];
  const box = secretBox(app.config);

  /** All or none (the numbers joined by commas), or with `partial` the per-certificate results in the caller's language. */
  const create = async (request: FastifyRequest, product: Product, body: CreateOrderBody): Promise<string | CreateOrderPartialAnswer> => {
    const accountId = request.account.id;
    const locale = request.locale;
    // The orders record who ordered and in which department (what members of other departments will not see).
    const m = request.account.member;
    const by = { memberId: m?.id ?? null, deptId: m?.deptId ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    if (!body.partial) return (await createOrders({ db: app.db, box, by, now: () => app.clock.now() }, accountId, product, body)).join(',');
    const r = await createOrdersPartial({ db: app.db, box, by, now: () => app.clock.now() }, accountId, product, body);
    return {
      created: r.created,
      failed: r.failed.map((f) => ({ index: f.index, commonName: f.commonName, errors: { [f.field]: translate(locale, f.said.key, f.said.params) } })),
    };
  };

  app.post('/v1/orders/price/:productNo', {
    schema: {
      tags,
      summary: 'Price preview in cents',
      description: 'Term 90 answers zero. With no names a placeholder name (or IP for IP products) is priced. Names past the first cost extraDomainPrice each; each name counts once, and the www names a product adds by itself (www.a.com beside a.com on flex products) are free.',
      params: productNoParams,
      body: priceBody,
      response: { 200: envelope(priceAnswer) },
    },
  }, async (request) => {
    const product = await findProduct(app.db, request.params.productNo);
    if (!product) throw productNotFound();
    const { year } = request.body;
    const remaining = (await packageRemainingByProduct(app.db, request.account.id)).get(product.productNo) ?? 0;
    if (year === freeTermDays || product.free) return ok({ allNowPrice: 0, allRawPrice: 0, discount: noDiscount, packageCovered: 0, packageRemaining: remaining });
    if (!isValidTerm(year, product.maxYear, product.free)) {
      throw new RuleError('INVALID_INPUT', said('purchase.term.invalid', { term: year }), { year: said('purchase.term.invalid', { term: year }) });
    }
    const names = [...(request.body.sslDomains ?? []), ...(request.body.emails ?? [])];
    // Counted as the order will be billed: each name once, the www names the product adds by itself free.
    // No names prices one (the placeholder name of §7).
    const billed = billedNames(names.map(toAscii), product).length;
    const rules = await discountRules(app.db, request.account.id);
    const p = accountPrice(product, rules, { term: year, domainCount: Math.max(1, billed), quantity: request.body.quantity ?? 1, packageRemaining: remaining });
    return ok({ allNowPrice: p.allNowPrice, allRawPrice: p.allRawPrice, discount: p.discount, packageCovered: p.packageCovered, packageRemaining: remaining });
  });

  app.post('/v1/orders/certificate/:productNo', {
    bodyLimit: batchBodyLimit,
    schema: {
      tags,
      summary: 'Create orders (one, or one per sslCerts entry, at most 500), all or none, or per certificate with partial',
      description:
        'Every certificate is checked with the shared rules (names by product type, term, DCV method, contact, company, CSR signature and common name, key options). On success `data` is the order number, or the numbers joined by commas in the order of sslCerts. On failure nothing is written; `errors` is keyed by field (single) or by common name (sslCerts). ' +
        'With `partial: true` the valid certificates are created in one transaction and `data` is `{ created: [{index, commonName, orderNo}], failed: [{index, commonName, errors}] }`; the term, contact and company still fail the whole request.',
      params: productNoParams,
      body: createOrderBody,
      response: { 200: envelope(createOrderAnyAnswer) },
    },
  }, async (request) => {
    const product = await findProduct(app.db, request.params.productNo);
    if (!product) throw productNotFound();
    return ok(await create(request, product, request.body));
  });

  app.post('/v1/orders/free', {
    bodyLimit: batchBodyLimit,
    schema: {
      tags,
      summary: 'Create free 90-day orders (paid at once: status 1002)',
      description: 'Same body and checks as /v1/orders/certificate/{productNo}, with productNo in the body; the product must be free.',
      body: createFreeOrderBody,
      response: { 200: envelope(createOrderAnyAnswer) },
    },
  }, async (request) => {
    const product = await findProduct(app.db, request.body.productNo);
    if (!product) throw productNotFound();
    if (!product.free) throw new RuleError('INVALID_INPUT', said('purchase.product.notFree'), { productNo: said('purchase.product.notFree') });
    return ok(await create(request, product, request.body));
  });

  // GET /v1/orders (by numbers, and the full list) lives in routes/orders/list.ts.
};
