import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@cc/contracts/input';
import { binaryFile } from '@cc/contracts/orders';
import { ordersContext } from '../../services/orders/context.ts';
import { approveByToken, lookupApproval } from '../../services/dcv/validation.ts';
import { approvalPage, approvalPageHeaders, pageLocale } from './approval-page.ts';

/** Open to visitors: the approval link of e-mail validation, and the built-in CA's certificates and CRL (AIA, CDP). */
export const orderPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  // The link in the mail opens a page; only its button (a POST) approves. Mail scanners and link previewers
  // fetch links by themselves, so a GET changes nothing.
  const approveParams = z.object({ token: text(512) });
  app.get('/dcv/approve/:token', {
    schema: {
      tags: ['orders'],
      summary: 'Approval page of the email/email_dns validation (the link sent by mail); changes nothing',
      description: 'Answers an HTML page naming the domain, the order and the mailbox, with one button that POSTs to the same address. In the language of the browser (both languages when unknown).',
      params: approveParams,
      response: { 200: z.string().describe('text/html') },
    },
  }, async (request, reply) => {
    const v = await lookupApproval(ctx, request.params.token);
    return reply.headers(approvalPageHeaders).send(approvalPage(v, pageLocale(request.headers.lang, request.headers['accept-language'])));
  });

  app.post('/dcv/approve/:token', {
    schema: {
      tags: ['orders'],
      summary: 'Approve by the link (the page\'s button): validates the name once',
      description:
        'Only while the name still has the method, mailbox and values the link was sent for; email_dns also needs its TXT record now. Approving again answers "already confirmed". Answers an HTML page.',
      params: approveParams,
      response: { 200: z.string().describe('text/html') },
    },
  }, async (request, reply) => {
    const v = await approveByToken(ctx, request.params.token);
    // Every name passed: the issue job was just queued; run it now rather than at the next poll.
    if (v.state === 'approved') app.jobs.kick();
    return reply.headers(approvalPageHeaders).send(approvalPage(v, pageLocale(request.headers.lang, request.headers['accept-language'])));
  });

  const brandParams = z.object({ brand: text(40).regex(/^[a-z0-9_-]{1,40}$/i) });
  const der = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');

  app.get('/ca/:brand/root.crt', {
    schema: { tags: ['ca'], summary: 'Root certificate of a brand of the built-in CA (DER)', params: brandParams, response: { 200: binaryFile.describe('application/pkix-cert') } },
  }, async (request, reply) => {
    const h = await ctx.ca.hierarchy(request.params.brand);
    return reply.header('content-type', 'application/pkix-cert').send(der(h.rootPem));
  });

  app.get('/ca/:brand/intermediate.crt', {
    schema: { tags: ['ca'], summary: 'Issuing certificate of a brand (DER); the AIA caIssuers URL of every leaf', params: brandParams, response: { 200: binaryFile.describe('application/pkix-cert') } },
  }, async (request, reply) => {
    const h = await ctx.ca.hierarchy(request.params.brand);
    return reply.header('content-type', 'application/pkix-cert').send(der(h.intermediatePem));
  });

  app.get('/ca/:brand/intermediate.crl', {
    schema: { tags: ['ca'], summary: 'CRL of the issuing CA of a brand (DER); the CRL distribution point of every leaf', params: brandParams, response: { 200: binaryFile.describe('application/pkix-crl') } },
  }, async (request, reply) => reply.header('content-type', 'application/pkix-crl').send(Buffer.from(await ctx.ca.crl(request.params.brand))));
};
