-- Billing: each account's own prices, invoices with their templates, withdrawals, certificate packages,
-- and one definition of what an account consumed (bills, monthly consumption, the amount that can be invoiced).

-- Each account's own prices: percent of the list price (100 none, 85 is 15 % off) for a brand or one product,
-- from a quantity (certificates in one submission) up. The most specific, highest tier that applies wins
-- (packages/domain/src/pricing.ts discountFor); set by the platform.
CREATE TABLE account_discounts (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  brand        text,
  product_no   text REFERENCES products(product_no) ON DELETE CASCADE,
  min_quantity integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  discount     integer NOT NULL CHECK (discount BETWEEN 1 AND 100),
  CHECK (brand IS NULL OR product_no IS NULL),
  UNIQUE (account_id, brand, product_no, min_quantity)
);
CREATE INDEX account_discounts_account ON account_discounts(account_id);

-- Invoice organisation templates (document 02 §3): whom the invoice is made out to.
CREATE TABLE invoice_organizations (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  org_name     text NOT NULL,
  tax_num      text NOT NULL,
  telephone    text NOT NULL,
  bank_name    text NOT NULL,
  bank_account text NOT NULL,
  address      text NOT NULL,
  email        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_organizations_account ON invoice_organizations(account_id, id DESC);

-- Mailing templates: where a paper invoice is posted.
CREATE TABLE invoice_contacts (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name        text NOT NULL,
  telephone   text NOT NULL,
  address     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_contacts_account ON invoice_contacts(account_id, id DESC);

-- Invoice applications. The templates are copied in (a later edit or delete of a template leaves the invoice as applied).
-- pending and issued ones count against the amount that can be invoiced; applications of one account are made
-- under a lock of its accounts row, so concurrent ones never exceed it.
CREATE TABLE invoices (
  id             serial PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES accounts(id),
  invoice_type   text NOT NULL CHECK (invoice_type IN ('ordinary', 'special')),
  invoice_org_id integer REFERENCES invoice_organizations(id) ON DELETE SET NULL,
  invoice_con_id integer REFERENCES invoice_contacts(id) ON DELETE SET NULL,
  organization   jsonb NOT NULL,
  contact        jsonb NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'issued', 'rejected', 'cancelled')),
  invoice_no     text UNIQUE,
  reject_reason  text NOT NULL DEFAULT '',
  pdf            bytea,
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz
);
CREATE INDEX invoices_account ON invoices(account_id, id DESC);
CREATE INDEX invoices_pending ON invoices(id) WHERE status = 'pending';

-- Withdrawals: the money leaves the balance (ledger kind withdrawal) when requested; a rejection puts it back
-- (kind withdrawal_return). Reviewed on the operator page.
CREATE TABLE withdrawals (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id),
  amount        bigint NOT NULL CHECK (amount > 0),
  method        text NOT NULL CHECK (method IN ('original', 'bank')),
  bank_name     text NOT NULL DEFAULT '',
  bank_account  text NOT NULL DEFAULT '',
  account_name  text NOT NULL DEFAULT '',
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'rejected')),
  reject_reason text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  decided_at    timestamptz
);
CREATE INDEX withdrawals_account ON withdrawals(account_id, id DESC);

ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('order_payment', 're_sign_payment', 'top_up', 'refund', 'adjustment', 'referral_reward',
                  'withdrawal', 'withdrawal_return', 'package_payment'));

-- Certificate packages on sale: N certificates of a product (one year, one name each) at a package price.
CREATE TABLE cert_package_offers (
  id          serial PRIMARY KEY,
  product_no  text NOT NULL REFERENCES products(product_no) ON DELETE CASCADE,
  quantity    integer NOT NULL CHECK (quantity > 0),
  price       bigint NOT NULL CHECK (price > 0),
  active      boolean NOT NULL DEFAULT true,
  UNIQUE (product_no, quantity)
);

-- Packages an account bought; `used` grows as orders of the product draw on it (never past `quantity`).
CREATE TABLE cert_packages (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id),
  offer_id    integer NOT NULL REFERENCES cert_package_offers(id),
  product_no  text NOT NULL REFERENCES products(product_no),
  quantity    integer NOT NULL CHECK (quantity > 0),
  used        integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= quantity),
  price       bigint NOT NULL CHECK (price > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cert_packages_account ON cert_packages(account_id, product_no, id);

-- Orders an account placed on a package instead of paying: which package, so a cancellation can give it back.
ALTER TABLE orders ADD COLUMN cert_package_id integer REFERENCES cert_packages(id);

-- What an account consumed, one row per money movement for orders and packages (positive: paid; negative: refunded):
-- balance payments and refunds from the ledger, and payments through a gateway that paid orders.
-- Bills, monthly consumption and the amount that can be invoiced all read this one view.
CREATE VIEW billing_consumption AS
  SELECT l.account_id, l.created_at AS at, -l.amount AS amount,
         CASE WHEN l.kind = 'package_payment' THEN 'package' ELSE 'order' END AS item,
         split_part(l.ref, ':', 1) AS ref, l.pay_way, l.kind
    FROM ledger_entries l WHERE l.kind IN ('order_payment', 're_sign_payment', 'package_payment')
  UNION ALL
  SELECT l.account_id, l.created_at, -l.amount, 'order', l.ref, l.pay_way, 'refund'
    FROM ledger_entries l JOIN orders o ON o.order_no = l.ref AND o.account_id = l.account_id WHERE l.kind = 'refund'
  UNION ALL
  SELECT p.account_id, p.completed_at, p.amount, 'order', p.order_nos[1], p.pay_way,
         CASE WHEN p.purpose = 're_sign' THEN 're_sign_payment' ELSE 'order_payment' END
    FROM payments p WHERE p.status = 'succeeded' AND p.outcome = 'order_paid';

-- Cents an account can still invoice: what it consumed less the invoices applied for and not rejected or cancelled,
-- never below zero (a refund after an invoice was issued leaves nothing more to invoice, not a debt).
-- Computed, not stored: it then always agrees with the bills it comes from.
CREATE FUNCTION billing_to_be_invoiced(acc integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT greatest(0, (SELECT coalesce(sum(amount), 0) FROM billing_consumption WHERE account_id = acc)
                   - (SELECT coalesce(sum(amount), 0) FROM invoices WHERE account_id = acc AND status IN ('pending', 'issued')))::bigint
$$;
-- Replaced by billing_to_be_invoiced(): nothing ever kept the stored figure up to date.
ALTER TABLE accounts DROP COLUMN to_be_invoiced;
