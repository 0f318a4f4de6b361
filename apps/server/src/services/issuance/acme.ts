import 'reflect-metadata';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Authorization, Order } from 'acme-client';
import { orderStatus } from '@cc/contracts/orders';
import type { AcmeAdapter, AcmeAuthorization } from '../../adapters/acme/client.ts';
import type { Said } from '../../lib/app-error.ts';
import { enqueue, type JobOutcome } from '../jobs/queue.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { advanceIfValidated, dcvCheckJob, startValidation } from '../dcv/validation.ts';
import { said } from '../purchase/rule-error.ts';
import { acmeFor } from './acme-route.ts';
import { storeCertificate } from './store.ts';
import type { Tables } from '@cc/db/schema.gen';

/**
 * Issuance of the free products over ACME (RFC 8555), as the real world does DNS-01: the customer publishes
 * `_acme-challenge.<name>` TXT with the value the CA derived from its token, which our DCV instructions show.
 *
 *   paid (1002)  -> acme.prepare job: new ACME order; the challenge values become the order's DCV rows
 *   DCV check    -> our resolver sees every record: 1009, issue.order job
 *   issue.order  -> answer the challenges, poll, finalize with the CSR, download the chain: 1005
 *
 * Every step's state is in acme_orders, so a job on any instance resumes it; waiting on the CA is a job retry
 * with back-off, not a process holding state.
 */

type AcmeRow = {
  id: number;
  acme_order: Order;
  authorizations: AcmeAuthorization[];
  csr: string;
  status: 'pending' | 'answered' | 'finalized' | 'valid' | 'invalid';
  polls: number;
};

const norm = (n: string) => n.trim().toLowerCase();

const curves: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/** A CSR for exactly these names, signed with the held key (the order's CSR stays the key's proof; only names change). */
async function csrWithHeldKey(keyPem: string, names: string[]): Promise<string> {
  const ko = createPrivateKey(keyPem);
  const curve = curves[ko.asymmetricKeyDetails?.namedCurve ?? ''];
  const alg = ko.asymmetricKeyType === 'ec' && curve ? { name: 'ECDSA', namedCurve: curve } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const subtle = globalThis.crypto.subtle;
  const privateKey = await subtle.importKey('pkcs8', ko.export({ type: 'pkcs8', format: 'der' }), alg, false, ['sign']);
  const publicKey = await subtle.importKey('spki', createPublicKey(ko).export({ type: 'spki', format: 'der' }), alg, true, ['verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [names[0]!] }],
    keys: { privateKey, publicKey },
    signingAlgorithm: alg.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : alg,
    extensions: [new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: 'dns' as const, value })))],
  });
  return csr.toString('pem');
}

/** Names a CSR asks for: the common name and the DNS SANs. */
export function csrNames(pem: string): Set<string> {
  const csr = new x509.Pkcs10CertificateRequest(pem);
  const out = new Set<string>();
  for (const cn of csr.subjectName.getField('CN')) out.add(norm(cn));
  const ext = csr.getExtension('2.5.29.17');
  const san = ext ? new x509.SubjectAlternativeNameExtension(ext.rawData) : null;
  for (const n of san?.names.items ?? []) if (n.type === 'dns') out.add(norm(n.value));
  return out;
}

/**
 * ACME servers refuse a CSR whose names differ from the order's (RFC 8555 §7.4). The order's CSR is used as it
 * is when its names match; otherwise a CSR is made with the key the server holds; without one, nothing fits.
 */
async function csrFor(ctx: OrdersContext, csr: string, keySealed: string | null, names: string[]): Promise<string | null> {
  const want = new Set(names.map(norm));
  const have = csrNames(csr);
  if (have.size === want.size && [...want].every((n) => have.has(n))) return csr;
  if (!keySealed) return null;
  return csrWithHeldKey(ctx.box.open(keySealed), names);
}

/** Stops the attempt: 1003 (resubmit) with the reason on the names, all pending so a resubmission starts a new ACME order. */
async function fail(ctx: OrdersContext, orderId: number, reason: string, s: Said, names: Map<string, Said> = new Map(), acmeId?: number): Promise<void> {
  await ctx.db.tx(async (q) => {
    if (acmeId) await q.query(`UPDATE acme_orders SET status = 'invalid', error = $2, updated_at = now() WHERE id = $1`, [acmeId, JSON.stringify(s)]);
    const rows = await q.query<Pick<Tables['order_domains'], 'id' | 'domain'>>(`SELECT id, domain FROM order_domains WHERE order_id = $1`, [orderId]);
    for (const r of rows) {
      const why = names.get(norm(r.domain)) ?? s;
      await q.query(`UPDATE order_domains SET status = 'pending', validated_at = NULL, reused = false, last_error = $2 WHERE id = $1`, [r.id, JSON.stringify(why)]);
    }
    await q.query(`UPDATE orders SET order_status = $2, status_reason = $3, updated_at = now() WHERE id = $1 AND order_status IN ($4, $5)`, [
      orderId,
      orderStatus.resubmit,
      reason,
      orderStatus.awaitingValidation,
      orderStatus.issuing,
    ]);
    await addEvent(q, orderId, 'acme_failed', { reason });
  });
}

/**
 * The acme.prepare job: places the ACME order for the names and writes each challenge (host, value) into the
 * order's DCV rows; names the CA already holds a valid authorization for are validated at once.
 */
export async function prepareAcmeOrder(ctx: OrdersContext, orderId: number): Promise<void> {
  const adapter = await acmeFor(ctx, ctx.db, orderId);
  if (!adapter) return;
  const [o] = await ctx.db.query<Pick<Tables['orders'], 'order_status' | 'csr' | 'private_key_sealed'>>(
    `SELECT order_status, csr, private_key_sealed FROM orders WHERE id = $1`,
    [orderId],
  );
  if (!o || o.order_status !== orderStatus.awaitingValidation) return;
  const rows = await ctx.db.query<Pick<Tables['order_domains'], 'id' | 'domain' | 'value'>>(`SELECT id, domain, value FROM order_domains WHERE order_id = $1 ORDER BY id`, [orderId]);
  // Done already (a second job, another instance): the rows carry the CA's values.
  if (!rows.length || rows.every((r) => r.value !== '')) return;
  const names = rows.map((r) => norm(r.domain));
  const csr = await csrFor(ctx, o.csr, o.private_key_sealed, names);
  if (!csr) {
    await fail(ctx, orderId, 'acme_csr_names', said('acme.csrNames', { names: names.join(', ') }));
    return;
  }
  const { order, authorizations } = await adapter.newOrder(names);
  await ctx.db.tx(async (q) => {
    const [lock] = await q.query<Pick<Tables['orders'], 'order_status'>>(`SELECT order_status FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    if (lock?.order_status !== orderStatus.awaitingValidation) return;
    const fresh = await q.query<Pick<Tables['order_domains'], 'id' | 'domain' | 'value'>>(`SELECT id, domain, value FROM order_domains WHERE order_id = $1`, [orderId]);
    if (fresh.every((r) => r.value !== '')) return;
    await q.query(`INSERT INTO acme_orders (order_id, directory_url, acme_order, authorizations, csr) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)`, [
      orderId,
      adapter.directoryUrl,
      JSON.stringify(order),
      JSON.stringify(authorizations),
      csr,
    ]);
    for (const a of authorizations) {
      const row = fresh.find((r) => norm(r.domain) === a.name);
      if (!row) continue;
      if (a.status === 'valid') {
        // The CA reuses an authorization it validated before (Let's Encrypt keeps them 30 days): nothing to publish.
        await q.query(`UPDATE order_domains SET method = 'dns_txt', token = $2, value = $3, status = 'validated', reused = true, validated_at = now(), last_error = '' WHERE id = $1`, [
          row.id,
          a.host,
          a.value || '-',
        ]);
      } else {
        await q.query(`UPDATE order_domains SET method = 'dns_txt', token = $2, value = $3, last_error = '', checked_at = NULL WHERE id = $1`, [row.id, a.host, a.value]);
      }
    }
    await addEvent(q, orderId, 'acme_ordered', { count: authorizations.length });
    if (!(await advanceIfValidated(q, orderId))) await enqueue(q, dcvCheckJob, { orderId }, { dedupeKey: `dcv:${orderId}` });
  });
}

/** Whether our resolver sees the record; the CA is asked only then, since one failed challenge sinks the whole ACME order. */
async function visible(ctx: OrdersContext, a: AcmeAuthorization): Promise<boolean> {
  try {
    return (await ctx.dns.txt(a.host)).some((t) => t.trim() === a.value);
  } catch {
    return false;
  }
}

const errorDetail = (e: unknown): string => {
  if (e && typeof e === 'object' && 'detail' in e && typeof e.detail === 'string') return e.detail;
  return e ? JSON.stringify(e).slice(0, 300) : '';
};

/** Per name, why the CA refused (the failed challenge's problem document, RFC 8555 §8). */
function refusals(authzs: Authorization[]): Map<string, Said> {
  const out = new Map<string, Said>();
  for (const a of authzs) {
    if (a.status !== 'invalid') continue;
    const name = norm(a.wildcard ? `*.${a.identifier.value}` : a.identifier.value);
    const failed = a.challenges.find((c) => c.status === 'invalid');
    out.set(name, said('acme.challengeFailed', { domain: name, detail: errorDetail(failed?.error) || a.status }));
  }
  return out;
}

type Step = 'again' | 'wait' | 'done';

async function save(ctx: OrdersContext, id: number, set: { status?: AcmeRow['status']; order?: Order }): Promise<void> {
  await ctx.db.query(`UPDATE acme_orders SET status = COALESCE($2, status), acme_order = COALESCE($3::jsonb, acme_order), updated_at = now() WHERE id = $1`, [
    id,
    set.status ?? null,
    set.order ? JSON.stringify(set.order) : null,
  ]);
}

/** A name whose record we cannot see goes back to validation (1002) with the reason; the DCV job checks again. */
async function backToValidation(ctx: OrdersContext, orderId: number, missing: AcmeAuthorization[]): Promise<void> {
  await ctx.db.tx(async (q) => {
    for (const a of missing) {
      await q.query(`UPDATE order_domains SET status = 'pending', validated_at = NULL, reused = false, last_error = $3 WHERE order_id = $1 AND lower(domain) = $2`, [
        orderId,
        a.name,
        JSON.stringify(said('orders.dcv.noRecord', { type: 'TXT', host: a.host })),
      ]);
    }
    await q.query(`UPDATE orders SET order_status = $2, updated_at = now() WHERE id = $1 AND order_status = $3`, [orderId, orderStatus.awaitingValidation, orderStatus.issuing]);
    await enqueue(q, dcvCheckJob, { orderId }, { dedupeKey: `dcv:${orderId}` });
  });
}

async function step(ctx: OrdersContext, adapter: AcmeAdapter, orderId: number, row: AcmeRow): Promise<Step> {
  switch (row.status) {
    case 'pending': {
      const open = row.authorizations.filter((a) => a.status !== 'valid');
      const missing: AcmeAuthorization[] = [];
      for (const a of open) if (!(await visible(ctx, a))) missing.push(a);
      if (missing.length) {
        await backToValidation(ctx, orderId, missing);
        return 'done';
      }
      // Answer only what is still pending on the server, so a step repeated after a crash asks nothing twice.
      const authzs = await adapter.authorizations(row.acme_order);
      for (const authz of authzs) {
        if (authz.status !== 'pending') continue;
        const name = norm(authz.wildcard ? `*.${authz.identifier.value}` : authz.identifier.value);
        const mine = row.authorizations.find((a) => a.name === name);
        const ch = authz.challenges.find((c) => c.type === 'dns-01');
        if (mine && ch?.status === 'pending') await adapter.answer({ ...mine, challengeUrl: ch.url, token: ch.token });
      }
      await save(ctx, row.id, { status: 'answered' });
      return 'again';
    }
    case 'answered':
    case 'finalized': {
      const order = await adapter.getOrder(row.acme_order);
      await save(ctx, row.id, { order });
      switch (order.status) {
        case 'pending':
        case 'processing':
          return 'wait';
        case 'ready':
          await save(ctx, row.id, { status: 'finalized', order: await adapter.finalize(order, row.csr) });
          return 'again';
        case 'valid':
          await storeAcmeCertificate(ctx, orderId, row.id, await adapter.certificate(order));
          return 'done';
        case 'invalid': {
          const why = refusals(await adapter.authorizations(order));
          const first = [...why.values()][0] ?? said('acme.orderInvalid', { detail: errorDetail(order.error) });
          await fail(ctx, orderId, 'acme_invalid', first, why, row.id);
          return 'done';
        }
      }
      return 'wait';
    }
    case 'valid':
    case 'invalid':
      return 'done';
  }
}

/** Splits the PEM chain the CA answers: the leaf, then the intermediates. */
function splitChain(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

async function storeAcmeCertificate(ctx: OrdersContext, orderId: number, acmeId: number, chainPem: string): Promise<void> {
  const [leafPem, ...rest] = splitChain(chainPem);
  if (!leafPem) throw new Error('ACME server answered no certificate');
  const leaf = new x509.X509Certificate(leafPem);
  await storeCertificate(
    ctx,
    orderId,
    {
      certPem: `${leafPem}\n`,
      chainPem: rest.map((c) => `${c}\n`).join(''),
      rootPem: '',
      serial: leaf.serialNumber.toLowerCase(),
      issuer: leaf.issuer,
      notBefore: leaf.notBefore,
      notAfter: leaf.notAfter,
    },
    // The CA sets the term: the certificate's end is the plan's.
    leaf.notAfter,
    // The root is not in the chain (RFC 8555 §7.4.2); the customer's trust store has it.
    '',
  );
  await save(ctx, acmeId, { status: 'valid' });
}

/** Seconds before the next look at a slow CA: 2, 4, 8 ... up to 5 minutes. */
export const acmePollSeconds = (polls: number) => Math.min(300, 2 ** Math.max(1, polls));

/**
 * The issue.order job of an ACME order. Steps run back to back while the CA keeps up (pebble and Let's Encrypt
 * validate within a second or so); waiting longer than `budgetMs` hands the order back to the queue.
 */
export async function issueOverAcme(ctx: OrdersContext, adapter: AcmeAdapter, orderId: number, budgetMs = 15_000): Promise<JobOutcome> {
  const load = async () => {
    const [r] = await ctx.db.query<AcmeRow>(`SELECT id, acme_order, authorizations, csr, status, polls FROM acme_orders WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, [orderId]);
    return r;
  };
  let row = await load();
  if (!row || row.status === 'invalid') {
    // Validated without an ACME order (names reused before ACME was configured, say): start over through ACME.
    await ctx.db.tx(async (q) => {
      await q.query(`DELETE FROM order_domains WHERE order_id = $1`, [orderId]);
      await q.query(`UPDATE orders SET order_status = $2, validation_started_at = NULL, updated_at = now() WHERE id = $1 AND order_status = $3`, [
        orderId,
        orderStatus.awaitingValidation,
        orderStatus.issuing,
      ]);
    });
    await startValidation(ctx, orderId);
    return;
  }
  const deadline = Date.now() + budgetMs;
  let pause = 25;
  for (;;) {
    const next = await step(ctx, adapter, orderId, row);
    if (next === 'done') return;
    if (next === 'wait') {
      if (Date.now() + pause > deadline) {
        await ctx.db.query(`UPDATE acme_orders SET polls = polls + 1 WHERE id = $1`, [row.id]);
        return { retryInSeconds: acmePollSeconds(row.polls + 1) };
      }
      // The CA validates asynchronously; a short pause before asking again (RFC 8555 §7.5.1 polling).
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 1000);
    }
    const fresh = await load();
    if (!fresh) return;
    row = fresh;
  }
}
