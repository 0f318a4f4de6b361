import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@cc/contracts/input';
import { translate } from '@cc/contracts/messages';
import { binaryFile } from '@cc/contracts/orders';
import { ordersContext } from '../../services/orders/context.ts';
import { approveByToken } from '../../services/dcv/validation.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

/** Open to visitors: the approval link of e-mail validation, and the built-in CA's certificates and CRL (AIA, CDP). */
export const orderPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  app.get('/dcv/approve/:token', {
    schema: {
      tags: ['orders'],
      summary: 'Approval link of the email/email_dns validation (sent by mail); validates the name once',
      description: 'Answers an HTML page in the language of the browser (both languages when unknown).',
      params: z.object({ token: text(100).min(10) }),
      response: { 200: z.string().describe('text/html') },
    },
  }, async (request, reply) => {
    const domain = await approveByToken(ctx, request.params.token);
    const both = !request.headers['accept-language'] && !request.headers.lang;
    const say = (key: string) =>
      both ? `${translate('zh', key, { domain: domain ?? '' })} ${translate('en', key, { domain: domain ?? '' })}` : translate(request.locale, key, { domain: domain ?? '' });
    const text = say(domain ? 'orders.approve.done' : 'orders.approve.invalid');
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page('CertHub', text));
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
