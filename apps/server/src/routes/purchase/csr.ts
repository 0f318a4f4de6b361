import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { csrBatchSaveAnswer, csrBatchSaveBody, csrGenerateAnswer, csrGenerateBody, csrSaveAnswer, csrSaveBody } from '@cc/contracts/purchase';
import { keyOptionsFor } from '@cc/domain/key-options';
import { ok } from '../../lib/envelope.ts';
import { batchBodyLimit } from '../../lib/body-limits.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { isParsedCsr, parseCsr } from '../../services/purchase/csr.ts';
import { checkCountry, generateCsr } from '../../services/purchase/generate-csr.ts';
import { saveCsrs } from '../../services/purchase/orders.ts';
import { findProduct } from '../../services/purchase/products.ts';
import { RuleError, said, type Said } from '../../services/purchase/rule-error.ts';

/** Server-side key and CSR generation, and saved CSRs. */
export const csrRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchase'];
  const box = secretBox(app.config);

  app.post('/v1/csr/generate', {
    schema: {
      tags,
      summary: 'Generate a key pair and CSR on the server',
      description: 'The private key is answered once, in PKCS#8 PEM; the server keeps it only sealed (AES-256-GCM) with the saved CSR.',
      body: csrGenerateBody,
      response: { 200: envelope(csrGenerateAnswer) },
    },
  }, async (request) => {
    const b = request.body;
    const country = b.country.toUpperCase();
    checkCountry(country);
    let options = keyOptionsFor({ brand: '', productType: 'ssl' });
    if (b.productNo) {
      const product = await findProduct(app.db, b.productNo);
      if (!product) throw new RuleError('NOT_FOUND', said('purchase.product.notFound'), { productNo: said('purchase.product.notFound') });
      options = keyOptionsFor(product);
    }
    const out = await generateCsr({ ...b, country }, options);
    const [id] = await saveCsrs(app.db, request.account.id, [{ commonName: b.domain, csr: out.csr, keySealed: box.seal(out.key) }]);
    return ok({ ...out, id: id! });
  });

  /** Checks each request and reads its common name when none is given. */
  async function readAll(items: { csr: string; commonName?: string | undefined }[]) {
    const parsed = await Promise.all(items.map((i) => parseCsr(i.csr)));
    const fields: Record<string, Said> = {};
    parsed.forEach((p, i) => {
      if (!isParsedCsr(p)) fields[items.length > 1 ? `csrs.${i}` : 'csr'] = p;
    });
    const first = Object.values(fields)[0];
    if (first) throw new RuleError('INVALID_INPUT', first, fields);
    return parsed.map((p, i) => ({ csr: isParsedCsr(p) ? p.pem : '', commonName: items[i]!.commonName || (isParsedCsr(p) ? p.commonName : '') }));
  }

  app.post('/v1/csr/save', {
    schema: { tags, summary: 'Save a CSR', body: csrSaveBody, response: { 200: envelope(csrSaveAnswer) } },
  }, async (request) => {
    const [id] = await saveCsrs(app.db, request.account.id, await readAll([request.body]));
    return ok({ id: id! });
  });

  app.post('/v1/csr/batchSave', {
    bodyLimit: batchBodyLimit,
    schema: { tags, summary: 'Save several CSRs (at most 500), all or none', body: csrBatchSaveBody, response: { 200: envelope(csrBatchSaveAnswer) } },
  }, async (request) => ok({ ids: await saveCsrs(app.db, request.account.id, await readAll(request.body.csrs)) }));
};
