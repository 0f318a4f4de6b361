import type { Queryable } from '@cc/db/client';
import { enterpriseVerifiedCertTypes, verificationMet, verificationNeededFor, verifiedPaymentThresholdCents, type VerificationNeed } from '@cc/domain/real-name';
import type { Aim } from './order-payment.ts';
import { payRefusal } from './errors.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';

const threshold = `¥${(verifiedPaymentThresholdCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * verificationNeededFor and verificationMet of packages/domain real-name.ts as SQL, for the statement that pays from
 * the balance (one round trip): the kind of verification an order still needs ('enterprise' | 'personal'), or NULL.
 * Its arguments are SQL expressions; test/verification-sql.test.ts checks it against the two functions.
 */
export function unmetVerificationSql(e: { certType: string; amountCents: string; authPProgress: string; authEProgress: string }): string {
  const enterprise = `${e.certType} IN (${enterpriseVerifiedCertTypes.map(sqlText).join(', ')})`;
  return `CASE WHEN ${enterprise} THEN CASE WHEN ${e.authEProgress} = 'approved' THEN NULL ELSE 'enterprise' END
            WHEN ${e.amountCents} >= ${verifiedPaymentThresholdCents} THEN CASE WHEN ${e.authPProgress} = 'approved' OR ${e.authEProgress} = 'approved' THEN NULL ELSE 'personal' END
       END`;
}

/** The refusal of an order that needs a verification the account does not have (VERIFICATION_REQUIRED). */
export function verificationRefusal(orderNo: string, kind: NonNullable<VerificationNeed>['kind']) {
  return payRefusal('VERIFICATION_REQUIRED', kind === 'enterprise' ? 'pay.verification.enterprise' : 'pay.verification.personal', { orderNo, threshold }, 'orderNo');
}

/**
 * Refuses paying orders whose product or amount needs a real-name verification the account does not have
 * (VERIFICATION_REQUIRED, naming the order; the rule is packages/domain real-name.ts, which the console shows before
 * payment). Orders not found or not payable are left to the paying statement, which says so precisely.
 * Verifications only move forward to approved (never back), so checking before the paying transaction is enough.
 */
export async function checkVerificationForOrders(q: Queryable, accountId: number, orderNos: string[], aim: Aim): Promise<void> {
  const rows = await q.query<{ order_no: string; cert_type: string | null; due: string; auth_p_progress: string; auth_e_progress: string }>(
    `SELECT o.order_no, p.cert_type, (CASE WHEN $3 = 'reSign' THEN o.re_sign_price_diff ELSE o.pay_amount END) AS due, a.auth_p_progress, a.auth_e_progress
       FROM orders o JOIN accounts a ON a.id = o.account_id LEFT JOIN products p ON p.product_no = o.product_no
      WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')}`,
    [accountId, orderNos, aim],
  );
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  for (const orderNo of orderNos) {
    const r = byNo.get(orderNo);
    if (!r) continue;
    const need = verificationNeededFor({ certType: r.cert_type ?? undefined, amountCents: Number(r.due) });
    if (verificationMet(need, { authPProgress: r.auth_p_progress, authEProgress: r.auth_e_progress })) continue;
    throw verificationRefusal(orderNo, need!.kind);
  }
}

/** A top-up of the threshold or more needs the payer verified, as a payment does. */
export async function checkVerificationForDeposit(q: Queryable, accountId: number, amountCents: number): Promise<void> {
  const need = verificationNeededFor({ amountCents });
  if (!need) return;
  const [a] = await q.query<{ auth_p_progress: string; auth_e_progress: string }>(`SELECT auth_p_progress, auth_e_progress FROM accounts WHERE id = $1`, [accountId]);
  if (a && verificationMet(need, { authPProgress: a.auth_p_progress, authEProgress: a.auth_e_progress })) return;
  throw payRefusal('VERIFICATION_REQUIRED', 'pay.verification.deposit', { threshold }, 'amount');
}
