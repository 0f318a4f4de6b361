import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@cc/contracts/envelope';
import { accountAnswer, inviteCodeAnswer, twoStepStatus } from '@cc/contracts/session';
import { compiledAnswer } from '../src/lib/compiled-answer.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';

/**
 * The answers written by a compiled serializer instead of zod (lib/compiled-answer.ts): the same text zod's answer
 * would be, only the declared properties, and a missing one is an error rather than an answer without it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const compiled = (schema: Parameters<typeof compiledAnswer>[0]['schema']) => compiledAnswer({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('compiledAnswer', () => {
  it('writes what zod would: declared properties only, in their order; a missing one throws', () => {
    const write = compiled(envelope(inviteCodeAnswer));
    const answer = { msg: 'success', code: 200, data: { inviteCode: 'ABCD', secret: 'x' }, extra: true };
    expect(write(answer)).toBe(JSON.stringify(envelope(inviteCodeAnswer).parse(answer)));
    expect(write(answer)).not.toContain('secret');
    expect(() => write({ code: 200, msg: 'success', data: {} })).toThrow(/inviteCode/);
  });

  it('GET /v1/account, /v1/inviteCode and /v1/twoStepAuth answer exactly what their schemas let through', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    for (const [url, schema] of [['/v1/account', accountAnswer], ['/v1/inviteCode', inviteCodeAnswer], ['/v1/twoStepAuth', twoStepStatus]] as const) {
      const r = await t.app.inject({ method: 'GET', url, headers: { token: a.token } });
      expect(r.statusCode).toBe(200);
      expect(r.body, url).toBe(JSON.stringify(envelope(schema).parse(r.json())));
    }
    const account = (await me.get('/v1/account')).body.data as { accountInfo: Record<string, unknown> };
    expect(account.accountInfo).toMatchObject({ balance: 0, toBeInvoicedAmount: 0, isSubAccount: false });
    expect(Object.keys(account.accountInfo)).toEqual(Object.keys(accountAnswer.shape.accountInfo.shape));
  });
});
