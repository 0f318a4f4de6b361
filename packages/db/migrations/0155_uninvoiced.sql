-- What an account can invoice, kept up to date instead of summed on every read: accounts.uninvoiced is what the
-- account consumed (billing_consumption: payments less refunds) less its invoices applied for and not rejected or
-- cancelled. It may go below zero (a refund after an invoice was issued); what can be invoiced is greatest(0, it).
-- The triggers below move it in the very statement that writes a ledger entry, a payment or an invoice, so it is
-- always the sum it stands for (test/uninvoiced.test.ts checks that after random mixes of every change).

ALTER TABLE accounts ADD COLUMN uninvoiced bigint NOT NULL DEFAULT 0;

-- What one row of each table adds to accounts.uninvoiced: billing_consumption's three parts, and invoices.
CREATE FUNCTION billing_ledger_consumed(acc integer, kind text, ref text, amount bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN kind IN ('order_payment', 're_sign_payment', 'package_payment') THEN -amount
    WHEN kind = 'refund' AND EXISTS (SELECT 1 FROM orders o WHERE o.order_no = ref AND o.account_id = acc) THEN -amount
    ELSE 0 END
$$;
CREATE FUNCTION billing_payment_consumed(status text, outcome text, amount bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'succeeded' AND outcome = 'order_paid' THEN amount ELSE 0 END
$$;
CREATE FUNCTION billing_invoice_claimed(status text, amount bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('pending', 'issued') THEN -amount ELSE 0 END
$$;

-- Each trigger moves the figure of the accounts its statement concerns by the change of their rows' share, once per
-- statement (a batch payment of 500 orders moves it once); an account whose figure does not change is not touched.
CREATE FUNCTION billing_uninvoiced_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(billing_ledger_consumed(account_id, kind, ref, amount)) AS d FROM new_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(c) AS d FROM (
              SELECT account_id, billing_ledger_consumed(account_id, kind, ref, amount) AS c FROM new_rows
              UNION ALL SELECT account_id, -billing_ledger_consumed(account_id, kind, ref, amount) FROM old_rows) x GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSE
    UPDATE accounts a SET uninvoiced = a.uninvoiced - d.d
      FROM (SELECT account_id, sum(billing_ledger_consumed(account_id, kind, ref, amount)) AS d FROM old_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION billing_uninvoiced_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(billing_payment_consumed(status, outcome, amount)) AS d FROM new_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(c) AS d FROM (
              SELECT account_id, billing_payment_consumed(status, outcome, amount) AS c FROM new_rows
              UNION ALL SELECT account_id, -billing_payment_consumed(status, outcome, amount) FROM old_rows) x GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSE
    UPDATE accounts a SET uninvoiced = a.uninvoiced - d.d
      FROM (SELECT account_id, sum(billing_payment_consumed(status, outcome, amount)) AS d FROM old_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION billing_uninvoiced_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(billing_invoice_claimed(status, amount)) AS d FROM new_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts a SET uninvoiced = a.uninvoiced + d.d
      FROM (SELECT account_id, sum(c) AS d FROM (
              SELECT account_id, billing_invoice_claimed(status, amount) AS c FROM new_rows
              UNION ALL SELECT account_id, -billing_invoice_claimed(status, amount) FROM old_rows) x GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  ELSE
    UPDATE accounts a SET uninvoiced = a.uninvoiced - d.d
      FROM (SELECT account_id, sum(billing_invoice_claimed(status, amount)) AS d FROM old_rows GROUP BY account_id) d
     WHERE a.id = d.account_id AND d.d <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_uninvoiced_ins AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_ledger();
CREATE TRIGGER ledger_uninvoiced_upd AFTER UPDATE ON ledger_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_ledger();
CREATE TRIGGER ledger_uninvoiced_del AFTER DELETE ON ledger_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_ledger();
CREATE TRIGGER payments_uninvoiced_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_payments();
CREATE TRIGGER payments_uninvoiced_upd AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_payments();
CREATE TRIGGER payments_uninvoiced_del AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_payments();
CREATE TRIGGER invoices_uninvoiced_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_invoices();
CREATE TRIGGER invoices_uninvoiced_upd AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_invoices();
CREATE TRIGGER invoices_uninvoiced_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_uninvoiced_invoices();

-- The figure of the accounts that exist, from the sums it replaces.
UPDATE accounts a SET uninvoiced = coalesce((SELECT sum(c.amount) FROM billing_consumption c WHERE c.account_id = a.id), 0)
                                 + coalesce((SELECT sum(billing_invoice_claimed(i.status, i.amount)) FROM invoices i WHERE i.account_id = a.id), 0);

-- The sum, for checks (the test above compares the two); what reads the figure reads accounts.uninvoiced.
CREATE OR REPLACE FUNCTION billing_to_be_invoiced(acc integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT greatest(0, (SELECT coalesce(sum(amount), 0) FROM billing_consumption WHERE account_id = acc)
                   + (SELECT coalesce(sum(billing_invoice_claimed(status, amount)), 0) FROM invoices WHERE account_id = acc))::bigint
$$;
