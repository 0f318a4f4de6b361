import { randomBytes } from 'node:crypto';
import type { App } from '../src/app.ts';
import { postLedgerEntry } from '../src/services/payments/ledger.ts';
import { newAccount } from './purchase-helpers.ts';

export const operatorSecretForTests = 'test-operator-secret-0123456789';

/** A new account topped up through a gateway (ledger kind top_up): money it may withdraw. */
export async function toppedUpAccount(app: App, cents: number, payWay = 'alipay'): Promise<{ id: number; token: string }> {
  const a = await newAccount(app);
  await app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: cents, kind: 'top_up', ref: `pay-${randomBytes(8).toString('hex')}`, payWay }));
  return a;
}

/** Calls of the operator area, with the secret (or another). */
export function operator(app: App, secret = operatorSecretForTests) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const r = await app.inject({ method, url, headers: { 'x-operator-secret': secret }, ...(payload ? { payload } : {}) });
    return { status: r.statusCode, body: r.json() as { code: number; data: unknown; msg: string } };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    put: (url: string, payload: object = {}) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

export const validInvoiceOrg = {
  orgName: '示例科技有限公司', taxNum: '91110000123456789Q', telephone: '010-12345678', bankName: '中国银行北京分行',
  bankAccount: '6222020200112233', address: '北京市海淀区中关村大街1号', email: 'finance@example.com',
};
export const validInvoiceContact = { name: '李四', telephone: '13912345678', address: '北京市朝阳区建国路 88 号' };
