import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addChainBody,
  consistencyAnswer,
  consistencyQuery,
  ctSth,
  entriesAnswer,
  getEntriesQuery,
  logInfoAnswer,
  proofAnswer,
  proofByHashQuery,
  rootsAnswer,
  sct,
} from '@cc/contracts/ct';
import { ctMonitor } from '../../services/ct/monitor.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { acceptedRoots, consistency, currentSth, getEntries, logInfo, proofByHash, submitChain } from '../../services/ct/log.ts';

/**
 * The built-in Certificate Transparency log, open to anyone as a CT log is (RFC 6962 §4). Answers are RFC 6962's
 * JSON as they are, not the console's envelope, so CT clients and monitors read them unchanged.
 */
export const ctRoutes: FastifyPluginAsyncZod = async (app) => {
  const { box } = ordersContext(app);
  const tags = ['ct'];
  app.jobs.register('ct.monitor', ctMonitor(app.db));
  const chainOf = (b: { chain: string[] }) => b.chain.map((c) => Buffer.from(c, 'base64'));

  app.post('/ct/v1/add-chain', {
    schema: { tags, summary: 'Adds a certificate chain (leaf first, ending in an accepted root or signed by one); answers its SCT', body: addChainBody, response: { 200: sct } },
  }, async (request) => submitChain(app.db, box, chainOf(request.body), 'x509'));

  app.post('/ct/v1/add-pre-chain', {
    schema: { tags, summary: 'Adds a precertificate chain (the leaf carries the CT poison); answers its SCT', body: addChainBody, response: { 200: sct } },
  }, async (request) => submitChain(app.db, box, chainOf(request.body), 'precert'));

  app.get('/ct/v1/get-sth', {
    schema: { tags, summary: 'The latest signed tree head', response: { 200: ctSth } },
  }, async () => currentSth(app.db, box));

  app.get('/ct/v1/get-sth-consistency', {
    schema: { tags, summary: 'Consistency proof between two tree sizes', querystring: consistencyQuery, response: { 200: consistencyAnswer } },
  }, async (request) => ({ consistency: await consistency(app.db, request.query.first, request.query.second) }));

  app.get('/ct/v1/get-proof-by-hash', {
    schema: { tags, summary: 'Audit path of a leaf (by its leaf hash) in the tree of tree_size leaves', querystring: proofByHashQuery, response: { 200: proofAnswer } },
  }, async (request) => proofByHash(app.db, Buffer.from(request.query.hash, 'base64'), request.query.tree_size));

  app.get('/ct/v1/get-entries', {
    schema: { tags, summary: 'Entries start..end (inclusive; at most 256 per call)', querystring: getEntriesQuery, response: { 200: entriesAnswer } },
  }, async (request) => ({ entries: await getEntries(app.db, request.query.start, request.query.end) }));

  app.get('/ct/v1/get-roots', {
    schema: { tags, summary: 'The roots this log accepts (the built-in CA\'s)', response: { 200: rootsAnswer } },
  }, async () => ({ certificates: (await acceptedRoots(app.db)).map((c) => c.raw.toString('base64')) }));

  app.get('/ct/v1/log-info', {
    schema: { tags, summary: 'The log\'s id, public key (SPKI, base64) and maximum merge delay, as a log list publishes them', response: { 200: logInfoAnswer } },
  }, async () => logInfo(app.db, box));
};
