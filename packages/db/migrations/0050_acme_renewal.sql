-- Issuance over ACME (RFC 8555) for the free products, renewal of orders, expiry reminders.

-- One ACME account per directory, shared by every instance; the key only sealed (AES-256-GCM).
CREATE TABLE acme_accounts (
  directory_url  text PRIMARY KEY,
  key_sealed     text NOT NULL,
  -- Set once the directory has registered the key (RFC 8555 §7.3); re-registering the same key is harmless.
  account_url    text,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- One ACME order per validation attempt of an order; the newest row is the live one. All state lives here,
-- so any instance's job can take the next step.
CREATE TABLE acme_orders (
  id             serial PRIMARY KEY,
  order_id       integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  directory_url  text NOT NULL,
  -- The ACME order object as last read (with its url): the client resumes from it.
  acme_order     jsonb NOT NULL,
  -- Per name: { name, authzUrl, challengeUrl, type, token, host, value, status }.
  authorizations jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The CSR sent at finalization: the order's, or one made with the held key when the order's lacks names.
  csr            text NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'answered', 'finalized', 'valid', 'invalid')),
  polls          integer NOT NULL DEFAULT 0,
  error          text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX acme_orders_order ON acme_orders(order_id, id DESC);

-- The built-in CA's root is found by brand; an ACME certificate's root is not in its chain, so it is kept
-- here when known ('' when the directory does not say).
ALTER TABLE certificates ADD COLUMN root_pem text;

-- A renewal order points at the order it renews (POST /createorderrenew).
ALTER TABLE orders ADD COLUMN renewed_from integer REFERENCES orders(id) ON DELETE SET NULL;
CREATE INDEX orders_renewed_from ON orders(renewed_from) WHERE renewed_from IS NOT NULL;

-- Expiry reminders sent: once per order, threshold (30, 7, 1 days) and certificate end.
CREATE TABLE expiry_reminders (
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  threshold_days  integer NOT NULL,
  not_after       timestamptz NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, threshold_days, not_after)
);
