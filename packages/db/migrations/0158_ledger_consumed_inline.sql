-- billing_ledger_consumed held its refund lookups (EXISTS) in its body, which keeps PostgreSQL from inlining a SQL
-- function: the ledger trigger then ran it through the SQL-function executor for every entry, parsing and planning
-- its body again in each statement that wrote the ledger (an eighth of the database's CPU in a balance-payment rush).
-- The lookups now live in a function of their own, called only for a refund; the rest is one CASE the planner inlines.
CREATE FUNCTION billing_refund_of_sale(acc integer, ref text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM orders o WHERE o.order_no = ref AND o.account_id = acc)
      OR EXISTS (SELECT 1 FROM domain_orders d WHERE d.order_no = ref AND d.account_id = acc)
$$;
CREATE OR REPLACE FUNCTION billing_ledger_consumed(acc integer, kind text, ref text, amount bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN kind IN ('order_payment', 're_sign_payment', 'package_payment') THEN -amount
    WHEN kind = 'refund' AND billing_refund_of_sale(acc, ref) THEN -amount
    ELSE 0 END
$$;
