-- ACME server (RFC 8555) for paid certificates: customers' own ACME clients order through /acme/{productNo}/directory,
-- bound to the account by External Account Binding keys made on /account/developer. Every ACME order is a row of
-- orders (origin 'ACME'), paid, validated and issued as any other.

ALTER TABLE orders ADD COLUMN origin text NOT NULL DEFAULT 'CONSOLE' CHECK (origin IN ('CONSOLE', 'ACME'));

-- EAB keys: the HMAC key is shown once and kept sealed (AES-256-GCM), as the MAC must be checked with it.
CREATE TABLE acme_eab_keys (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kid           text NOT NULL UNIQUE,
  name          text NOT NULL,
  hmac_sealed   text NOT NULL,
  -- Empty: every product; otherwise only these product numbers.
  product_nos   jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Cents the orders made through this key may cost in all; NULL: no limit.
  spend_limit   bigint CHECK (spend_limit IS NULL OR spend_limit >= 0),
  -- The verified company OV and EV orders through this key are for.
  org_id        integer REFERENCES organizations(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX acme_eab_keys_account ON acme_eab_keys(account_id, id DESC);

CREATE TABLE acme_server_accounts (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  eab_key_id    integer NOT NULL REFERENCES acme_eab_keys(id),
  jwk           jsonb NOT NULL,
  -- RFC 7638 thumbprint of jwk: one ACME account per key.
  thumbprint    text NOT NULL UNIQUE,
  contact       jsonb NOT NULL DEFAULT '[]'::jsonb,
  status        text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'deactivated')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX acme_server_accounts_account ON acme_server_accounts(account_id);

-- Replay nonces: single use (DELETE ... RETURNING), seen by every instance.
CREATE TABLE acme_nonces (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX acme_nonces_expiry ON acme_nonces(expires_at);

-- One ACME order per order row; its authorizations are the order's order_domains rows.
CREATE TABLE acme_server_orders (
  id               serial PRIMARY KEY,
  order_id         integer NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  acme_account_id  integer NOT NULL REFERENCES acme_server_accounts(id) ON DELETE CASCADE,
  identifiers      jsonb NOT NULL,
  -- The ARI certID of the certificate this order replaces (RFC 9773 §5), if any.
  replaces         text,
  error            jsonb,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX acme_server_orders_account ON acme_server_orders(acme_account_id, id DESC);

-- Authorizations: one per identifier, with the challenge token both challenges share.
CREATE TABLE acme_authzs (
  id               serial PRIMARY KEY,
  acme_order_id    integer NOT NULL REFERENCES acme_server_orders(id) ON DELETE CASCADE,
  domain           text NOT NULL,
  token            text NOT NULL,
  -- The challenge the client answered (http-01, dns-01), and when.
  answered         text CHECK (answered IN ('http-01', 'dns-01')),
  answered_at      timestamptz,
  deactivated      boolean NOT NULL DEFAULT false,
  UNIQUE (acme_order_id, domain)
);

-- Requests per account and window, counted in the database so every instance sees the same count.
CREATE TABLE acme_rate_counters (
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  action        text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, action, window_start)
);
