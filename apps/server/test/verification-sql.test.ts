/**
 * The balance payment checks the real-name rule inside its one statement (unmetVerificationSql); the console and the
 * other ways check it with packages/domain real-name.ts. Every combination is asked of both, and they must agree.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '@cc/db/client';
import { enterpriseVerifiedCertTypes, verificationMet, verificationNeededFor, verificationStates, verifiedPaymentThresholdCents } from '@cc/domain/real-name';
import { unmetVerificationSql } from '../src/services/payments/verification.ts';

let db: Db;
beforeAll(async () => {
  db = await createDb({ url: process.env.DATABASE_URL });
});
afterAll(async () => {
  await db.close();
});

it('says which verification an order still needs exactly as verificationNeededFor and verificationMet do', async () => {
  const certTypes = [...enterpriseVerifiedCertTypes, 'DV', 'OV', null];
  const amounts = [0, 1, verifiedPaymentThresholdCents - 1, verifiedPaymentThresholdCents, verifiedPaymentThresholdCents * 10];
  const cases = certTypes.flatMap((certType) =>
    amounts.flatMap((amount) => verificationStates.flatMap((p) => verificationStates.map((e) => ({ certType, amount, p, e })))),
  );
  const rows = await db.query<{ i: number; need: string | null }>(
    `SELECT t.i::int AS i, ${unmetVerificationSql({ certType: 't.cert_type', amountCents: 't.amount', authPProgress: 't.p', authEProgress: 't.e' })} AS need
       FROM jsonb_to_recordset($1::jsonb) AS t(i int, cert_type text, amount bigint, p text, e text) ORDER BY t.i`,
    [JSON.stringify(cases.map((c, i) => ({ i, cert_type: c.certType, amount: c.amount, p: c.p, e: c.e })))],
  );
  expect(rows).toHaveLength(cases.length);
  const expected = cases.map((c, i) => {
    const need = verificationNeededFor({ certType: c.certType ?? undefined, amountCents: c.amount });
    return { i, need: verificationMet(need, { authPProgress: c.p, authEProgress: c.e }) ? null : need!.kind };
  });
  expect(rows).toEqual(expected);
  // Both kinds and "nothing needed" occur: the comparison covers every branch.
  expect(new Set(expected.map((r) => r.need))).toEqual(new Set([null, 'enterprise', 'personal']));
});
