/**
 * The re-sign price preview is the charge (POST /v1/orders/reSignPrice/{no} and POST /v1/orders/reSign price with
 * one function): for every kind of product in the seeded catalogue, an order is bought and issued, then re-signed
 * with the same names (free), with its name and www2.{name} (the case where the preview said 0 and the re-sign
 * charged two names: the www names a flex product adds are not billed at re-sign, as at purchase), with a plain
 * name added, and with a wildcard added. Each time the preview's priceDiff is the re-sign's reSignPriceDiff and,
 * once paid from the balance, exactly the balance's change, in cents; names a product refuses are refused by both
 * calls with the same message. Names are validated once for the account beforehand (validated_domains), so each
 * re-sign is issued again at once and the next one can follow.
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addsWww } from '@cc/domain/domain-names';
import { hasDomains, isIpProduct } from '@cc/domain/product-types';
import { startTestApp, type TestApp } from './harness.ts';
import { client, makeCsr, newAccount, validContact, validOrganization } from './purchase-helpers.ts';
import { drainAll, startDns } from './orders-helpers.ts';

type Product = { product_no: string; product_type: string; brand: string; cert_type: string; extra_domain_price: number; free: boolean; max_year: number };
type Body = { code: number; data: unknown; msg: string; errors?: Record<string, string> };

let t: TestApp;
let me: ReturnType<typeof client>;
let meId: number;
let contactID: number;
let orgID: number;
let products: Product[];

const zone = 'resign.example';
const ips = ['1.2.3.4', '5.6.7.8', '9.9.9.9'];

let dns: Awaited<ReturnType<typeof startDns>>;

beforeAll(async () => {
  // Issuing looks up CAA: on loopback, as every test's DNS (a failed lookup holds issuance, RFC 8659).
  dns = await startDns();
  t = await startTestApp({ PUBLIC_URL: 'http://console.test', DNS_RESOLVER: dns.address });
  const a = await newAccount(t.app, 1_000_000_000);
  meId = a.id;
  me = client(t.app, a.token);
  // Every product is paid for here, EV and large amounts too: the account holds both real-name verifications.
  await t.app.db.query(`UPDATE accounts SET auth_p_progress = 'approved', auth_e_progress = 'approved' WHERE id = $1`, [meId]);
  contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
  orgID = ((await me.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
  // The zone and the IPs validated for the account, and for its company (OV and EV validations are per company).
  for (const org of [null, orgID]) {
    await t.app.db.query(
      `INSERT INTO validated_domains (account_id, org_id, domain, method, validated_at, expires_at) VALUES ($1, $2, $3, 'dns_txt', now(), now() + interval '398 days')`,
      [meId, org, zone],
    );
    for (const ip of ips) {
      await t.app.db.query(
        `INSERT INTO validated_domains (account_id, org_id, domain, method, validated_at, expires_at) VALUES ($1, $2, $3, 'file', now(), now() + interval '398 days')`,
        [meId, org, ip],
      );
    }
  }
  const all = await t.app.db.query<Product>(
    `SELECT product_no, product_type, brand, cert_type, extra_domain_price::float8 AS extra_domain_price, free, max_year FROM products ORDER BY sort, product_no`,
  );
  // One product of each kind the price and the name rules tell apart: its type, EV or not, whether it adds www
  // names, free or not. Products without names (code, doc, e-mail, S/MIME) have nothing to add at a re-sign.
  const kinds = new Map<string, Product>();
  for (const p of all) {
    if (!hasDomains(p.product_type)) continue;
    const kind = [p.product_type, p.cert_type === 'EV', addsWww({ productType: p.product_type, brand: p.brand }), p.free].join('|');
    // SC-DV-UCC is the product the issue was found on: always in.
    if (!kinds.has(kind) || p.product_no === 'SC-DV-UCC') kinds.set(p.product_no === 'SC-DV-UCC' ? p.product_no : kind, p);
  }
  products = [...kinds.values()];
}, 60_000);
afterAll(async () => {
  await t.close();
  await dns.close();
});

const balance = async () => (await t.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [meId]))[0]!.balance;
const status = async (orderNo: string) => (await me.get(`/v1/orders/status/${orderNo}`)).body.data as { orderStatus: number; reSignStatus: number };
const namesOf = async (orderNo: string) => ((await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { domainNames: string[] } }).orderInfo.domainNames;

/** Buys and pays (balance) an order for the product's first name, and runs the jobs until it is issued. */
async function issued(p: Product, cn: string): Promise<string> {
  const body = {
    year: p.free ? 90 : 1,
    csr: await makeCsr(cn),
    commonName: cn,
    ...(p.cert_type !== 'DV' ? { contactID } : {}),
    ...(['OV', 'EV'].includes(p.cert_type) ? { orgID } : {}),
  };
  const r = await me.post(`/v1/orders/certificate/${p.product_no}`, body);
  expect(r.body.code, `${p.product_no}: ${r.body.msg}`).toBe(200);
  const orderNo = r.body.data as string;
  if (!p.free) {
    const pay = await me.post('/v1/orders/pay', { orderNo, payWay: 'balance', aim: 'makeOrder' });
    expect(pay.body.code, `${p.product_no}: ${pay.body.msg}`).toBe(200);
  }
  // A free order is paid already; its validation starts when its page is first opened (or by the sweep).
  else await me.get(`/v1/orders/detail/${orderNo}`);
  await drainAll(t.app);
  expect(await status(orderNo), p.product_no).toEqual({ orderStatus: 1005, reSignStatus: 0 });
  return orderNo;
}

interface Outcome { product: string; case: string; priceDiff: number | null; remainingDays?: number; refused: string | null }

describe('re-sign: the preview is the charge, for every kind of product', () => {
  it('previews, re-signs and pays the same cents; refuses the same names with the same message', async () => {
    const outcomes: Outcome[] = [];
    for (const p of products) {
      const base = `${p.product_no.toLowerCase()}.${zone}`;
      const ip = isIpProduct(p.product_type);
      const cn = ip ? ips[0]! : p.product_type === 'wild' ? `*.${base}` : base;
      const orderNo = await issued(p, cn);
      const cases: { label: string; names: (current: string[]) => string[] | undefined }[] = [
        { label: 'the same names', names: () => undefined },
        { label: 'the name and www2.name', names: () => (ip ? [cn, ips[1]!] : [cn, `www2.${base}`]) },
        { label: 'a plain name added', names: (now) => [...now, ip ? ips[2]! : p.product_type === 'wild' ? `*.new.${base}` : `new.${base}`] },
        { label: 'a wildcard added', names: (now) => [...now, `*.${base}`] },
      ];
      for (const c of cases) {
        const where = `${p.product_no} (${p.product_type}), ${c.label}`;
        const names = c.names(await namesOf(orderNo));
        const given = names ? { domainNames: names } : {};
        const held = await balance();
        const preview = (await me.post(`/v1/orders/reSignPrice/${orderNo}`, given, { lang: 'en' })).body as Body;
        const r = (await me.post('/v1/orders/reSign', { orderNo, csr: await makeCsr(cn), ...given }, { lang: 'en' })).body as Body;
        if (preview.code !== 200) {
          // Names the product refuses: the same answer from both calls, and nothing changes.
          expect(r, where).toEqual(preview);
          expect(preview.errors?.domainNames, where).toBe(preview.msg);
          expect(await balance(), where).toBe(held);
          expect(await status(orderNo), where).toEqual({ orderStatus: 1005, reSignStatus: 0 });
          outcomes.push({ product: p.product_no, case: c.label, priceDiff: null, refused: preview.msg });
          continue;
        }
        expect(r.code, `${where}: ${r.msg}`).toBe(200);
        const { priceDiff, remainingDays } = preview.data as { priceDiff: number; remainingDays: number };
        expect((r.data as { reSignPriceDiff: number }).reSignPriceDiff, where).toBe(priceDiff);
        // Every accepted case adds exactly one billed name (never the www names a product adds), or none.
        const billedAdded = names === undefined ? 0 : 1;
        expect(priceDiff, where).toBe(p.free ? 0 : Math.round((billedAdded * p.extra_domain_price * remainingDays) / 365));
        if (priceDiff > 0) {
          expect(await status(orderNo), where).toEqual({ orderStatus: 1005, reSignStatus: 5004 });
          const pay = await me.post('/v1/orders/pay', { orderNo, payWay: 'balance', aim: 'reSign' });
          expect(pay.body.code, `${where}: ${pay.body.msg}`).toBe(200);
        }
        await drainAll(t.app);
        expect(held - (await balance()), where).toBe(priceDiff);
        expect(await status(orderNo), where).toEqual({ orderStatus: 1005, reSignStatus: 0 });
        outcomes.push({ product: p.product_no, case: c.label, priceDiff, remainingDays, refused: null });
      }
    }
    // The run covered what it claims: every product type with names, paid differences, free ones, refusals.
    expect(new Set(products.map((p) => p.product_type))).toEqual(new Set(['dv_one_ssl', 'ssl', 'wild', 'flex', 'ip_ssl', 'ip_single', 'ov', 'ev', 'vmc']));
    expect(outcomes.filter((o) => (o.priceDiff ?? 0) > 0).length).toBeGreaterThan(10);
    expect(outcomes.some((o) => o.priceDiff === 0 && o.case !== 'the same names')).toBe(true);
    expect(outcomes.filter((o) => o.refused).length).toBeGreaterThan(10);
    // The case: SC-DV-UCC with [d, www2.d] bills one name (www.www2.d comes free), preview and charge alike.
    const ucc = outcomes.find((o) => o.product === 'SC-DV-UCC' && o.case === 'the name and www2.name');
    expect(ucc?.priceDiff).toBe(Math.round((26000 * ucc!.remainingDays!) / 365));
  }, 300_000);
});
