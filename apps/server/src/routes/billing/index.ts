import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditByOf } from '../../services/team/audit.ts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { pageQuery } from '@cc/contracts/envelope';
import { creditRecordsQuery } from '@cc/contracts/payments';
import {
  certPkgAnswer, certPkgBoughtAnswer, certPkgBuyBody, idParams, invoiceAppliedAnswer, invoiceApplyBody, invoiceContact, invoiceContactInput, invoiceLinkDays, invoiceLinkParams,
  invoiceContactUpdate, invoiceListAnswer, invoiceListQuery, invoiceOrg, invoiceOrgInput, invoiceOrgUpdate, monthlyAnswer, monthlyQuery,
  myPricesAnswer, rangeQuery, savedAnswer, templateListAnswer, transactionsAnswer, transactionsQuery, withdrawAnswer, withdrawBody, withdrawListAnswer,
} from '@cc/contracts/billing';
import { ok } from '../../lib/envelope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { exportReconciliation, exportTransactions, listTransactions, monthlyConsumption } from '../../services/billing/consumption.ts';
import { exportCreditRecords } from '../../services/billing/credit-export.ts';
import {
  applyInvoice, cancelInvoice, createInvoiceContact, createInvoiceOrg, deleteInvoiceContact, deleteInvoiceOrg, invoicePdfByLink, invoicePdfOf, listInvoiceContacts,
  listInvoiceOrgs, listInvoices, updateInvoiceContact, updateInvoiceOrg,
} from '../../services/billing/invoices.ts';
import { listWithdrawals, requestWithdrawal } from '../../services/billing/withdrawals.ts';
import { listCertPackages } from '../../services/billing/cert-packages.ts';
import { buyPackage } from '../../services/billing/buy-package.ts';
import { paymentsContext } from '../../services/payments/context.ts';
import { siteOrigin } from '../payments/origin.ts';
import { myPrices } from '../../services/billing/prices.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import { spenderOf } from '../../plugins/spending.ts';

const checkRange = (q: { startTime?: Date | undefined; endTime?: Date | undefined }) => {
  if (q.startTime && q.endTime && q.startTime > q.endTime) throw new RuleError('INVALID_INPUT', said('bill.range'), { startTime: said('bill.range') });
};

const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).header('cache-control', 'no-store').send(body);

const sendPdf = (reply: FastifyReply, f: { pdf: Buffer; invoiceNo: string }) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${f.invoiceNo}.pdf"`).header('cache-control', 'no-store').send(f.pdf);

/**
 * The download link of the invoice mail: no sign-in, the link's token is the permission (a capability address, as
 * an e-mail approval link is). Counted per address like every anonymous call; kept out of caches, search engines
 * and Referer headers.
 */
export const billingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/invoice-pdf/:token', {
    schema: {
      tags: ['billing'],
      summary: `An issued invoice as PDF, from the link of its mail (no sign-in; the link works ${invoiceLinkDays} days). 404 (14105): no such link; 410 (14106): expired`,
      params: invoiceLinkParams,
      produces: ['application/pdf'],
    },
  }, async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    return sendPdf(reply, await invoicePdfByLink(app.db, request.params.token, app.clock.now()));
  });
};

/** Billing of the signed-in account (document 02 §7 "Finance", document 01 §7 "my price list"). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  keyScopeDefault(app, 'full');
  // Team: bills, invoices and packages are the finance role's; what a technical member needs to buy is declared below.
  permissionDefault(app, 'billing.read', 'billing.manage');
  const tags = ['billing'];
  const security = [{ token: [] }];

  app.get('/v1/creditChangeRecords/export', {
    schema: { tags, security, summary: 'Balance changes as CSV (UTF-8 with BOM), same filters as the list, newest first', querystring: creditRecordsQuery.omit({ limit: true, offset: true }), produces: ['text/csv'] },
  }, async (request, reply) => {
    checkRange(request.query);
    return sendCsv(reply, `credit-records-${request.account.accountNo}`, await exportCreditRecords(app.db, request.account.id, request.query, request.locale));
  });

  app.get('/v1/transactions', {
    schema: { tags, security, summary: 'Bills: payments and refunds of orders and packages, newest first', querystring: transactionsQuery, response: { 200: envelope(transactionsAnswer) } },
  }, async (request) => {
    checkRange(request.query);
    return ok(await listTransactions(app.db, request.account.id, request.query));
  });

  app.get('/v1/transactions/monthlyConsumption', {
    schema: { tags, security, summary: 'Consumption per month (China Standard Time) and per product type', querystring: monthlyQuery, response: { 200: envelope(monthlyAnswer) } },
  }, async (request) => ok(await monthlyConsumption(app.db, request.account.id, request.query.months, new Date())));

  app.get('/v1/transactions/export', {
    schema: { tags, security, summary: 'Bills as CSV', querystring: rangeQuery, produces: ['text/csv'] },
  }, async (request, reply) => {
    checkRange(request.query);
    return sendCsv(reply, `bills-${request.account.accountNo}`, await exportTransactions(app.db, request.account.id, request.query, request.locale));
  });

  app.get('/v1/transactions/reconciliation', {
    schema: { tags, security, summary: 'Reconciliation export: the orders paid or refunded in the range, one line each, as CSV', querystring: rangeQuery, produces: ['text/csv'] },
  }, async (request, reply) => {
    checkRange(request.query);
    return sendCsv(reply, `reconciliation-${request.account.accountNo}`, await exportReconciliation(app.db, request.account.id, request.query, request.locale));
  });

  // --- invoice organisation templates
  app.get('/v1/invoiceOrganizations', {
    schema: { tags, security, summary: 'Invoice title (organisation) templates', querystring: pageQuery, response: { 200: envelope(templateListAnswer(invoiceOrg)) } },
  }, async (request) => ok(await listInvoiceOrgs(app.db, request.account.id, request.query)));
  app.post('/v1/invoiceOrganizations', {
    schema: { tags, security, summary: 'Add an invoice title template (taxNum: unified social credit code, checked)', body: invoiceOrgInput, response: { 200: envelope(savedAnswer) } },
  }, async (request) => ok({ id: await createInvoiceOrg(app.db, request.account.id, request.body) }));
  app.put('/v1/invoiceOrganizations', {
    schema: { tags, security, summary: 'Save an invoice title template (by id)', body: invoiceOrgUpdate, response: { 200: envelope(savedAnswer) } },
  }, async (request) => {
    const { id, ...b } = request.body;
    await updateInvoiceOrg(app.db, request.account.id, id, b);
    return ok({ id });
  });
  app.delete('/v1/invoiceOrganizations/:id', {
    schema: { tags, security, summary: 'Delete an invoice title template (invoices keep their copy)', params: idParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteInvoiceOrg(app.db, request.account.id, request.params.id);
    return ok(null);
  });

  // --- mailing templates
  app.get('/v1/invoiceContacts', {
    schema: { tags, security, summary: 'Mailing templates', querystring: pageQuery, response: { 200: envelope(templateListAnswer(invoiceContact)) } },
  }, async (request) => ok(await listInvoiceContacts(app.db, request.account.id, request.query)));
  app.post('/v1/invoiceContacts', {
    schema: { tags, security, summary: 'Add a mailing template', body: invoiceContactInput, response: { 200: envelope(savedAnswer) } },
  }, async (request) => ok({ id: await createInvoiceContact(app.db, request.account.id, request.body) }));
  app.put('/v1/invoiceContacts', {
    schema: { tags, security, summary: 'Save a mailing template (by id)', body: invoiceContactUpdate, response: { 200: envelope(savedAnswer) } },
  }, async (request) => {
    const { id, ...b } = request.body;
    await updateInvoiceContact(app.db, request.account.id, id, b);
    return ok({ id });
  });
  app.delete('/v1/invoiceContacts/:id', {
    schema: { tags, security, summary: 'Delete a mailing template', params: idParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteInvoiceContact(app.db, request.account.id, request.params.id);
    return ok(null);
  });

  // --- invoices
  app.get('/v1/invoices', {
    schema: { tags, security, summary: 'Invoice applications, newest first, with toBeInvoicedAmount', querystring: invoiceListQuery, response: { 200: envelope(invoiceListAnswer) } },
  }, async (request) => ok(await listInvoices(app.db, request.account.id, request.query)));
  app.post('/v1/invoices', {
    schema: { tags, security, summary: 'Apply for an invoice of up to toBeInvoicedAmount (14101 beyond it)', body: invoiceApplyBody, response: { 200: envelope(invoiceAppliedAnswer) } },
  }, async (request) => ok(await applyInvoice(app.db, request.account.id, request.body)));
  app.delete('/v1/invoices/:id', {
    schema: { tags, security, summary: 'Cancel an application while it is pending (14102 once decided)', params: idParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await cancelInvoice(app.db, request.account.id, request.params.id);
    return ok(null);
  });
  app.get('/v1/invoices/:id/pdf', {
    schema: { tags, security, summary: 'The issued invoice as PDF', params: idParams, produces: ['application/pdf'] },
  }, async (request, reply) => {
    const f = await invoicePdfOf(app.db, request.account.id, request.params.id);
    if (!f) throw new RuleError('NOT_FOUND', said('bill.invoice.notFound'));
    return sendPdf(reply, f);
  });

  // --- withdrawals
  app.get('/v1/withdraw', {
    schema: { tags, security, summary: 'Withdrawals, newest first, with the balance and the refundable amount', querystring: pageQuery, response: { 200: envelope(withdrawListAnswer) } },
  }, async (request) => ok(await listWithdrawals(app.db, request.account.id, request.query)));
  app.post('/v1/withdraw', {
    // Money leaving the platform: console sessions only, never an API key.
    // Taking money out of the account is the holder's alone.
    config: { apiKey: 'never', permission: 'account.owner', spends: true },
    schema: { tags, security, summary: 'Request a withdrawal of up to the refundable amount (14103 beyond it); it leaves the balance now', body: withdrawBody, response: { 200: envelope(withdrawAnswer) } },
  }, async (request) => ok(await requestWithdrawal(app.db, spenderOf(request), request.body)));

  // --- certificate packages
  app.get('/v1/certPkg', {
    config: { permission: 'orders.read' },
    schema: { tags, security, summary: 'Certificate packages on sale and those the account bought (what is left)', response: { 200: envelope(certPkgAnswer) } },
  }, async (request) => ok(await listCertPackages(app.db, request.account.id)));
  app.post('/v1/certPkg', {
    config: { apiKey: 'orders', spends: true },
    schema: {
      tags, security,
      summary: 'Buy a package: from the balance at once, or through an outside way (granted when the gateway confirms; poll GET /v1/payments/{paymentId})',
      body: certPkgBuyBody,
      response: { 200: envelope(certPkgBoughtAnswer) },
    },
  }, async (request) => ok(await buyPackage(paymentsContext(app), spenderOf(request), auditByOf(request), request.body, siteOrigin(request), request.locale)));

  // --- my prices
  app.get('/v1/products/myPrices', {
    config: { permission: 'orders.read' },
    schema: { tags, security, summary: "The account's own prices: every visible product at every term, one name", response: { 200: envelope(myPricesAnswer) } },
  }, async (request) => ok({ data: await myPrices(app.db, request.account.id) }));
};
