-- One pay path for every kind of purchase: a domain checkout and a certificate package are paid like a certificate
-- order, from the balance or through a gateway. A purchase that has no order row before it is paid keeps what it buys
-- in the payment (`items`, written when the payment is opened, never changed): the gateway's confirmation settles it
-- in the transaction that marks the payment succeeded, so a callback delivered twice settles it once.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('order', 're_sign', 'top_up', 'domain', 'package'));
ALTER TABLE payments ADD COLUMN items jsonb;

-- The payment that bought a package through a gateway (null: paid from the balance); unique, so it grants one package.
ALTER TABLE cert_packages ADD COLUMN payment_id text UNIQUE REFERENCES payments(id);

-- Consumption now also counts domain orders and packages paid through a gateway, and refunds of domain orders.
CREATE OR REPLACE VIEW billing_consumption AS
  SELECT l.account_id, l.created_at AS at, -l.amount AS amount,
         CASE WHEN l.kind = 'package_payment' THEN 'package' ELSE 'order' END AS item,
         split_part(l.ref, ':', 1) AS ref, l.pay_way, l.kind
    FROM ledger_entries l WHERE l.kind IN ('order_payment', 're_sign_payment', 'package_payment')
  UNION ALL
  SELECT l.account_id, l.created_at, -l.amount, 'order', l.ref, l.pay_way, 'refund'
    FROM ledger_entries l JOIN orders o ON o.order_no = l.ref AND o.account_id = l.account_id WHERE l.kind = 'refund'
  UNION ALL
  SELECT l.account_id, l.created_at, -l.amount, 'order', l.ref, l.pay_way, 'refund'
    FROM ledger_entries l JOIN domain_orders d ON d.order_no = l.ref AND d.account_id = l.account_id WHERE l.kind = 'refund'
  UNION ALL
  SELECT p.account_id, p.completed_at, p.amount, 'order', p.order_nos[1], p.pay_way,
         CASE WHEN p.purpose = 're_sign' THEN 're_sign_payment' ELSE 'order_payment' END
    FROM payments p WHERE p.status = 'succeeded' AND p.outcome = 'order_paid'
  UNION ALL
  SELECT p.account_id, p.completed_at, d.amount, 'order', d.order_no, p.pay_way, 'order_payment'
    FROM payments p JOIN domain_orders d ON d.order_no = ANY (p.order_nos) AND d.account_id = p.account_id
   WHERE p.status = 'succeeded' AND p.outcome = 'domain_paid' AND d.amount > 0
  UNION ALL
  SELECT p.account_id, p.completed_at, p.amount, 'package', k.id::text, p.pay_way, 'package_payment'
    FROM payments p JOIN cert_packages k ON k.payment_id = p.id WHERE p.status = 'succeeded' AND p.outcome = 'package_granted';
