-- 0151 (one pay path) and 0155 (the stored figure of what can be invoiced) were written side by side: 0151 made the
-- consumption count domain checkouts and packages paid through a gateway and refunds of domain orders; the shares the
-- triggers of 0155 move accounts.uninvoiced by now count them too, so the figure stays the sum of billing_consumption.
-- (A gateway domain checkout's orders sum to its payment's amount, each priced from the items the payment stored.)
CREATE OR REPLACE FUNCTION billing_ledger_consumed(acc integer, kind text, ref text, amount bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN kind IN ('order_payment', 're_sign_payment', 'package_payment') THEN -amount
    WHEN kind = 'refund' AND (EXISTS (SELECT 1 FROM orders o WHERE o.order_no = ref AND o.account_id = acc)
                           OR EXISTS (SELECT 1 FROM domain_orders d WHERE d.order_no = ref AND d.account_id = acc)) THEN -amount
    ELSE 0 END
$$;
CREATE OR REPLACE FUNCTION billing_payment_consumed(status text, outcome text, amount bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'succeeded' AND outcome IN ('order_paid', 'domain_paid', 'package_granted') THEN amount ELSE 0 END
$$;

UPDATE accounts a SET uninvoiced = coalesce((SELECT sum(c.amount) FROM billing_consumption c WHERE c.account_id = a.id), 0)
                                 + coalesce((SELECT sum(billing_invoice_claimed(i.status, i.amount)) FROM invoices i WHERE i.account_id = a.id), 0);
