-- The one UPDATE of an account's money, for the ledger's writers (apps/server/src/services/payments/ledger.ts, the
-- only code that writes ledger entries): moves accounts.balance by `delta` cents and accounts.uninvoiced by `consumed`
-- (what the entries add to it, billing_ledger_consumed summed), and answers the balance after it, or NULL when there is
-- no such account. The CHECK balance >= 0 refuses a debit beyond the balance.
--
-- Why a function: a payment that waited on the account's row, which every payment of the account queues on, re-checks
-- the statement that updated it (PostgreSQL's EvalPlanQual), and re-checking sets up every part of that statement again.
-- The balance payment is a statement of a hundred plan nodes; in a rush of one account this cost a quarter of the
-- database's CPU per payment. Here it re-checks one small UPDATE.
CREATE FUNCTION account_balance_move(acc integer, delta bigint, consumed bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  after bigint;
BEGIN
  UPDATE accounts SET balance = balance + delta, uninvoiced = uninvoiced + consumed WHERE id = acc RETURNING balance INTO after;
  RETURN after;
END $$;

-- The writers move accounts.uninvoiced for the entries they insert in that same UPDATE, so the insert trigger of 0155 no
-- longer does: it updated the account's row a second time, after the insert, while every other payment of the account
-- waited on that row (a fifth of the database's CPU per payment). Entries are never changed or removed by the product;
-- the update and delete triggers stay for a correction made by hand.
DROP TRIGGER ledger_uninvoiced_ins ON ledger_entries;
