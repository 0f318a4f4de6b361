import { toAscii, nameKind } from '@cc/domain/domain-names';
import { termDays } from '@cc/domain/terms';
import { acmeProfileDays, type AcmeProfile } from '@cc/domain/cabf-rules';
import { certificateMaxDays } from '@cc/domain/plan-schedule';
import { orderStatus } from '@cc/contracts/orders';
import type { CertProfile, IssueRequest, SubjectInfo } from '../../adapters/ca/types.ts';
import type { JobOutcome } from '../jobs/queue.ts';
import type { OrdersContext } from '../orders/context.ts';
import { acmeFor } from './acme-route.ts';
import { issueOverAcme } from './acme.ts';
import { storeCertificate } from './store.ts';
import { caaAllows, caaDomainOf, caaLookupChain } from '@cc/domain/caa';
import { addEvent } from '../orders/context.ts';
import { DnsLookupError } from '../../adapters/dns/resolver.ts';

const day = 86400_000;
/** How soon a certificate refused by CAA is tried again (the owner may have changed the record meanwhile). */
const caaRetrySeconds = 900;
/** A failed CAA lookup is retried sooner: most resolver failures pass within minutes. */
const caaFailedRetrySeconds = 120;

export type CaaRefusal = { domain: string; at: string; issuers: string; ca: string };

/**
 * Looks up each name's relevant CAA set through the resolver, with one timeline event per name and reason, when
 * issuance may not go ahead: a set forbids the brand's CA (`refused`: the first such), or a lookup failed. RFC 8659
 * §3: a CA that gets an error (SERVFAIL, a timeout) may issue only when the failure is provably outside the domain's
 * control; we cannot prove that, so, as Let's Encrypt does (Boulder answers "SERVFAIL looking up CAA" and refuses), a
 * failed lookup is no permission. `wait`: the seconds before trying again (0: go ahead); the order waits in 1009.
 */
async function caaCheck(ctx: OrdersContext, orderId: number, brand: string, names: string[]): Promise<{ wait: number; refused: CaaRefusal | null }> {
  const lookup = ctx.dns.caa;
  if (!lookup) return { wait: 0, refused: null };
  const ca = caaDomainOf(brand);
  let wait = 0;
  let refused: CaaRefusal | null = null;
  const once = async (kind: 'caa_refused' | 'caa_lookup_failed', detail: { domain: string; at: string } & Record<string, string>) => {
    const [seen] = await ctx.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = $2 AND detail = $3::jsonb LIMIT 1`, [orderId, kind, JSON.stringify(detail)]);
    if (!seen) await addEvent(ctx.db, orderId, kind, detail);
  };
  for (const name of names) {
    for (const host of caaLookupChain(name)) {
      let set: Awaited<ReturnType<typeof lookup>>;
      try {
        set = await lookup(host);
      } catch (e) {
        wait = Math.max(wait, caaFailedRetrySeconds);
        await once('caa_lookup_failed', { domain: name, at: host, reason: e instanceof DnsLookupError ? dnsFailure(e.reason) : 'error' });
        break;
      }
      if (!set.length) continue;
      const verdict = caaAllows(name, ca, set, host);
      if (!verdict.ok) {
        const detail = { domain: name, at: host, issuers: verdict.issuers.join(', ') || ';', ca };
        refused ??= detail;
        wait = Math.max(wait, caaRetrySeconds);
        await once('caa_refused', detail);
      }
      break;
    }
  }
  return { wait, refused };
}

/** The first CAA refusal of the names (an ACME finalize answers it as a `caa` problem), else null. */
export const caaRefuses = async (ctx: OrdersContext, orderId: number, brand: string, names: string[]): Promise<CaaRefusal | null> =>
  (await caaCheck(ctx, orderId, brand, names)).refused;

/** A resolver error code as the DNS rcode or condition people know (c-ares names them ESERVFAIL, ETIMEOUT, …). */
const dnsFailure = (code: string) => ({ ESERVFAIL: 'SERVFAIL', ETIMEOUT: 'timeout', EREFUSED: 'REFUSED', ECONNREFUSED: 'connection refused', EFORMERR: 'FORMERR' })[code] ?? code;

type IssueRow = {
  id: number;
  order_no: string;
  order_status: number;
  product_type: string;
  brand: string;
  cert_type: string;
  validity: number;
  common_name: string;
  domain_names: string[];
  csr: string;
  paid_at: Date | null;
  created_at: Date;
  plan_ends_at: Date | null;
  re_sign_status: number;
  /** The ACME profile a customer's ACME client asked for; null for orders made otherwise. */
  acme_profile: AcmeProfile | null;
  org_name: string | null;
  credit_code: string | null;
  nation_code: string | null;
  province: string | null;
  city: string | null;
}

const profiles: Record<string, CertProfile> = { DV: 'DV', OV: 'OV', EV: 'EV', CODE: 'CODE', DOC: 'DOC', SMIME: 'SMIME', VMC: 'OV' };

/** Subject and names of the certificate the order describes (vetted company fields for OV, EV, code and document). */
export function requestFor(o: IssueRow, validity: { notBefore: Date; notAfter: Date }): IssueRequest {
  const profile = profiles[o.cert_type] ?? 'DV';
  const names = (o.domain_names.length ? o.domain_names : [o.common_name]).map((n) => n.trim()).filter(Boolean);
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  const emails: string[] = [];
  for (const n of names) {
    if (n.includes('@')) emails.push(n.toLowerCase());
    else {
      const kind = nameKind(n);
      if (kind === 'ipv4' || kind === 'ipv6') ipAddresses.push(n);
      else if (kind) dnsNames.push(toAscii(n));
    }
  }
  const subject: SubjectInfo = { commonName: o.common_name.includes('@') ? o.common_name.toLowerCase() : nameKind(o.common_name) ? toAscii(o.common_name) : o.common_name };
  if (profile !== 'DV' && profile !== 'SMIME' && o.org_name) {
    Object.assign(subject, { organization: o.org_name, locality: o.city ?? '', province: o.province ?? '', country: (o.nation_code ?? '').slice(0, 2).toUpperCase() });
    if (profile === 'EV') Object.assign(subject, { businessCategory: 'Private Organization', jurisdictionCountry: subject.country, registrationNumber: o.credit_code ?? '' });
  }
  return { brand: o.brand, csrPem: o.csr, profile, subject, dnsNames, ipAddresses, emails, ...validity };
}

/**
 * Validity of the next certificate: from now to the plan's end, at most what the certificate's kind allows, so
 * a multi-year plan is covered by several certificates, each issued within the plan.
 */
export function validityFor(o: Pick<IssueRow, 'product_type' | 'validity' | 'paid_at' | 'created_at' | 'plan_ends_at'> & { acme_profile?: AcmeProfile | null }, now: Date): { notBefore: Date; notAfter: Date; planEndsAt: Date } {
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const planStart = new Date(o.paid_at ?? o.created_at ?? now);
  const planEndsAt = o.plan_ends_at ? new Date(o.plan_ends_at) : new Date(Math.max(planStart.getTime(), notBefore.getTime() - day) + termDays(o.validity) * day);
  let end = planEndsAt.getTime();
  // The longest certificate of the kind signed today (the rules table); longer plans are served by reissues.
  const kindCap = certificateMaxDays(o.product_type, notBefore);
  // An ACME client's profile: 'classic' is the kind's limit of the day, 'shortlived' a week.
  const cap = o.acme_profile && kindCap ? Math.min(kindCap, acmeProfileDays(o.acme_profile, notBefore)) : kindCap;
  if (cap) end = Math.min(end, notBefore.getTime() + cap * day);
  // A plan started long before (late validation) still gets at least a day's certificate.
  end = Math.max(end, notBefore.getTime() + day);
  // An order of a customer's ACME client is one certificate: the client renews it itself (ARI's window opens where a
  // plan would reissue), so the product does not reissue it within a plan.
  return { notBefore, notAfter: new Date(end - 1000), planEndsAt: o.acme_profile ? new Date(end) : planEndsAt };
}

/** The issue.order job: an order in 1009 (every name validated) gets its certificate; a re-sign ends here too. */
export async function issueOrder(ctx: OrdersContext, orderId: number): Promise<JobOutcome> {
  const [o] = await ctx.db.query<IssueRow>(
    `SELECT o.id, o.order_no, o.order_status, o.product_type, o.brand, p.cert_type, o.validity, o.common_name, o.domain_names, o.csr,
            o.paid_at, o.created_at, o.plan_ends_at, o.re_sign_status, a.profile AS acme_profile, g.org_name, g.credit_code, g.nation_code, g.province, g.city
       FROM orders o JOIN products p ON p.product_no = o.product_no LEFT JOIN organizations g ON g.id = o.org_id
       LEFT JOIN acme_server_orders a ON a.order_id = o.id
      WHERE o.id = $1`,
    [orderId],
  );
  if (!o || o.order_status !== orderStatus.issuing) return;
  const pending = await ctx.db.query(`SELECT 1 FROM order_domains WHERE order_id = $1 AND status = 'pending' LIMIT 1`, [orderId]);
  if (pending.length) return;
  // An order of a customer's ACME client gets its CSR with finalize (services/acme-server), which issues it then.
  if (!o.csr) return;
  // Free products go to the ACME directory when one is configured; everything else to the built-in CA.
  const acme = await acmeFor(ctx, ctx.db, orderId);
  if (acme) return issueOverAcme(ctx, acme, orderId);
  const v = validityFor(o, ctx.now());
  const request = requestFor(o, v);
  // RFC 8659: every name's CAA must let this brand's CA issue; a refusal waits for the owner to fix CAA and is retried.
  const caa = (await caaCheck(ctx, orderId, o.brand, request.dnsNames)).wait;
  if (caa) return { retryInSeconds: caa };
  const issued = await ctx.ca.issue(request);
  await storeCertificate(ctx, orderId, issued, v.planEndsAt, null);
}
