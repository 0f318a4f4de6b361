import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import * as c from '@cc/contracts/domains';
import { graceDays, premiumFactor, redemptionDays, tldPrices, transferPendingDays, maxYears, minYears } from '@cc/domain/registrar';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import { spenderOf } from '../../plugins/spending.ts';
import { auditByOf } from '../../services/team/audit.ts';
import { enqueue } from '../../services/jobs/queue.ts';
import { paymentsContext, serverBaseUrl } from '../../services/payments/context.ts';
import { checkout } from '../../services/domains/checkout.ts';
import { siteOrigin } from '../payments/origin.ts';
import { registryTransferJob } from '../../adapters/registry/sandbox.ts';
import { createDomainsContext, type DomainsContext } from '../../services/domains/context.ts';
import { availability, suggest } from '../../services/domains/names.ts';
import * as orders from '../../services/domains/orders.ts';
import * as manage from '../../services/domains/manage.ts';
import * as contacts from '../../services/domains/contacts.ts';
import { batchStatus, domainsBatchJob, listBatches, runBatchSlice, startBatch } from '../../services/domains/batch.ts';
import { domainsDailyJob, sendDomainReminders } from '../../services/domains/reminders.ts';
import { releaseLapsedNames } from '../../services/domains/release.ts';

const contexts = new WeakMap<object, DomainsContext>();
/** The domains area's context, made once per app (tests reach it to drive the registry's clock). */
export function domainsContext(app: Parameters<FastifyPluginAsyncZod>[0]): DomainsContext {
  let ctx = contexts.get(app.db);
  if (!ctx) {
    ctx = createDomainsContext({ db: app.db, log: app.log, clock: () => app.clock.now(), dns: { nameservers: app.config.DNS_NAMESERVERS, hostmaster: app.config.DNS_HOSTMASTER } });
    contexts.set(app.db, ctx);
  }
  return ctx;
}

const tld = ({ tld, ascii, register, renew, transfer, redemption, realName }: (typeof tldPrices)[number]) => ({ tld, ascii, register, renew, transfer, redemption, realName });
const P = '/dm-serv/v1';

/**
 * Domain names (document 02 §7 "Domains"): search, cart and checkout, contacts, the account's names, renewal,
 * transfer in and out, groups and batch work, against the registry adapter (the built-in sandbox by default).
 * Registry events over time (transfers settling after 5 days) and expiry reminders run on the job queue.
 */
export const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  // API keys: buying, renewing and transferring names is ordering; reads stay readable with a read-only key.
  keyScopeDefault(app, 'orders');
  // Team: the registrar side is domain work; spending on names is paying, through the spending gate (plugins/spending.ts).
  permissionDefault(app, 'domains.manage');
  const pays = { permission: 'orders.pay', spends: true } as const;
  const ctx = domainsContext(app);
  const tags = ['domains'];
  const me = (r: { account: { id: number } }) => r.account.id;
  // What a member sees and changes: the names, zones and contacts of its departments (services/team/scope.ts).
  const who = deptScopeOf;

  // Both carry paid goods: their last failure refunds what they could not deliver (services/jobs/kinds.ts paidGoodsKinds).
  app.jobs.register(registryTransferJob, async (job) => orders.runTransferEvent(ctx, job.payload.transferId, job.payload.act), {
    settle: (q, job) => orders.settleTransferEvent(ctx, q, job.payload.transferId),
  });
  app.jobs.register(orders.domainsCompleteJob, async (job) => orders.completePaid(ctx, job.payload.orderNos), {
    settle: (q, job) => orders.settleDomainsComplete(q, job.payload.orderNos),
  });
  app.jobs.register(domainsBatchJob, async (job) => ((await runBatchSlice(ctx, job.payload.batchId)) === 'more' ? { retryInSeconds: 0 } : undefined));
  app.jobs.register(domainsDailyJob, async () => {
    // Names their holders let lapse past the registry's release are theirs no more.
    await releaseLapsedNames(app.db, ctx.clock());
    await sendDomainReminders(ctx, app.messenger, serverBaseUrl(app));
    return { retryInSeconds: 86400 };
  });
  app.addHook('onReady', async () => {
    await enqueue(app.db, domainsDailyJob, {}, { dedupeKey: domainsDailyJob });
  });

  app.get(`${P}/tld`, { schema: { tags, summary: 'TLDs and their prices (cents per year: register, renew, transfer; redemption fee) and the registry\'s periods', response: { 200: envelope(c.tldAnswer) } } }, async () =>
    ok({
      commonTlds: tldPrices.filter((t) => t.common).map(tld),
      otherTlds: tldPrices.filter((t) => !t.common).map(tld),
      rules: { minYears, maxYears, graceDays, redemptionDays, transferPendingDays, premiumFactor },
    }));

  app.post(`${P}/domains/available`, { config: { apiKey: 'read' }, schema: { tags, summary: 'Availability and one year\'s price of many names (bulk search, up to 1000)', body: c.availableBody, response: { 200: envelope(c.availableAnswer) } } },
    async (request) => ok(await availability(ctx, app.db, me(request), request.body.domains)));

  app.get(`${P}/domains/suggest`, { schema: { tags, summary: 'A name or keyword across TLDs with prices, and available suggestions (IDN names accepted)', querystring: c.suggestQuery, response: { 200: envelope(c.suggestAnswer) } } },
    async (request) => ok(await suggest(ctx, me(request), request.query.keyword, request.query.tlds)));

  // Cart
  app.get(`${P}/carts`, { schema: { tags, summary: 'The cart, each name priced and checked now', response: { 200: envelope(c.cartAnswer) } } }, async (request) => ok(await orders.cartOf(ctx, me(request))));
  app.post(`${P}/carts`, { schema: { tags, summary: 'Adds names to the cart (or sets their years)', body: c.cartAddBody, response: { 200: envelope(c.cartAnswer) } } },
    async (request) => ok(await orders.addToCart(ctx, me(request), request.body.domains, request.body.years)));
  app.put(`${P}/carts/:id`, { schema: { tags, summary: 'Years of a cart item', params: c.idParams, body: c.cartUpdateBody, response: { 200: envelope(c.cartAnswer) } } },
    async (request) => ok(await orders.updateCart(ctx, me(request), request.params.id, request.body.years)));
  app.delete(`${P}/carts/:id`, { schema: { tags, summary: 'Removes a cart item', params: c.idParams, response: { 200: envelope(c.cartAnswer) } } },
    async (request) => ok(await orders.removeFromCart(ctx, me(request), request.params.id)));

  app.post(`${P}/pay`, {
    config: pays,
    schema: {
      tags,
      summary: 'Checks out cart items, paid like an order: balance makes the registration orders now; an outside way answers the pending pay result and the orders are made when the gateway confirms',
      description: 'Registration follows payment; a name taken meanwhile is refunded to the balance. Outside ways: poll GET /v1/payments/{paymentId} (orderNos once succeeded).',
      body: c.payBody,
      response: { 200: envelope(c.checkoutAnswer) },
    },
  }, async (request) => ok(await checkout(ctx, paymentsContext(app), await who(request), spenderOf(request), auditByOf(request), request.body, siteOrigin(request), request.locale)));

  // Contacts
  app.get(`${P}/contacts`, { schema: { tags, summary: 'Domain contacts (registrant templates) and whether each is real-name verified', response: { 200: envelope(c.domainContactsAnswer) } } },
    async (request) => ok(await contacts.listContacts(app.db, await who(request))));
  app.post(`${P}/contacts`, { schema: { tags, summary: 'Adds a domain contact', body: c.domainContactBody, response: { 200: envelope(c.domainContact) } } },
    async (request) => ok(await contacts.createContact(app.db, await who(request), request.body)));
  app.put(`${P}/contacts/:id`, { schema: { tags, summary: 'Changes a domain contact', params: c.idParams, body: c.domainContactBody, response: { 200: envelope(c.domainContact) } } },
    async (request) => ok(await contacts.updateContact(app.db, await who(request), request.params.id, request.body)));
  app.delete(`${P}/contacts/:id`, { schema: { tags, summary: 'Deletes a domain contact no name uses as registrant', params: c.idParams, response: { 200: envelope(z.null()) } } }, async (request) => {
    await contacts.deleteContact(app.db, await who(request), request.params.id);
    return ok(null);
  });

  // The account's names
  app.get(`${P}/domains`, { schema: { tags, summary: 'The account\'s names: tab mine, expiring (30 days), expired, forSale; keyword, group', querystring: c.domainListQuery, response: { 200: envelope(c.domainListAnswer) } } },
    async (request) => ok(await manage.listDomains(ctx, await who(request), request.query)));
  app.get(`${P}/domains/:orderNo`, { schema: { tags, summary: 'One name: status, dates, nameservers, lock, contacts, group, its orders', params: c.orderNoParams, response: { 200: envelope(c.domainDetail) } } },
    async (request) => ok(await manage.domainDetail(ctx, await who(request), request.params.orderNo)));
  app.put(`${P}/domainLock`, { schema: { tags, summary: 'Locks or unlocks a name against transfer (registry status clientTransferProhibited)', body: c.domainLockBody, response: { 200: envelope(z.object({ domain: z.string(), locked: z.boolean() })) } } },
    async (request) => ok(await manage.setLock(ctx, await who(request), request.body.domain, request.body.lock)));
  app.put(`${P}/domains/forSale`, { schema: { tags, summary: 'Lists a name for sale (the for-sale tab) or takes it off', body: c.forSaleBody, response: { 200: envelope(z.object({ domain: z.string(), forSale: z.boolean() })) } } },
    async (request) => ok(await manage.setForSale(ctx, await who(request), request.body.domain, request.body.forSale)));
  app.post(`${P}/domains/authCode`, { schema: { tags, summary: 'The auth code of an unlocked name (reset: a new one)', body: c.authCodeBody, response: { 200: envelope(c.authCodeAnswer) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await manage.authCode(ctx, await who(request), request.body.domain, request.body.reset));
  });
  app.put(`${P}/orders/remark`, { schema: { tags, summary: 'The remark of a name, by its order number', body: c.remarkBody, response: { 200: envelope(z.object({ orderNo: z.string(), remark: z.string() })) } } },
    async (request) => ok(await manage.setRemark(ctx, await who(request), request.body.orderNo, request.body.remark)));
  app.put(`${P}/domains/nameservers`, { schema: { tags, summary: 'The nameservers of a name (2 to 13)', body: c.nameserversBody, response: { 200: envelope(z.object({ domain: z.string(), nameservers: z.array(z.string()) })) } } },
    async (request) => {
      const viewer = await who(request);
      return ok(await app.db.tx((q) => manage.setNameserversIn(q, ctx, viewer, request.body.domain, manage.checkNameservers(request.body.nameservers))));
    });

  // Renewal
  app.post(`${P}/orders/renew/price`, { config: { apiKey: 'read' }, schema: { tags, summary: 'Renewal price of names for some years (redemption fee included where due; faults per name)', body: c.renewBody, response: { 200: envelope(c.renewPriceAnswer) } } },
    async (request) => ok(await orders.renewQuotes(ctx, await who(request), request.body.domains, request.body.years, request.locale)));
  app.post(`${P}/orders/renew`, {
    config: pays,
    schema: { tags, summary: 'Renews names for some years, all or none, paid from the balance', body: c.renewBody, response: { 200: envelope(c.payAnswer) } } },
    async (request) => ok(await orders.renewNames(ctx, await who(request), spenderOf(request), auditByOf(request), request.body.domains, request.body.years, request.locale)));
  app.get(`${P}/orders/renew/records`, { schema: { tags, summary: 'Renewal orders', querystring: c.orderListQuery, response: { 200: envelope(c.orderListAnswer) } } },
    async (request) => ok(await orders.listOrders(ctx, await who(request), 'renew', request.query)));
  app.get(`${P}/orders`, { schema: { tags, summary: 'Registration orders', querystring: c.orderListQuery, response: { 200: envelope(c.orderListAnswer) } } },
    async (request) => ok(await orders.listOrders(ctx, await who(request), 'register', request.query)));

  // Transfer in and out
  app.post(`${P}/transferIn/price`, { config: { apiKey: 'read' }, schema: { tags, summary: 'Transfer price of names (adds one year)', body: c.transferPriceBody, response: { 200: envelope(c.transferPriceAnswer) } } },
    async (request) => ok(orders.transferQuotes(request.body.domains, request.locale)));
  app.post(`${P}/transferIn`, {
    config: pays,
    schema: { tags, summary: 'Transfers names in with their auth codes: paid, requested at the registry, refunded when refused', body: c.transferInBody, response: { 200: envelope(c.payAnswer) } } },
    async (request) => ok(await orders.transferIn(ctx, await who(request), spenderOf(request), auditByOf(request), request.body, request.locale)));
  app.get(`${P}/transferIn`, { schema: { tags, summary: 'Transfer-in orders with their progress at the registry and outcome', querystring: c.orderListQuery, response: { 200: envelope(c.orderListAnswer) } } },
    async (request) => ok(await orders.listOrders(ctx, await who(request), 'transferIn', request.query)));
  app.get(`${P}/transferOut`, { schema: { tags, summary: 'Requests of other registrars for the account\'s names (complete after 5 days unless rejected)', response: { 200: envelope(c.transferOutAnswer) } } },
    async (request) => ok(await manage.listTransfersOut(ctx, await who(request))));
  app.post(`${P}/transferOut/:id`, { schema: { tags, summary: 'Approves (the name leaves now) or rejects another registrar\'s request', params: c.idParams, body: c.transferDecisionBody, response: { 200: envelope(z.object({ id: z.number(), status: z.string() })) } } },
    async (request) => ok(await manage.decideTransferOut(ctx, await who(request), request.params.id, request.body.approve)));

  // Groups (limit 100, offset 1)
  app.get(`${P}/groups`, { schema: { tags, summary: 'Domain groups', querystring: c.groupQuery, response: { 200: envelope(c.groupsAnswer) } } },
    async (request) => ok(await manage.listGroups(app.db, me(request), request.query.limit, request.query.offset)));
  app.post(`${P}/groups`, { schema: { tags, summary: 'Adds a group', body: c.groupBody, response: { 200: envelope(c.group) } } }, async (request) => ok(await manage.createGroup(app.db, me(request), request.body.name)));
  app.put(`${P}/groups/:id`, { schema: { tags, summary: 'Renames a group', params: c.idParams, body: c.groupBody, response: { 200: envelope(z.object({ id: z.number(), name: z.string() })) } } },
    async (request) => ok(await manage.renameGroup(app.db, me(request), request.params.id, request.body.name)));
  app.delete(`${P}/groups/:id`, { schema: { tags, summary: 'Deletes a group (its names stay, ungrouped)', params: c.idParams, response: { 200: envelope(z.null()) } } }, async (request) => {
    await manage.deleteGroup(app.db, me(request), request.params.id);
    return ok(null);
  });
  app.post(`${P}/groups/addDomain/:id`, { schema: { tags, summary: 'Puts names into a group', params: c.idParams, body: c.groupDomainsBody, response: { 200: envelope(z.object({ changed: z.number() })) } } },
    async (request) => ok(await manage.groupDomains(app.db, await who(request), request.params.id, request.body.domains, true)));
  app.post(`${P}/groups/delDomain/:id`, { schema: { tags, summary: 'Takes names out of a group', params: c.idParams, body: c.groupDomainsBody, response: { 200: envelope(z.object({ changed: z.number() })) } } },
    async (request) => ok(await manage.groupDomains(app.db, await who(request), request.params.id, request.body.domains, false)));

  // Batch work
  app.post(`${P}/batch`, { schema: { tags, summary: 'Starts batch work over many names: ownership, nameservers, group or remark; progress at GET batch/{id}', body: c.batchBody, response: { 200: envelope(c.batchAnswer) } } },
    async (request) => {
      const r = await startBatch(ctx, await who(request), request.body);
      app.jobs.kick();
      return ok(r);
    });
  app.get(`${P}/batch`, { schema: { tags, summary: 'Recent batches with their progress', response: { 200: envelope(c.batchListAnswer) } } }, async (request) => ok(await listBatches(ctx, me(request))));
  app.get(`${P}/batch/:id`, { schema: { tags, summary: 'A batch\'s progress and the result of each name', params: c.batchIdParams, response: { 200: envelope(c.batchAnswer) } } },
    async (request) => ok(await batchStatus(ctx, me(request), request.params.id, request.locale)));
};
