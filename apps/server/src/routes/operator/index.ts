import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import {
  idParams, operatorAccountQuery, operatorDecisionAnswer, operatorDiscountBody, operatorDiscountsAnswer, operatorHeader, operatorInvoicesAnswer, operatorInvoicesQuery,
  operatorOfferBody, operatorOffersAnswer, operatorOfferUpdateBody, operatorRejectBody, operatorWithdrawalsAnswer, operatorWithdrawalsQuery,
} from '@cc/contracts/billing';
import { ok } from '../../lib/envelope.ts';
import { publicBaseUrl } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { isOperatorSecret, operatorSecret } from '../../adapters/payment/operator-secret.ts';
import { issueInvoice, operatorInvoices, rejectInvoice } from '../../services/billing/invoices.ts';
import { decideWithdrawal, operatorWithdrawals } from '../../services/billing/withdrawals.ts';
import { deleteDiscount, operatorDiscounts, operatorOffers, setDiscount, setOffer, setOfferActive } from '../../services/billing/operator-prices.ts';

/**
 * The platform's operator area (sandbox back office): issue or reject invoice applications, pay out or reject
 * withdrawals. Not a customer session: every call needs the operator secret in the x-operator-secret header
 * (OPERATOR_SECRET, or the one generated into DATA_DIR/operator.secret), compared in constant time.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = operatorSecret(app.config);
  const tags = ['operator'];
  const security = [{ operatorSecret: [] }];
  app.addHook('onRequest', async (request) => {
    const given = request.headers[operatorHeader];
    if (!isOperatorSecret(secret, typeof given === 'string' ? given : undefined)) throw new AppError('OPERATOR_DENIED');
  });
  const dep = () => ({ db: app.db, messenger: app.messenger, seller: app.config.INVOICE_SELLER, now: () => app.clock.now(), baseUrl: publicBaseUrl(app.config) });

  app.get('/v1/operator/invoices', {
    schema: { tags, security, summary: 'Invoice applications of every account, newest first', querystring: operatorInvoicesQuery, response: { 200: envelope(operatorInvoicesAnswer) } },
  }, async (request) => ok(await operatorInvoices(app.db, request.query)));
  app.post('/v1/operator/invoices/:id/issue', {
    schema: { tags, security, summary: 'Issue a pending application: number, PDF, mail to the user', params: idParams, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await issueInvoice(dep(), request.params.id, request.locale)));
  app.post('/v1/operator/invoices/:id/reject', {
    schema: { tags, security, summary: 'Reject a pending application (the amount can be invoiced again)', params: idParams, body: operatorRejectBody, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await rejectInvoice(app.db, request.params.id, request.body.reason)));

  app.get('/v1/operator/withdrawals', {
    schema: { tags, security, summary: 'Withdrawals of every account, newest first', querystring: operatorWithdrawalsQuery, response: { 200: envelope(operatorWithdrawalsAnswer) } },
  }, async (request) => ok(await operatorWithdrawals(app.db, request.query)));
  app.post('/v1/operator/withdrawals/:id/pay', {
    schema: { tags, security, summary: 'Mark a pending withdrawal paid out', params: idParams, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await decideWithdrawal(app.db, request.params.id, { paid: true })));
  app.post('/v1/operator/withdrawals/:id/reject', {
    schema: { tags, security, summary: 'Reject a pending withdrawal: the money returns to the balance', params: idParams, body: operatorRejectBody, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await decideWithdrawal(app.db, request.params.id, { paid: false, reason: request.body.reason })));

  // Each account's own prices (what discountFor applies everywhere) and the certificate package offers.
  app.get('/v1/operator/discounts', {
    schema: { tags, security, summary: "An account's price table (by e-mail address or account number)", querystring: operatorAccountQuery, response: { 200: envelope(operatorDiscountsAnswer) } },
  }, async (request) => ok(await operatorDiscounts(app.db, request.query.account)));
  app.put('/v1/operator/discounts', {
    schema: {
      tags, security,
      summary: "Sets a rule of an account's price table: every product, a brand or a product, from a quantity on; the same scope and quantity is replaced",
      body: operatorDiscountBody,
      response: { 200: envelope(operatorDiscountsAnswer) },
    },
  }, async (request) => ok(await setDiscount(app.db, request.body)));
  app.delete('/v1/operator/discounts/:id', {
    schema: { tags, security, summary: 'Removes a rule of a price table', params: idParams, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await deleteDiscount(app.db, request.params.id)));
  app.get('/v1/operator/packageOffers', {
    schema: { tags, security, summary: 'Every package offer (on sale or not) with what sold, and the products and brands on sale', response: { 200: envelope(operatorOffersAnswer) } },
  }, async () => ok(await operatorOffers(app.db)));
  app.post('/v1/operator/packageOffers', {
    schema: { tags, security, summary: 'Puts a package on sale (the same product and quantity: its new price, on sale again)', body: operatorOfferBody, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await setOffer(app.db, request.body)));
  app.put('/v1/operator/packageOffers/:id', {
    schema: { tags, security, summary: 'Takes an offer off sale or back on (packages bought stay)', params: idParams, body: operatorOfferUpdateBody, response: { 200: envelope(operatorDecisionAnswer) } },
  }, async (request) => ok(await setOfferActive(app.db, request.params.id, request.body.active)));
};
