import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { batchDownloadQuery, certAnswer, downloadBody, downloadQuery, jksAnswer, keystoreBody, orderNoParams, pfxAnswer, zipFile } from '@cc/contracts/orders';
import { ok } from '../../lib/envelope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { ordersByNos } from '../../services/orders/queries.ts';
import { certBundle, fileStem, jks, keyFor, pfx, serverZip } from '../../services/issuance/downloads.ts';
import { myOrder, tags } from './common.ts';

/** Certificate downloads: PEM, PKCS#12, JKS and a zip per server type. */
export const orderDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Certificates and private keys: for those who manage orders (technical), not those who only read them (finance).
  permissionDefault(app, 'orders.manage');
  const ctx = ordersContext(app);

  app.get('/v1/orders/cert/:orderNo', {
    schema: { tags, summary: 'The certificate, its chain and root (PEM), and the key when the server holds it', params: orderNoParams, response: { 200: envelope(certAnswer) } },
  }, async (request) => ok(await certBundle(ctx, await myOrder(ctx, await deptScopeOf(request), request.params.orderNo))));

  app.post('/v1/cert/pfx', {
    schema: {
      tags,
      summary: 'PKCS#12 (.pfx) of the certificate, chain and key, protected by the password',
      description: 'Answers base64 in JSON. AES-256-CBC with PBKDF2-SHA-256 and an HMAC-SHA-256 MAC (OpenSSL 3 default); opens with `openssl pkcs12` and Windows. Any Unicode password of 6 characters or more (no control characters). `key` is needed when the server does not hold it.',
      body: keystoreBody,
      response: { 200: envelope(pfxAnswer) },
    },
  }, async (request) => {
    const b = await certBundle(ctx, await myOrder(ctx, await deptScopeOf(request), request.body.orderNo));
    const der = await pfx(b, keyFor(b, request.body.key), request.body.password);
    return ok({ fileName: `${fileStem(b)}.pfx`, pfx: der.toString('base64') });
  });

  app.post('/v1/cert/jks', {
    schema: {
      tags,
      summary: 'Java KeyStore (.jks) of the certificate, chain and key, alias "server"; store and key password the same',
      description: 'Answers base64 in JSON; made by keytool from a PKCS#12, opens with `keytool -list`. Any Unicode password of 6 characters or more (no control characters).',
      body: keystoreBody,
      response: { 200: envelope(jksAnswer) },
    },
  }, async (request) => {
    const b = await certBundle(ctx, await myOrder(ctx, await deptScopeOf(request), request.body.orderNo));
    const key = keyFor(b, request.body.key);
    let out: Buffer;
    try {
      out = await jks(b, key, request.body.password);
    } catch (e) {
      request.log.error({ err: e }, 'keytool failed');
      throw new RuleError('INTERNAL', said('orders.keystore.failed'));
    }
    return ok({ fileName: `${fileStem(b)}.jks`, jks: out.toString('base64') });
  });

  app.get('/v1/orders/download/:orderNo', {
    schema: {
      tags,
      summary: 'Zip of one order for nginx, Apache, IIS and Tomcat',
      description:
        'application/zip: nginx/{name}_bundle.pem + {name}.key; apache/{name}.crt, {name}_chain.crt, {name}.key; iis/{name}.pfx; tomcat/{name}.jks; root/{name}_root.crt. Key, pfx and jks only when the server holds the key. Without `password` one is generated and written to password.txt.',
      params: orderNoParams,
      querystring: downloadQuery,
      response: { 200: zipFile },
    },
  }, async (request, reply) => {
    const b = await certBundle(ctx, await myOrder(ctx, await deptScopeOf(request), request.params.orderNo));
    const { zip } = await serverZip([b], request.query.password);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileStem(b)}.zip"`).send(zip);
  });

  app.post('/v1/orders/download/:orderNo', {
    schema: {
      tags,
      summary: 'Zip of one order, with the private key the server does not hold (same layout as the GET)',
      description:
        'Body { key, password }: `key` must be the certificate\'s (orders.key.mismatch otherwise); with it the zip also holds nginx/ and apache/ key files, iis/{name}.pfx and tomcat/{name}.jks. ' +
        'Without `key` the held key is used, as by the GET. The key is used for this file only and is not stored.',
      params: orderNoParams,
      body: downloadBody,
      response: { 200: zipFile },
    },
  }, async (request, reply) => {
    const held = await certBundle(ctx, await myOrder(ctx, await deptScopeOf(request), request.params.orderNo));
    const b = request.body.key?.trim() ? { ...held, key: keyFor(held, request.body.key) } : held;
    const { zip } = await serverZip([b], request.body.password);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileStem(b)}.zip"`).send(zip);
  });

  app.get('/v1/orders/batch/download', {
    schema: {
      tags,
      summary: 'Zip of several issued orders, a folder per order number (same layout as /v1/orders/download/{orderNo})',
      description: 'Orders not yours or not issued are left out; none issued is an error.',
      querystring: batchDownloadQuery,
      response: { 200: zipFile },
    },
  }, async (request, reply) => {
    const rows = (await ordersByNos(app.db, await deptScopeOf(request), request.query.orderNos)).filter((o) => o.certificate_id);
    if (!rows.length) throw new RuleError('INVALID_INPUT', said('orders.notIssued'));
    const bundles = [];
    for (const o of rows) bundles.push(await certBundle(ctx, o));
    const { zip } = await serverZip(bundles, request.query.password);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="certificates.zip"`).send(zip);
  });
};
