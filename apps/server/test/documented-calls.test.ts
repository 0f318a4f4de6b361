import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { newAccount } from './purchase-helpers.ts';

/**
 * Every call the specification names (documents 01 and 02 and the README's decisions, /work/shared/spec) is served:
 * asked as a signed-in owner with an empty body, it answers anything but the router's 404 (no such path) or 405 (the
 * path, another method). `DELETE /v1/user/subAccounts`, listed in document 02, once answered 405.
 * Where a document names no method ("Batch: /v1/orders/batch/certs"), the method the console uses is listed.
 */
const D = '/dm-serv/v1';
const documented = [
  // README: the calls the documents name without a path, and the reference.
  'POST /login', 'POST /signup', 'POST /forgot_password', 'POST /verify_token', 'GET /captcha', 'POST /captcha/verify',
  'POST /v1/orders/price/T-DV', 'POST /v1/csr/generate', 'GET /v1/orders?orderNos=SSL1,SSL2', 'PUT /v1/inviteCode', 'GET /dev/outbox?to=a@example.com',
  'GET /docs/json',
  // Document 01: the purchase flow.
  'GET /v1/products', 'GET /v1/contacts', 'GET /v1/organizations', 'GET /v1/exRate', 'GET /frontConf', 'GET /v1/emailDnsEmails', 'POST /v1/emailDnsEmails',
  'POST /v1/orders/certificate/T-DV', 'POST /v1/orders/free', 'GET /v1/orders/payWays', 'POST /v1/orders/pay', 'POST /v1/orders/batch/pay',
  'GET /v1/orders/batch/pay/queues', 'GET /v1/orders/batch/pay/status', 'GET /v1/orders/detail/1', 'GET /v1/orders/status/1',
  'POST /v1/orders/paypal/capture', 'POST /v1/csr/save', 'POST /v1/csr/batchSave',
  // Document 02 §7, session and account.
  'GET /v1/account', 'POST /v1/account', 'GET /v1/profile', 'POST /v1/profile', 'PUT /v1/profile', 'GET /v1/apiKey', 'GET /signupCode', 'POST /v1/signupCode',
  'GET /changePwdSendEmail', 'GET /changePwdSendSMS', 'POST /changePwdByTel', 'POST /changePwdByEmail', 'POST /updatetel', 'POST /updateemailbyemaillast',
  'GET /v1/bindEmailOrTel', 'POST /v1/bindEmailOrTel', 'GET /v1/modifyEmailOrTelSendOrigin', 'POST /v1/modifyEmailOrTelOriginVerify',
  'GET /v1/modifyEmailOrTel', 'PUT /v1/modifyEmailOrTel', 'GET /v1/twoStepAuthCode', 'GET /v1/twoStepAuth', 'POST /v1/twoStepAuth', 'GET /v1/googleAuth',
  'POST /wxredirect', 'GET /v1/inform', 'POST /v1/inform', 'GET /v1/siteMsg', 'GET /v1/siteMsg/announcement', 'PUT /v1/siteMsg/announcement/1',
  'DELETE /v1/siteMsg/announcement/1', 'GET /v1/orders/count?status=expired',
  // Contacts, companies, real-name.
  'POST /v1/contacts', 'PUT /v1/contacts', 'DELETE /v1/contacts/1', 'POST /v1/organizations', 'PUT /v1/organizations', 'DELETE /v1/organizations/1',
  'GET /v1/organizations/1', 'POST /v1/organizations/qiChaCha', 'POST /v1/orgRealAuth', 'GET /v1/orgRealAuth', 'GET /v1/orgRealAuth/1', 'POST /v1/realAuth', 'GET /v1/realAuth',
  // Sub-accounts.
  'GET /v1/user/subAccounts', 'POST /v1/user/subAccounts', 'PUT /v1/user/subAccounts', 'DELETE /v1/user/subAccounts',
  'GET /v1/user/depts', 'POST /v1/user/depts', 'PUT /v1/user/depts', 'GET /v1/user/roles', 'GET /v1/user/auditLogs',
  // Finance ("CRUD": list, create, change by id in the body, delete by id in the path, as the contacts' calls do).
  'GET /v1/creditChangeRecords', 'GET /v1/transactions', 'GET /v1/transactions/monthlyConsumption', 'GET /v1/invoices', 'POST /v1/invoices', 'DELETE /v1/invoices/1',
  'GET /v1/invoiceOrganizations', 'POST /v1/invoiceOrganizations', 'PUT /v1/invoiceOrganizations', 'DELETE /v1/invoiceOrganizations/1',
  'GET /v1/invoiceContacts', 'POST /v1/invoiceContacts', 'PUT /v1/invoiceContacts', 'DELETE /v1/invoiceContacts/1', 'GET /v1/withdraw', 'GET /v1/certPkg',
  // Orders management.
  'GET /v1/orders', 'GET /v1/orders/count', 'POST /v1/orders/reSignPrice/1', 'POST /v1/orders/reSign', 'GET /v1/orders/reSign/records',
  'POST /v1/orders/reCommit/SSL1', 'GET /v1/orders/domainList/SSL1', 'POST /v1/orders/domainList/SSL1', 'POST /v1/orders/dcv', 'PUT /v1/orders/dcv',
  'GET /v1/orders/cert/SSL1', 'POST /v1/orders/cancel', 'POST /v1/cert/pfx', 'POST /v1/cert/jks', 'PUT /v1/orders/reSendDcvEmail/1', 'PUT /v1/orders/verifyDomains/1',
  'GET /v1/autoDetectDomain', 'POST /v1/orders/batch/certs', 'POST /v1/orders/batch/verify', 'POST /v1/orders/batch/hashValues', 'POST /v1/orders/batch',
  'GET /v1/orders/batch/download', 'GET /v1/mssl/domains', 'POST /v1/mssl/domains', 'PUT /v1/orders/remark/SSL1',
  'PUT /v1/emailDnsEmails', 'DELETE /v1/emailDnsEmails/1', 'POST /createorderrenew',
  // Domains, under /dm-serv/v1.
  `GET ${D}/domains/suggest`, `GET ${D}/carts`, `POST ${D}/carts`, `PUT ${D}/carts/1`, `DELETE ${D}/carts/1`,
  `GET ${D}/groups`, `POST ${D}/groups`, `PUT ${D}/groups/1`, `DELETE ${D}/groups/1`, `POST ${D}/groups/addDomain/1`, `POST ${D}/groups/delDomain/1`,
  `GET ${D}/contacts`, `POST ${D}/contacts`, `PUT ${D}/contacts/1`, `DELETE ${D}/contacts/1`, `POST ${D}/pay`, `POST ${D}/domains/records`,
  `POST ${D}/domains/recordsDel`, `GET ${D}/tld`, `GET ${D}/orders/renew/records`, `POST ${D}/orders/renew`, `POST ${D}/orders/renew/price`,
  `PUT ${D}/domainLock`, `PUT ${D}/orders/remark`, `POST ${D}/transferIn`, `POST ${D}/transferIn/price`, `GET ${D}/transferIn`,
  `POST ${D}/domains/authCode`, `POST ${D}/domains/available`,
  // Other.
  'GET /v1/inviteCode', 'GET /v1/inviteCondition',
  // Signs the session out: last.
  'GET /v1/logout',
];

/**
 * Named by the documents and not answered by the API, each for its reason (this test fails once one is served, so
 * the list stays true):
 * - POST /cancelhost: document 02 names the call and nothing else (no field, no screen, no answer).
 * - GET /signup/{code}: a console page (apps/web routes.tsx sends it on to sign-up with the invite code), served with
 *   the console's build, which API tests run without.
 * - The static country lists: the console names countries itself (components/country-select.tsx, Intl.DisplayNames).
 */
const notServed = ['POST /cancelhost', 'GET /signup/abcd', 'GET /language/country_zh.json', 'GET /language/country_en.json', 'GET /vendor/country_zh.json', 'GET /vendor/country_en.json'];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off' });
  ({ token } = await newAccount(t.app));
});
afterAll(() => t?.close());

async function ask(call: string) {
  const [method, url] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const withBody = method !== 'GET';
  const r = await t.app.inject({
    method, url, headers: { token, authorization: token, ...(withBody ? { 'content-type': 'application/json' } : {}) }, ...(withBody ? { payload: '{}' } : {}),
  });
  const code = r.body.startsWith('{') ? (r.json() as { code?: unknown }).code : undefined;
  // The router's own answers: no such path (404, code 404), or the path with other methods (405).
  return { routed: !((r.statusCode === 404 && code === 404) || r.statusCode === 405), answer: `${r.statusCode} ${r.body.slice(0, 160)}` };
}

describe('the calls the specification names', () => {
  it('are all served', { timeout: 120_000 }, async () => {
    const missing: string[] = [];
    for (const call of documented) {
      const { routed, answer } = await ask(call);
      if (!routed) missing.push(`${call} → ${answer}`);
    }
    expect(missing).toEqual([]);
  });

  it('except those listed with their reason, which the router still refuses', async () => {
    const served: string[] = [];
    for (const call of notServed) if ((await ask(call)).routed) served.push(call);
    expect(served).toEqual([]);
  });
});
