import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts, validContact, validOrganization } from './purchase-helpers.ts';
import { drainAll, markPaid, startDns } from './orders-helpers.ts';
import { balanceOf } from './payment-helpers.ts';
import { validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';
import { creditCodeCheckChar } from '@cc/domain/real-name';

/**
 * The authorization matrix: a second account calls every route of the API (read from /docs/json, so a new route
 * fails this test until it is listed here) with the first account's ids. Nothing of the first account may be
 * read, changed, paid, cancelled or downloaded by the second.
 */

type Dns = Awaited<ReturnType<typeof startDns>>;
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

let t: TestApp;
let dns: Dns;
const tag = randomBytes(4).toString('hex');
/** Strings only the first account's records contain: none may appear in an answer to the second. */
const secret = {
  lastname: `Alicelast${tag}`,
  orgName: `Alice秘密科技${tag}有限公司`,
  issued: `issued-${tag}.alice.example`,
  pending: `pending-${tag}.alice.example`,
  awaiting: `awaiting-${tag}.alice.example`,
  remark: `alice remark ${tag}`,
  dnsEmail: `dns-${tag}@alice-mail.example`,
  keyName: `alice-key-${tag}`,
  dmContact: `AliceRegistrant${tag}`,
  dmGroup: `AliceGroup${tag}`,
  dmRemark: `alice domain remark ${tag}`,
  dnsTxt: `alice-txt-${tag}`,
  memberName: `alice-member-${tag}`,
  deptName: `alice-dept-${tag}`,
  invoiceOrg: `Alice发票抬头${tag}`,
  invoiceCon: `Alice收件人${tag}`,
  discovery: `scan-${tag}.alice.example`,
};
const a = { id: 0, token: '', sessionId: '', siteMsgId: 0, apiKeyId: 0, apiKeyPrefix: '', eabKeyId: 0, contactId: 0, orgId: 0, emailDnsId: 0, issued: '', pending: '', awaiting: '', depositId: '', queueId: '', ticket: '', csrId: '', orgAuthno: 0, zone: `zone-${tag}.alice.example`, recordId: 0, changeId: 0, serial: 0, deptId: 0, memberId: 0, invoiceOrgId: 0, invoiceConId: 0, invoiceId: 0, issuedInvoiceId: 0, withdrawalId: 0, profileId: 0, targetId: 0, discoveryCertId: 0 };
/** The first account's domain names and ids under /dm-serv/v1. */
const dm = { domain: `alice-${tag}.com`, moved: `alice-in-${tag}.net`, orderNo: '', cartId: 0, contactId: 0, groupId: 0, batchId: '', transferId: 0 };
let aBalance = 0;
let bId = 0;
let bobToken = '';
let bBalance = 0;
let alice: ReturnType<typeof client>;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
  const A = await newAccount(t.app, 5_000_000);
  const B = await newAccount(t.app, 5_000_000);
  Object.assign(a, { id: A.id, token: A.token });
  bId = B.id;
  bobToken = B.token;
  alice = client(t.app, A.token);
  const must = <T>(r: { body: { code: number; msg: string; data: unknown } }): T => {
    expect(r.body.code, `${r.body.msg} ${JSON.stringify((r.body as { errors?: unknown }).errors)}`).toBe(200);
    return r.body.data as T;
  };

  a.contactId = must<{ id: number }>(await alice.post('/v1/contacts', { ...validContact, lastname: secret.lastname })).id;
  a.orgId = must<{ id: number }>(await alice.post('/v1/organizations', { ...validOrganization, orgName: secret.orgName })).id;
  must(await alice.post('/v1/emailDnsEmails', { email: secret.dnsEmail }));
  a.emailDnsId = must<{ data: { id: number }[] }>(await alice.get('/v1/emailDnsEmails')).data[0]!.id;
  const saved = must<{ id: number | string }>(await alice.post('/v1/csr/save', { csr: await makeCsr(secret.issued), commonName: secret.issued }));
  a.csrId = String(saved.id);

  // An issued order (DNS TXT published by the test's resolver), one waiting for payment, one waiting for validation.
  a.issued = must<string>(await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(secret.issued), commonName: secret.issued }));
  await markPaid(t.app, a.issued);
  await drainAll(t.app);
  const d = must<{ domains: { instructions: { host?: string; value?: string } }[] }>(await alice.get(`/v1/orders/domainList/${a.issued}`));
  for (const x of d.domains) if (x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  must(await alice.put(`/v1/orders/verifyDomains/${a.issued}`, {}));
  await drainAll(t.app);
  a.pending = must<string>(await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(secret.pending), commonName: secret.pending }));
  a.awaiting = must<string>(await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(secret.awaiting), commonName: secret.awaiting }));
  await markPaid(t.app, a.awaiting);
  await drainAll(t.app);
  must(await alice.put(`/v1/orders/remark/${a.issued}`, { remark: secret.remark }));
  expect((must<{ orderStatus: number }>(await alice.get(`/v1/orders/status/${a.issued}`))).orderStatus).toBe(1005);

  a.sessionId = must<{ id: string }[]>(await alice.get('/v1/sessions'))[0]!.id;
  a.depositId = must<{ paymentId: string }>(await alice.post('/v1/deposit', { amount: 10_000, payWay: 'alipay' })).paymentId;
  const extra = must<string>(await alice.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(`q-${secret.pending}`), commonName: `q-${secret.pending}` }));
  a.queueId = must<{ queueId: string }>(await alice.post('/v1/orders/batch/pay', { orderNos: extra })).queueId;
  a.ticket = must<{ ticket: string }>(await alice.get(`/v1/orders/renewTicket/${a.issued}`)).ticket;
  const code17 = `91350100${tag.toUpperCase().replace(/[IOSVZ]/g, '1')}0`;
  a.orgAuthno = must<{ authno: number }>(
    await alice.post('/v1/orgRealAuth', { orgName: secret.orgName, socialCode: code17 + creditCodeCheckChar(code17), legalName: '爱丽丝', openAccount: '招商银行', bankAccount: '755912345678' }),
  ).authno;
  must(await alice.post('/v1/developer', { agree: true }));
  const key = must<{ key: { id: number; prefix: string } }>(await alice.post('/v1/apiKey', { name: secret.keyName, scope: 'full' })).key;
  a.apiKeyId = key.id;
  a.apiKeyPrefix = key.prefix;
  a.eabKeyId = must<{ key: { id: number } }>(await alice.post('/v1/acme/eabKeys', { name: 'acme' })).key.id;
  // The message that the issued order's certificate was issued (it names the secret domain).
  a.siteMsgId = must<{ siteMsges: { id: number; kind: string }[] }>(await alice.get('/v1/siteMsg?kind=issued')).siteMsges[0]!.id;
  // Domain names: a registered name (locked, remarked, grouped), one transferred in, a cart item, a batch.
  const D = '/dm-serv/v1';
  dm.contactId = must<{ id: number }>(await alice.post(`${D}/contacts`, { name: secret.dmContact, email: 'alice@example.com', telephone: '13912345678' })).id;
  const dmCart = must<{ items: { id: number }[] }>(await alice.post(`${D}/carts`, { domains: [dm.domain] }));
  dm.orderNo = must<{ orders: { orderNo: string }[] }>(await alice.post(`${D}/pay`, { cartIds: dmCart.items.map((i) => i.id), contactId: dm.contactId })).orders[0]!.orderNo;
  must(await alice.put(`${D}/orders/remark`, { orderNo: dm.orderNo, remark: secret.dmRemark }));
  dm.groupId = must<{ id: number }>(await alice.post(`${D}/groups`, { name: secret.dmGroup })).id;
  must(await alice.post(`${D}/groups/addDomain/${dm.groupId}`, { domains: [dm.domain] }));
  dm.cartId = must<{ items: { id: number }[] }>(await alice.post(`${D}/carts`, { domains: [`alice-cart-${tag}.com`] })).items[0]!.id;
  const planted = must<{ authCode: string }>(await alice.post('/dev/registry/elsewhere', { domain: dm.moved }));
  must(await alice.post(`${D}/transferIn`, { items: [{ domain: dm.moved, authCode: planted.authCode }], contactId: dm.contactId }));
  dm.transferId = (await t.app.db.query<{ id: number }>(`SELECT transfer_id AS id FROM domain_orders WHERE name = $1`, [dm.moved]))[0]!.id;
  dm.batchId = must<{ id: string }>(await alice.post(`${D}/batch`, { kind: 'remark', remark: secret.dmRemark, domains: [dm.domain] })).id;
  must(await alice.post('/dm-serv/v1/dns/zones', { zone: a.zone }));
  const base = must<{ zone: { serial: number } }>(await alice.get(`/dm-serv/v1/dns/zones/${a.zone}/records`)).zone.serial;
  a.changeId = must<{ changeId: number }>(await alice.post('/dm-serv/v1/domains/records', { zone: a.zone, baseSerial: base, records: [{ host: 'secret', type: 'TXT', value: secret.dnsTxt }] })).changeId;
  const recs = must<{ zone: { serial: number }; records: { id: number; host: string }[] }>(await alice.get(`/dm-serv/v1/dns/zones/${a.zone}/records`));
  a.recordId = recs.records.find((r) => r.host === 'secret')!.id;
  a.serial = recs.zone.serial;
  a.deptId = must<{ deptID: number }>(await alice.post('/v1/user/depts', { name: secret.deptName })).deptID;
  const technical = must<{ data: { roleID: number; code: string }[] }>(await alice.get('/v1/user/roles')).data.find((r) => r.code === 'technical')!.roleID;
  a.memberId = must<{ subAccountID: number }>(
    await alice.post('/v1/user/subAccounts', { name: secret.memberName, email: `m-${tag}@alice-mail.example`, roleID: technical, deptID: a.deptId }),
  ).subAccountID;
  // Billing: invoice templates, a pending and an issued invoice (written directly: the first account consumed nothing through the ledger), a withdrawal.
  a.invoiceOrgId = must<{ id: number }>(await alice.post('/v1/invoiceOrganizations', { ...validInvoiceOrg, orgName: secret.invoiceOrg })).id;
  a.invoiceConId = must<{ id: number }>(await alice.post('/v1/invoiceContacts', { ...validInvoiceContact, name: secret.invoiceCon })).id;
  const inv = `INSERT INTO invoices (account_id, invoice_type, invoice_org_id, invoice_con_id, organization, contact, amount, status, invoice_no, pdf)
    VALUES ($1, 'ordinary', $2, $3, $4, $5, 100, $6, $7, $8) RETURNING id`;
  const org = JSON.stringify({ ...validInvoiceOrg, orgName: secret.invoiceOrg });
  const con = JSON.stringify({ ...validInvoiceContact, name: secret.invoiceCon });
  a.invoiceId = (await t.app.db.query<{ id: number }>(inv, [a.id, a.invoiceOrgId, a.invoiceConId, org, con, 'pending', null, null]))[0]!.id;
  a.issuedInvoiceId = (await t.app.db.query<{ id: number }>(inv, [a.id, a.invoiceOrgId, a.invoiceConId, org, con, 'issued', `INV${tag}`, Buffer.from(secret.invoiceOrg)]))[0]!.id;
  a.withdrawalId = (await t.app.db.query<{ id: number }>(`INSERT INTO withdrawals (account_id, amount, method, bank_name, bank_account, account_name) VALUES ($1, 100, 'bank', $2, '6222020200112233', $2) RETURNING id`, [a.id, secret.invoiceCon]))[0]!.id;
  // Discovery: a target, its profile, and a certificate found (the issued order's, as a scan would store it).
  must(await alice.post('/v1/discovery/targets', { lines: [secret.discovery], group: secret.remark }));
  a.targetId = must<{ items: { id: number; profileId: number }[] }>(await alice.get('/v1/discovery/targets')).items[0]!.id;
  a.profileId = must<{ items: { id: number }[] }>(await alice.get('/v1/discovery/profiles')).items[0]!.id;
  const [own] = await t.app.db.query<{ cert_pem: string; not_after: Date }>(`SELECT c.cert_pem, c.not_after FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.order_no = $1`, [a.issued]);
  const [dc] = await t.app.db.query<{ id: number }>(
    `INSERT INTO discovery_certs (account_id, sha256, serial, subject, issuer, names, key_algorithm, key_size, not_before, not_after, self_signed, pem, trusted)
     VALUES ($1, 'AA:BB', '01', $2, 'CN=Test', $3::jsonb, 'RSA', 2048, now(), $4, false, $5, true) RETURNING id`,
    [a.id, `CN=${secret.discovery}`, JSON.stringify([`DNS:${secret.discovery}`]), own!.not_after, own!.cert_pem],
  );
  a.discoveryCertId = dc!.id;
  // The first account's own batch payment settles now, so that balances compared at the end moved for no one else.
  await drainAll(t.app);
  aBalance = await balanceOf(t.app, a.id);
  bBalance = await balanceOf(t.app, bId);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** Every call the second account makes with the first account's ids, by route. */
function attempts(): Record<string, Call[]> {
  const orderNos = [a.issued, a.pending, a.awaiting];
  const each = (f: (no: string) => Call) => orderNos.map(f);
  return {
    'PUT /v1/apiKey/{id}': [{ method: 'PUT', url: `/v1/apiKey/${a.apiKeyId}`, payload: { name: 'hijacked', scope: 'read' } }],
    'POST /v1/apiKey/{id}/rotate': [{ method: 'POST', url: `/v1/apiKey/${a.apiKeyId}/rotate`, payload: {} }],
    'DELETE /v1/apiKey/{id}': [{ method: 'DELETE', url: `/v1/apiKey/${a.apiKeyId}` }],
    'DELETE /v1/acme/eabKeys/{id}': [{ method: 'DELETE', url: `/v1/acme/eabKeys/${a.eabKeyId}` }],
    'GET /v1/siteMsg': [{ method: 'GET', url: '/v1/siteMsg?limit=100' }, { method: 'GET', url: '/v1/siteMsg?kind=issued' }],
    'PUT /v1/siteMsg/{id}': [{ method: 'PUT', url: `/v1/siteMsg/${a.siteMsgId}` }],
    'DELETE /v1/siteMsg/{id}': [{ method: 'DELETE', url: `/v1/siteMsg/${a.siteMsgId}` }],
    'PUT /v1/siteMsg/read': [{ method: 'PUT', url: '/v1/siteMsg/read', payload: {} }],
    'GET /v1/dashboard': [{ method: 'GET', url: '/v1/dashboard' }],
    'GET /v1/discovery/dashboard': [{ method: 'GET', url: '/v1/discovery/dashboard' }],
    'GET /v1/discovery/profiles': [{ method: 'GET', url: '/v1/discovery/profiles' }],
    'PUT /v1/discovery/profiles/{id}': [{ method: 'PUT', url: `/v1/discovery/profiles/${a.profileId}`, payload: { name: 'hijacked', everyHours: 1, timeoutMs: 1000, concurrency: 1, enabled: false } }],
    'POST /v1/discovery/profiles/{id}/scan': [{ method: 'POST', url: `/v1/discovery/profiles/${a.profileId}/scan`, payload: {} }],
    'GET /v1/discovery/targets': [{ method: 'GET', url: '/v1/discovery/targets' }],
    'POST /v1/discovery/targets': [{ method: 'POST', url: '/v1/discovery/targets', payload: { lines: ['bob.example'], profileId: a.profileId } }],
    'POST /v1/discovery/targets/fromOrders': [{ method: 'POST', url: '/v1/discovery/targets/fromOrders', payload: { profileId: a.profileId } }, { method: 'POST', url: '/v1/discovery/targets/fromOrders', payload: {} }],
    'POST /v1/discovery/targets/fromZones': [{ method: 'POST', url: '/v1/discovery/targets/fromZones', payload: { profileId: a.profileId } }, { method: 'POST', url: '/v1/discovery/targets/fromZones', payload: {} }],
    'GET /v1/discovery/ct': [{ method: 'GET', url: `/v1/discovery/ct?q=${secret.discovery}` }, { method: 'GET', url: '/v1/discovery/ct' }],
    'GET /v1/discovery/ct/export': [{ method: 'GET', url: '/v1/discovery/ct/export' }],
    'DELETE /v1/discovery/targets/{id}': [{ method: 'DELETE', url: `/v1/discovery/targets/${a.targetId}` }],
    'GET /v1/discovery/certs': [{ method: 'GET', url: `/v1/discovery/certs?q=${secret.discovery}` }, { method: 'GET', url: '/v1/discovery/certs' }],
    'GET /v1/discovery/certs/export': [{ method: 'GET', url: '/v1/discovery/certs/export' }],
    'GET /v1/discovery/certs/{id}': [{ method: 'GET', url: `/v1/discovery/certs/${a.discoveryCertId}` }],
    'GET /v1/contacts': [{ method: 'GET', url: `/v1/contacts?lastname=${secret.lastname}` }, { method: 'GET', url: '/v1/contacts?limit=100' }],
    'PUT /v1/contacts': [{ method: 'PUT', url: '/v1/contacts', payload: { ...validContact, id: a.contactId, lastname: 'Hijacked' } }],
    'DELETE /v1/contacts/{id}': [{ method: 'DELETE', url: `/v1/contacts/${a.contactId}` }],
    // The first account's session: signing it out would break every later call of `alice` in this file.
    'DELETE /v1/sessions/{id}': [{ method: 'DELETE', url: `/v1/sessions/${a.sessionId}` }],
    'GET /v1/organizations': [{ method: 'GET', url: '/v1/organizations?limit=100' }],
    'GET /v1/orgRealAuth': [{ method: 'GET', url: '/v1/orgRealAuth' }],
    'GET /v1/orgRealAuth/{id}': [{ method: 'GET', url: `/v1/orgRealAuth/${a.orgAuthno}` }],
    'POST /v1/orgRealAuth': Array.from({ length: 3 }, (_, i) => ({ method: 'POST' as const, url: '/v1/orgRealAuth', payload: { authno: a.orgAuthno, balance: i + 1 } })),
    'GET /v1/organizations/{id}': [{ method: 'GET', url: `/v1/organizations/${a.orgId}` }],
    'PUT /v1/organizations': [{ method: 'PUT', url: '/v1/organizations', payload: { ...validOrganization, id: a.orgId, orgName: 'Hijacked Ltd' } }],
    'DELETE /v1/organizations/{id}': [{ method: 'DELETE', url: `/v1/organizations/${a.orgId}` }],
    'GET /v1/orders/org/{id}/domains': [{ method: 'GET', url: `/v1/orders/org/${a.orgId}/domains` }],
    'GET /v1/emailDnsEmails': [{ method: 'GET', url: '/v1/emailDnsEmails' }],
    'DELETE /v1/emailDnsEmails/{id}': [{ method: 'DELETE', url: `/v1/emailDnsEmails/${a.emailDnsId}` }],
    'PUT /v1/emailDnsEmails': [{ method: 'PUT', url: '/v1/emailDnsEmails', payload: { id: a.emailDnsId, email: 'hijacked@bob.example' } }],
    'GET /v1/deposit/{id}': [{ method: 'GET', url: `/v1/deposit/${a.depositId}` }],
    'GET /v1/payments/{id}': [{ method: 'GET', url: `/v1/payments/${a.depositId}` }],
    'GET /v1/orders': [{ method: 'GET', url: `/v1/orders?orderNos=${orderNos.join(',')}` }, { method: 'GET', url: `/v1/orders?orderNo=${a.issued}` }, { method: 'GET', url: `/v1/orders?domain=${secret.issued}` }],
    'GET /v1/orders/count': [{ method: 'GET', url: '/v1/orders/count' }],
    'GET /v1/orders/detail/{id}': each((no) => ({ method: 'GET', url: `/v1/orders/detail/${no}` })),
    'GET /v1/orders/status/{id}': each((no) => ({ method: 'GET', url: `/v1/orders/status/${no}` })),
    'GET /v1/orders/cert/{orderNo}': [{ method: 'GET', url: `/v1/orders/cert/${a.issued}` }],
    'GET /v1/orders/download/{orderNo}': [{ method: 'GET', url: `/v1/orders/download/${a.issued}` }],
    'POST /v1/orders/download/{orderNo}': [{ method: 'POST', url: `/v1/orders/download/${a.issued}`, payload: { password: 'Secret#2026' } }],
    'POST /v1/cert/pfx': [{ method: 'POST', url: '/v1/cert/pfx', payload: { orderNo: a.issued, password: 'Secret#2026' } }],
    'POST /v1/cert/jks': [{ method: 'POST', url: '/v1/cert/jks', payload: { orderNo: a.issued, password: 'Secret#2026' } }],
    'GET /v1/orders/domainList/{orderNo}': each((no) => ({ method: 'GET', url: `/v1/orders/domainList/${no}` })),
    'POST /v1/orders/domainList/{orderNo}': [{ method: 'POST', url: `/v1/orders/domainList/${a.pending}`, payload: { domainNames: 'evil.example' } }],
    'PUT /v1/orders/remark/{orderNo}': [{ method: 'PUT', url: `/v1/orders/remark/${a.issued}`, payload: { remark: 'hijacked' } }],
    'POST /v1/orders/reCommit/{orderNo}': [{ method: 'POST', url: `/v1/orders/reCommit/${a.awaiting}` }],
    'PUT /v1/orders/reSendDcvEmail/{id}': [{ method: 'PUT', url: `/v1/orders/reSendDcvEmail/${a.awaiting}` }],
    'PUT /v1/orders/verifyDomains/{id}': [{ method: 'PUT', url: `/v1/orders/verifyDomains/${a.awaiting}` }],
    'POST /v1/orders/dcv': [{ method: 'POST', url: '/v1/orders/dcv', payload: { orderNo: a.awaiting, dcvMethod: 'email', email: 'admin' } }],
    'PUT /v1/orders/dcv': [{ method: 'PUT', url: '/v1/orders/dcv', payload: { orderNo: a.awaiting, dcvMethod: 'email', email: 'admin' } }],
    'GET /v1/autoDetectDomain': [{ method: 'GET', url: `/v1/autoDetectDomain?orderNo=${a.awaiting}&domain=${secret.awaiting}` }],
    // It answers the names asked (an echo, not a leak) with the caller's own zones only: asked without the secret name.
    'GET /v1/orders/dcvAutopilot': [{ method: 'GET', url: '/v1/orders/dcvAutopilot?names=probe.alice.example' }],
    'PUT /v1/orders/dcvAutopilot/{orderNo}': [{ method: 'PUT', url: `/v1/orders/dcvAutopilot/${a.awaiting}`, payload: { on: false } }],
    'POST /v1/orders/reSignPrice/{id}': [{ method: 'POST', url: `/v1/orders/reSignPrice/${a.issued}`, payload: { domainNames: `${secret.issued},x.${secret.issued}` } }],
    'POST /v1/orders/reSign': [{ method: 'POST', url: '/v1/orders/reSign', payload: { orderNo: a.issued, csr: '' } }],
    'GET /v1/orders/reSign/records': [{ method: 'GET', url: `/v1/orders/reSign/records?orderNo=${a.issued}` }],
    'GET /v1/orders/renewTicket/{orderNo}': [{ method: 'GET', url: `/v1/orders/renewTicket/${a.issued}` }],
    'POST /createorderrenew': [{ method: 'POST', url: '/createorderrenew', payload: { ticket: a.ticket } }],
    'POST /v1/orders/cancel': [{ method: 'POST', url: '/v1/orders/cancel', payload: { orderNos: a.pending } }],
    'POST /v1/orders/pay': [{ method: 'POST', url: '/v1/orders/pay', payload: { payWay: 'balance', orderNo: a.pending } }, { method: 'POST', url: '/v1/orders/pay', payload: { payWay: 'alipay', orderNo: a.pending } }],
    'GET /v1/orders/payWays': [{ method: 'GET', url: `/v1/orders/payWays?orderNos=${a.pending}` }],
    'POST /v1/orders/batch': [{ method: 'POST', url: '/v1/orders/batch', payload: { orderNos: orderNos.join(',') } }],
    'POST /v1/orders/batch/certs': [{ method: 'POST', url: '/v1/orders/batch/certs', payload: { orderNos: a.issued } }],
    'GET /v1/orders/batch/download': [{ method: 'GET', url: `/v1/orders/batch/download?orderNos=${a.issued}` }],
    'POST /v1/orders/batch/hashValues': [{ method: 'POST', url: '/v1/orders/batch/hashValues', payload: { orderNos: orderNos.join(',') } }],
    'POST /v1/orders/batch/verify': [{ method: 'POST', url: '/v1/orders/batch/verify', payload: { orderNos: a.awaiting } }],
    'POST /v1/orders/batch/pay': [{ method: 'POST', url: '/v1/orders/batch/pay', payload: { orderNos: a.pending } }],
    'GET /v1/orders/batch/pay/status': [{ method: 'GET', url: `/v1/orders/batch/pay/status?queueId=${a.queueId}` }],
    'GET /v1/orders/batch/pay/queues': [{ method: 'GET', url: '/v1/orders/batch/pay/queues' }],
    'POST /v1/orders/certificate/{productNo}': [
      { method: 'POST', url: '/v1/orders/certificate/T-OV', payload: { year: 1, contactID: a.contactId, orgID: a.orgId, commonName: 'bob.example', csr: '' } },
    ],
    ...domainAttempts(),
    'GET /dm-serv/v1/dns/zones': [{ method: 'GET', url: `/dm-serv/v1/dns/zones?search=${a.zone}` }],
    'POST /dm-serv/v1/dns/zones': [{ method: 'POST', url: '/dm-serv/v1/dns/zones', payload: { zone: a.zone } }],
    'DELETE /dm-serv/v1/dns/zones/{zone}': [{ method: 'DELETE', url: `/dm-serv/v1/dns/zones/${a.zone}` }],
    'POST /dm-serv/v1/dns/zones/{zone}/check': [{ method: 'POST', url: `/dm-serv/v1/dns/zones/${a.zone}/check` }],
    'GET /dm-serv/v1/dns/zones/{zone}/records': [{ method: 'GET', url: `/dm-serv/v1/dns/zones/${a.zone}/records` }],
    'GET /dm-serv/v1/dns/zones/{zone}/history': [{ method: 'GET', url: `/dm-serv/v1/dns/zones/${a.zone}/history` }],
    'GET /dm-serv/v1/dns/zones/{zone}/export': [{ method: 'GET', url: `/dm-serv/v1/dns/zones/${a.zone}/export` }],
    'POST /dm-serv/v1/dns/zones/{zone}/rollback': [{ method: 'POST', url: `/dm-serv/v1/dns/zones/${a.zone}/rollback`, payload: { changeId: a.changeId, baseSerial: a.serial, preview: true } }],
    'POST /dm-serv/v1/dns/zones/{zone}/import': [{ method: 'POST', url: `/dm-serv/v1/dns/zones/${a.zone}/import`, payload: { text: 'evil 300 IN A 192.0.2.66', mode: 'replace', baseSerial: a.serial } }],
    'POST /dm-serv/v1/domains/records': [
      { method: 'POST', url: '/dm-serv/v1/domains/records', payload: { zone: a.zone, baseSerial: a.serial, records: [{ id: a.recordId, host: 'secret', type: 'TXT', value: 'hijacked' }] } },
      { method: 'POST', url: '/dm-serv/v1/domains/records', payload: { zone: a.zone, baseSerial: a.serial, records: [{ host: 'evil', type: 'A', value: '192.0.2.66' }] } },
    ],
    'POST /dm-serv/v1/domains/recordsDel': [{ method: 'POST', url: '/dm-serv/v1/domains/recordsDel', payload: { zone: a.zone, baseSerial: a.serial, ids: [a.recordId], preview: true } }],
    'POST /dm-serv/v1/dns/batch': [{ method: 'POST', url: '/dm-serv/v1/dns/batch', payload: { zones: [a.zone], action: 'replace', records: [{ host: 'secret', type: 'TXT', value: 'hijacked' }] } }],
    'GET /v1/invoiceOrganizations': [{ method: 'GET', url: '/v1/invoiceOrganizations?limit=100' }],
    'PUT /v1/invoiceOrganizations': [{ method: 'PUT', url: '/v1/invoiceOrganizations', payload: { ...validInvoiceOrg, id: a.invoiceOrgId } }],
    'DELETE /v1/invoiceOrganizations/{id}': [{ method: 'DELETE', url: `/v1/invoiceOrganizations/${a.invoiceOrgId}` }],
    'GET /v1/invoiceContacts': [{ method: 'GET', url: '/v1/invoiceContacts?limit=100' }],
    'PUT /v1/invoiceContacts': [{ method: 'PUT', url: '/v1/invoiceContacts', payload: { ...validInvoiceContact, id: a.invoiceConId } }],
    'DELETE /v1/invoiceContacts/{id}': [{ method: 'DELETE', url: `/v1/invoiceContacts/${a.invoiceConId}` }],
    'GET /v1/invoices': [{ method: 'GET', url: '/v1/invoices?limit=100' }],
    'POST /v1/invoices': [{ method: 'POST', url: '/v1/invoices', payload: { invoiceType: 'ordinary', invoiceOrgID: a.invoiceOrgId, invoiceConID: a.invoiceConId, amount: 1 } }],
    'DELETE /v1/invoices/{id}': [{ method: 'DELETE', url: `/v1/invoices/${a.invoiceId}` }],
    'GET /v1/invoices/{id}/pdf': [{ method: 'GET', url: `/v1/invoices/${a.issuedInvoiceId}/pdf` }],
    'GET /v1/withdraw': [{ method: 'GET', url: '/v1/withdraw' }],
    // The operator area answers every account's records, so a customer's session must not open it.
    'GET /v1/operator/invoices': [{ method: 'GET', url: '/v1/operator/invoices?limit=100' }],
    'POST /v1/operator/invoices/{id}/issue': [{ method: 'POST', url: `/v1/operator/invoices/${a.invoiceId}/issue`, payload: {} }],
    'POST /v1/operator/invoices/{id}/reject': [{ method: 'POST', url: `/v1/operator/invoices/${a.invoiceId}/reject`, payload: { reason: 'x' } }],
    'GET /v1/operator/withdrawals': [{ method: 'GET', url: '/v1/operator/withdrawals?limit=100' }],
    'POST /v1/operator/withdrawals/{id}/pay': [{ method: 'POST', url: `/v1/operator/withdrawals/${a.withdrawalId}/pay`, payload: {} }],
    'POST /v1/operator/withdrawals/{id}/reject': [{ method: 'POST', url: `/v1/operator/withdrawals/${a.withdrawalId}/reject`, payload: { reason: 'x' } }],
    'GET /v1/operator/discounts': [{ method: 'GET', url: `/v1/operator/discounts?account=${a.id}` }],
    'PUT /v1/operator/discounts': [{ method: 'PUT', url: '/v1/operator/discounts', payload: { account: String(a.id), discount: 1 } }],
    'DELETE /v1/operator/discounts/{id}': [{ method: 'DELETE', url: '/v1/operator/discounts/1' }],
    'GET /v1/operator/packageOffers': [{ method: 'GET', url: '/v1/operator/packageOffers' }],
    'POST /v1/operator/packageOffers': [{ method: 'POST', url: '/v1/operator/packageOffers', payload: { productNo: 'x', quantity: 1, price: 1 } }],
    'PUT /v1/operator/packageOffers/{id}': [{ method: 'PUT', url: '/v1/operator/packageOffers/1', payload: { active: false } }],
    'POST /v1/orders/free': [{ method: 'POST', url: '/v1/orders/free', payload: { productNo: 'T-FREE', contactID: a.contactId, commonName: 'bob.example', csr: '' } }],
    // Team: the first account's members, departments and audit log.
    'GET /v1/user/subAccounts': [{ method: 'GET', url: '/v1/user/subAccounts' }, { method: 'GET', url: `/v1/user/subAccounts?deptID=${a.deptId}` }],
    'POST /v1/user/subAccounts': [{ method: 'POST', url: '/v1/user/subAccounts', payload: { name: 'Mallory', email: `mallory-${tag}@bob.example`, roleID: 2, deptID: a.deptId } }],
    'PUT /v1/user/subAccounts': [{ method: 'PUT', url: '/v1/user/subAccounts', payload: { subAccountID: a.memberId, name: 'Hijacked', resendInvite: true } }],
    'DELETE /v1/user/subAccounts/{id}': [{ method: 'DELETE', url: `/v1/user/subAccounts/${a.memberId}` }],
    'POST /v1/user/subAccounts/{id}/signOut': [{ method: 'POST', url: `/v1/user/subAccounts/${a.memberId}/signOut`, payload: {} }],
    'DELETE /v1/user/subAccounts': [
      { method: 'DELETE', url: `/v1/user/subAccounts?subAccountID=${a.memberId}` },
      { method: 'DELETE', url: '/v1/user/subAccounts', payload: { subAccountID: a.memberId } },
      { method: 'DELETE', url: '/v1/user/subAccounts', payload: { id: a.memberId } },
    ],
    'GET /v1/user/depts': [{ method: 'GET', url: '/v1/user/depts' }],
    'POST /v1/user/depts': [{ method: 'POST', url: '/v1/user/depts', payload: { name: 'under alice', parentID: a.deptId } }],
    'PUT /v1/user/depts': [{ method: 'PUT', url: '/v1/user/depts', payload: { deptID: a.deptId, name: 'Hijacked' } }],
    'GET /v1/user/auditLogs': [{ method: 'GET', url: '/v1/user/auditLogs' }, { method: 'GET', url: `/v1/user/auditLogs?memberID=${a.memberId}` }],
    'GET /v1/user/auditLogs/export': [{ method: 'GET', url: `/v1/user/auditLogs/export?objectType=member&objectID=${a.memberId}` }],
  };
}

/** The domains area (/dm-serv/v1): the second account with the first account's names, order numbers and ids. */
function domainAttempts(): Record<string, Call[]> {
  const D = '/dm-serv/v1';
  return {
    'PUT /dm-serv/v1/carts/{id}': [{ method: 'PUT', url: `${D}/carts/${dm.cartId}`, payload: { years: 5 } }],
    'DELETE /dm-serv/v1/carts/{id}': [{ method: 'DELETE', url: `${D}/carts/${dm.cartId}` }],
    'POST /dm-serv/v1/pay': [{ method: 'POST', url: `${D}/pay`, payload: { cartIds: [dm.cartId], contactId: dm.contactId } }, { method: 'POST', url: `${D}/pay`, payload: { cartIds: [dm.cartId], contactId: dm.contactId, payWay: 'alipay' } }],
    'GET /dm-serv/v1/contacts': [{ method: 'GET', url: `${D}/contacts` }],
    'PUT /dm-serv/v1/contacts/{id}': [{ method: 'PUT', url: `${D}/contacts/${dm.contactId}`, payload: { name: 'Hijacked', email: 'h@example.com', telephone: '13900000000' } }],
    'DELETE /dm-serv/v1/contacts/{id}': [{ method: 'DELETE', url: `${D}/contacts/${dm.contactId}` }],
    'GET /dm-serv/v1/domains': [{ method: 'GET', url: `${D}/domains?tab=mine` }, { method: 'GET', url: `${D}/domains?groupId=${dm.groupId}` }, { method: 'GET', url: `${D}/domains?keyword=alice` }],
    'GET /dm-serv/v1/domains/{orderNo}': [{ method: 'GET', url: `${D}/domains/${dm.orderNo}` }],
    'PUT /dm-serv/v1/domainLock': [{ method: 'PUT', url: `${D}/domainLock`, payload: { domain: dm.domain, lock: false } }],
    'PUT /dm-serv/v1/domains/forSale': [{ method: 'PUT', url: `${D}/domains/forSale`, payload: { domain: dm.domain, forSale: true } }],
    'POST /dm-serv/v1/domains/authCode': [{ method: 'POST', url: `${D}/domains/authCode`, payload: { domain: dm.moved } }],
    'PUT /dm-serv/v1/orders/remark': [{ method: 'PUT', url: `${D}/orders/remark`, payload: { orderNo: dm.orderNo, remark: 'hijacked' } }],
    'PUT /dm-serv/v1/domains/nameservers': [{ method: 'PUT', url: `${D}/domains/nameservers`, payload: { domain: dm.domain, nameservers: ['ns1.evil.example', 'ns2.evil.example'] } }],
    'POST /dm-serv/v1/orders/renew/price': [{ method: 'POST', url: `${D}/orders/renew/price`, payload: { domains: [dm.domain], years: 1 } }],
    'POST /dm-serv/v1/orders/renew': [{ method: 'POST', url: `${D}/orders/renew`, payload: { domains: [dm.domain], years: 1 } }],
    'GET /dm-serv/v1/orders/renew/records': [{ method: 'GET', url: `${D}/orders/renew/records` }],
    'GET /dm-serv/v1/orders': [{ method: 'GET', url: `${D}/orders?keyword=${dm.orderNo}` }],
    'POST /dm-serv/v1/transferIn': [{ method: 'POST', url: `${D}/transferIn`, payload: { items: [{ domain: dm.domain, authCode: 'Guess#12345' }], contactId: dm.contactId } }],
    'GET /dm-serv/v1/transferIn': [{ method: 'GET', url: `${D}/transferIn` }],
    'GET /dm-serv/v1/transferOut': [{ method: 'GET', url: `${D}/transferOut` }],
    'POST /dm-serv/v1/transferOut/{id}': [{ method: 'POST', url: `${D}/transferOut/${dm.transferId}`, payload: { approve: true } }],
    'GET /dm-serv/v1/groups': [{ method: 'GET', url: `${D}/groups` }],
    'PUT /dm-serv/v1/groups/{id}': [{ method: 'PUT', url: `${D}/groups/${dm.groupId}`, payload: { name: 'hijacked' } }],
    'DELETE /dm-serv/v1/groups/{id}': [{ method: 'DELETE', url: `${D}/groups/${dm.groupId}` }],
    'POST /dm-serv/v1/groups/addDomain/{id}': [{ method: 'POST', url: `${D}/groups/addDomain/${dm.groupId}`, payload: { domains: [dm.domain] } }],
    'POST /dm-serv/v1/groups/delDomain/{id}': [{ method: 'POST', url: `${D}/groups/delDomain/${dm.groupId}`, payload: { domains: [dm.domain] } }],
    'POST /dm-serv/v1/batch': [{ method: 'POST', url: `${D}/batch`, payload: { kind: 'group', groupId: dm.groupId, domains: ['bob-own.example.com'] } }],
    'GET /dm-serv/v1/batch': [{ method: 'GET', url: `${D}/batch` }],
    'GET /dm-serv/v1/batch/{id}': [{ method: 'GET', url: `${D}/batch/${dm.batchId}` }],
  };
}

/** Routes that take no id of anything an account owns (or only the caller's own, by session). */
const noOwnedIds = new Set([
  'GET /ca/{brand}/intermediate.crl', 'GET /ca/{brand}/intermediate.crt', 'GET /ca/{brand}/root.crt', 'GET /captcha', 'POST /captcha/verify',
  'POST /changePwdByEmail', 'POST /changePwdByTel', 'GET /changePwdSendEmail', 'GET /changePwdSendSMS', 'POST /forgot_password', 'GET /frontConf',
  'POST /login', 'POST /payment-callbacks/sandbox', 'POST /sec-validation', 'GET /secCode', 'POST /signup', 'GET /signupCode', 'GET /siteConfig',
  'GET /v1/account', 'POST /v1/account', 'POST /v1/contacts', 'GET /v1/creditChangeRecords', 'POST /v1/csr/batchSave', 'POST /v1/csr/generate', 'POST /v1/csr/save',
  'POST /v1/deposit', 'POST /v1/emailDnsEmails', 'GET /v1/exRate', 'GET /v1/googleAuth', 'GET /v1/inviteCode', 'PUT /v1/inviteCode', 'GET /v1/logout',
  'POST /v1/mssl/domains', 'GET /v1/mssl/domains', 'POST /v1/orders/price/{productNo}', 'POST /v1/organizations', 'POST /v1/organizations/qiChaCha',
  'GET /v1/products', 'POST /v1/signupCode', 'POST /v1/tools/cfdns/create', 'POST /v1/tools/cfdns/records', 'POST /v1/tools/cfdns/zones',
  'GET /v1/twoStepAuth', 'POST /v1/twoStepAuth', 'GET /v1/twoStepAuthCode', 'POST /verify_token', 'POST /v1/orders/paypal/capture',
  // My account: the caller's own profile, notification settings and activity log (test/my-account.test.ts tries another account's).
  'GET /v1/profile', 'POST /v1/profile', 'PUT /v1/profile', 'GET /v1/profile/progress', 'GET /v1/inform', 'POST /v1/inform',
  'GET /v1/accountLogs', 'GET /v1/accountLogs/export',
  // Account management: the caller's own account only (test/account-manage.test.ts).
  'GET /v1/account/manage', 'GET /v1/account/close/code', 'POST /v1/account/close',
  // Capability addresses: the sandbox payment page and the TLS report are reached by an unguessable id, by design (a provider's checkout page, a shareable report).
  'GET /sandbox/payments/{id}', 'POST /sandbox/payments/{id}/approve', 'POST /sandbox/payments/{id}/decline',
  'POST /v1/tools/report', 'GET /v1/tools/report', 'GET /v1/tools/report/{id}',
  // The invoice mail's download link: its random token is the permission (test/invoice-mail.test.ts).
  'GET /invoice-pdf/{token}',
  // The approval link of e-mail validation carries its own secret token; the outbox is off unless switched on for development.
  'GET /dcv/approve/{token}', 'POST /dcv/approve/{token}', 'GET /dev/outbox',
  // Real-name: the caller's own verification and referral terms; the sandbox verifier's review page is a capability address, its callback signed.
  'GET /v1/realAuth', 'POST /v1/realAuth', 'GET /v1/inviteCondition', 'POST /verification-callbacks/sandbox',
  'GET /sandbox/verifications/{id}', 'POST /sandbox/verifications/{id}/approve', 'POST /sandbox/verifications/{id}/decline',
  // Developer access: the caller's own terms and keys (another account's key ids are tried above).
  'GET /v1/apiKey', 'POST /v1/apiKey', 'POST /v1/developer',
  // ACME EAB keys: the caller's own list and new keys (another account's key id is tried above).
  'GET /v1/acme/eabKeys', 'POST /v1/acme/eabKeys',
  // Account security: the caller's own password, addresses, sessions, recovery codes and WeChat binding. Proofs and OAuth states
  // are bound to the session that made them (test/account-security.test.ts tries them from another session and account).
  'POST /v1/password', 'GET /v1/modifyEmailOrTelSendOrigin', 'POST /v1/modifyEmailOrTelOriginVerify', 'GET /v1/bindEmailOrTel', 'POST /v1/bindEmailOrTel',
  'GET /v1/modifyEmailOrTel', 'PUT /v1/modifyEmailOrTel', 'POST /updatetel', 'POST /updateemailbyemaillast', 'GET /v1/sessions', 'POST /v1/sessions/revokeOthers',
  'GET /v1/googleAuth/recoveryCodes', 'POST /v1/googleAuth/recoveryCodes', 'GET /v1/wechat', 'POST /v1/wechat/authorize', 'POST /wxredirect', 'DELETE /v1/wechat',
  'POST /sandbox/wechat/authorize',
  // The caller's own unread count; announcements are the platform's, the same for every account (read marks are per account).
  'GET /v1/siteMsg/summary', 'GET /v1/siteMsg/announcement', 'PUT /v1/siteMsg/announcement/{id}', 'DELETE /v1/siteMsg/announcement/{id}',
  // Domains: prices, availability and suggestions (public registry facts), the caller's own cart, new contacts and
  // groups, transfer prices. The sandbox registry's other-registrar calls exist only with DEV_OUTBOX=on; a transfer
  // out needs the name's auth code, which only its holder can read.
  'GET /dm-serv/v1/tld', 'POST /dm-serv/v1/domains/available', 'GET /dm-serv/v1/domains/suggest', 'GET /dm-serv/v1/carts', 'POST /dm-serv/v1/carts',
  'POST /dm-serv/v1/contacts', 'POST /dm-serv/v1/groups', 'POST /dm-serv/v1/transferIn/price', 'POST /dev/registry/elsewhere', 'POST /dev/registry/transferOut',
  // Team: the caller's own permissions and its account's roles (another account's member, department and log ids are tried above);
  // the invitation link is a capability address (test/team.test.ts).
  'GET /v1/user/me', 'GET /v1/user/roles', 'PUT /v1/user/roles', 'GET /subAccountInvitation', 'POST /subAccountInvitation',
  // The caller's own second step as a member; the hand-over of its own account (another account's member id is refused
  // as not a member of the caller's: test/team.test.ts).
  'GET /v1/member/twoStep', 'PUT /v1/member/twoStep', 'GET /v1/user/owner/code', 'POST /v1/user/owner',
  // Billing: the caller's own balance changes, bills, consumption, exports, prices, packages and withdrawal request (offer ids are public).
  'GET /v1/creditChangeRecords/export', 'GET /v1/transactions', 'GET /v1/transactions/monthlyConsumption', 'GET /v1/transactions/export',
  'GET /v1/transactions/reconciliation', 'POST /v1/withdraw', 'GET /v1/certPkg', 'POST /v1/certPkg', 'GET /v1/products/myPrices',
  'POST /v1/invoiceOrganizations', 'POST /v1/invoiceContacts',
  // Discovery: a new profile is the caller's own.
  'POST /v1/discovery/profiles',
  // The built-in CT log: public by nature (RFC 6962), it holds no account's ids.
  'POST /ct/v1/add-chain', 'POST /ct/v1/add-pre-chain', 'GET /ct/v1/get-sth', 'GET /ct/v1/get-sth-consistency', 'GET /ct/v1/get-proof-by-hash',
  'GET /ct/v1/get-entries', 'GET /ct/v1/get-roots', 'GET /ct/v1/log-info',
]);

describe('authorization matrix: another account with the first account\'s ids', () => {
  it('lists every route of the API as tried here or as taking no owned id', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const tried = new Set(Object.keys(attempts()));
    const unlisted = routes.filter((r) => !tried.has(r) && !noOwnedIds.has(r));
    expect(unlisted, 'routes missing from the authorization matrix').toEqual([]);
    expect(routes.length).toBeGreaterThan(90);
  });

  it('sees the first account\'s records when the first account itself reads them (the matrix can see a leak)', async () => {
    let seen = 0;
    for (const c of Object.values(attempts()).flat().filter((x) => x.method === 'GET')) {
      const r = await t.app.inject({ method: 'GET', url: c.url, headers: { token: a.token, authorization: a.token } });
      if (Object.values(secret).some((s) => r.body.includes(s)) || r.body.includes('BEGIN CERTIFICATE') || String(r.headers['content-type'] ?? '').includes('zip')) seen++;
    }
    expect(seen).toBeGreaterThan(12);
  });

  it('reads, changes, pays and downloads nothing of the first account', async () => {
    const leaks: string[] = [];
    let calls = 0;
    for (const [route, list] of Object.entries(attempts())) {
      for (const c of list) {
        calls++;
        const r = await t.app.inject({ method: c.method, url: c.url, headers: { token: bobToken, authorization: bobToken }, ...(c.payload ? { payload: c.payload } : {}) });
        expect(r.statusCode, `${route} ${c.url}`).toBeLessThan(500);
        const body = r.body;
        for (const [what, s] of Object.entries(secret)) if (body.includes(s)) leaks.push(`${route} ${c.url}: answered the first account's ${what}`);
        if (/BEGIN CERTIFICATE|BEGIN PRIVATE KEY/.test(body) || String(r.headers['content-type'] ?? '').includes('zip')) leaks.push(`${route} ${c.url}: answered a certificate, key or zip`);
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(50);
  });

  it('leaves the first account as it was, and charges the second nothing', async () => {
    const contacts = (await alice.get('/v1/contacts')).body.data as { data: { id: number; lastname: string }[] };
    expect(contacts.data.find((c) => c.id === a.contactId)?.lastname).toBe(secret.lastname);
    expect((await alice.get(`/v1/organizations/${a.orgId}`)).body.data).toMatchObject({ orgName: secret.orgName });
    expect((await alice.get(`/v1/orgRealAuth/${a.orgAuthno}`)).body.data).toMatchObject({ orgName: secret.orgName, step: 'deposit', attemptsLeft: 3 });
    expect(((await alice.get('/v1/emailDnsEmails')).body.data as { data: { id: number; email: string }[] }).data).toContainEqual({ id: a.emailDnsId, email: secret.dnsEmail });
    const status = async (no: string) => ((await alice.get(`/v1/orders/status/${no}`)).body.data as { orderStatus: number }).orderStatus;
    expect([await status(a.issued), await status(a.pending), await status(a.awaiting)]).toEqual([1005, 1001, 1002]);
    const detail = (await alice.get(`/v1/orders/detail/${a.issued}`)).body.data as { remark?: string };
    expect(JSON.stringify(detail)).toContain(secret.remark);
    const domains = (await alice.get(`/v1/orders/domainList/${a.awaiting}`)).body.data as { domains: { domain: string; method: string }[] };
    expect(domains.domains.map((x) => [x.domain, x.method])).toEqual([[secret.awaiting, 'dns_txt']]);
    await drainAll(t.app);
    expect(await balanceOf(t.app, a.id)).toBe(aBalance);
    expect(await balanceOf(t.app, bId)).toBe(bBalance);
    const [bobs] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE account_id = $1`, [bId]);
    expect(bobs!.n, 'orders the second account made from the first account\'s contact, company or renewal ticket').toBe(0);
    const dmDetail = (await alice.get(`/dm-serv/v1/domains/${dm.orderNo}`)).body.data as { remark: string; locked: boolean; forSale: boolean; groupName: string; nameservers: string[] };
    expect(dmDetail).toMatchObject({ remark: secret.dmRemark, locked: true, forSale: false, groupName: secret.dmGroup, nameservers: ['ns1.certhub.local', 'ns2.certhub.local'] });
    expect(((await alice.get('/dm-serv/v1/carts')).body.data as { items: { id: number; years: number }[] }).items).toEqual([expect.objectContaining({ id: dm.cartId, years: 1 })]);
    const zone = (await alice.get(`/dm-serv/v1/dns/zones/${a.zone}/records`)).body.data as { zone: { serial: number }; records: { id: number; value: string }[] };
    expect(zone.zone.serial).toBe(a.serial);
    expect(zone.records.find((r) => r.id === a.recordId)?.value).toBe(secret.dnsTxt);
    const invoices = (await alice.get('/v1/invoices')).body.data as { data: { id: number; status: string; orgName: string }[] };
    expect(invoices.data.map((i) => [i.id, i.status, i.orgName])).toEqual([[a.issuedInvoiceId, 'issued', secret.invoiceOrg], [a.invoiceId, 'pending', secret.invoiceOrg]]);
    expect(((await alice.get('/v1/invoiceOrganizations')).body.data as { data: { orgName: string }[] }).data[0]!.orgName).toBe(secret.invoiceOrg);
    expect(((await alice.get('/v1/invoiceContacts')).body.data as { data: { name: string }[] }).data[0]!.name).toBe(secret.invoiceCon);
    expect(((await alice.get('/v1/withdraw')).body.data as { data: { status: string }[] }).data[0]!.status).toBe('pending');
    const targets = (await alice.get('/v1/discovery/targets')).body.data as { items: { id: number; value: string; profileId: number }[] };
    expect(targets.items).toMatchObject([{ id: a.targetId, value: secret.discovery, profileId: a.profileId }]);
    expect((await alice.get('/v1/discovery/profiles')).body.data).toMatchObject({ items: [{ id: a.profileId, enabled: true }] });
    expect((await alice.get('/v1/apiKey')).body.data).toMatchObject({ keys: [{ id: a.apiKeyId, name: secret.keyName, scope: 'full', prefix: a.apiKeyPrefix }] });
    expect((await alice.get('/v1/acme/eabKeys')).body.data).toMatchObject({ keys: [{ id: a.eabKeyId, name: 'acme' }] });
    const mine = (await alice.get('/v1/siteMsg?kind=issued')).body.data as { siteMsges: { id: number; read: boolean; title: string }[] };
    expect(mine.siteMsges.find((m) => m.id === a.siteMsgId)).toMatchObject({ read: false, title: expect.stringContaining(secret.issued) });
    expect((await alice.get('/v1/user/subAccounts')).body.data).toMatchObject({ total: 1, data: [{ subAccountID: a.memberId, name: secret.memberName, status: 'invited' }] });
    expect((await alice.get('/v1/user/depts')).body.data).toMatchObject({ total: 1, data: [{ deptID: a.deptId, name: secret.deptName }] });
  });
});

