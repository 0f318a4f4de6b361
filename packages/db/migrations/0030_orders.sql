-- After payment: domain control validation, issuance by the built-in CA, certificates, re-sign requests and
-- the order timeline.

ALTER TABLE orders
  ADD COLUMN validation_started_at timestamptz,
  ADD COLUMN issued_at             timestamptz,
  ADD COLUMN cancelled_at          timestamptz,
  ADD COLUMN not_before            timestamptz,
  ADD COLUMN not_after             timestamptz,
  -- A multi-year plan outlives one certificate (398 days at most): later certificates are issued until this date.
  ADD COLUMN plan_ends_at          timestamptz,
  ADD COLUMN certificate_id        integer,
  -- Set by the payment of a re-sign price difference (POST /v1/orders/pay with aim reSign).
  ADD COLUMN re_sign_paid_at       timestamptz,
  ADD COLUMN status_reason         text NOT NULL DEFAULT '';
CREATE INDEX orders_account_expiry ON orders(account_id, not_after) WHERE not_after IS NOT NULL;

-- One row per name of an order: how it is validated, with the random token and value the instructions show.
CREATE TABLE order_domains (
  id              serial PRIMARY KEY,
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  domain          text NOT NULL,
  method          text NOT NULL,
  -- dns: CNAME host label; file: file name; email: approval token hash lives in approval_hash.
  token           text NOT NULL,
  value           text NOT NULL,
  email           text NOT NULL DEFAULT '',
  approval_hash   text,
  email_sent_at   timestamptz,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'validated')),
  reused          boolean NOT NULL DEFAULT false,
  checked_at      timestamptz,
  validated_at    timestamptz,
  last_error      text NOT NULL DEFAULT '',
  UNIQUE (order_id, domain)
);
CREATE UNIQUE INDEX order_domains_approval ON order_domains(approval_hash) WHERE approval_hash IS NOT NULL;

-- Validation reuse (CA/B BR 4.2.1): a name validated for an account (and company, for OV/EV) stays validated
-- until expires_at, so later orders issue without a new check.
CREATE TABLE validated_domains (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  org_id        integer REFERENCES organizations(id) ON DELETE CASCADE,
  domain        text NOT NULL,
  method        text NOT NULL,
  order_id      integer REFERENCES orders(id) ON DELETE SET NULL,
  validated_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX validated_domains_key ON validated_domains(account_id, COALESCE(org_id, 0), domain);

CREATE TABLE order_events (
  id        bigserial PRIMARY KEY,
  order_id  integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  at        timestamptz NOT NULL DEFAULT now(),
  kind      text NOT NULL,
  detail    jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX order_events_order ON order_events(order_id, id);

-- Root and intermediate of each brand of the built-in CA; keys only sealed (AES-256-GCM).
CREATE TABLE ca_keys (
  brand       text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('root', 'intermediate')),
  cert_pem    text NOT NULL,
  key_sealed  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand, kind)
);

CREATE TABLE certificates (
  id           serial PRIMARY KEY,
  order_id     integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  serial       text NOT NULL UNIQUE,
  cert_pem     text NOT NULL,
  chain_pem    text NOT NULL,
  issuer       text NOT NULL,
  domains      jsonb NOT NULL DEFAULT '[]'::jsonb,
  not_before   timestamptz NOT NULL,
  not_after    timestamptz NOT NULL,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificates_order ON certificates(order_id, id DESC);

CREATE TABLE re_sign_requests (
  id            serial PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  csr           text NOT NULL,
  key_sealed    text,
  domain_names  jsonb NOT NULL,
  price_diff    bigint NOT NULL DEFAULT 0 CHECK (price_diff >= 0),
  status        text NOT NULL DEFAULT 'awaiting_payment' CHECK (status IN ('awaiting_payment', 'validating', 'done', 'cancelled')),
  certificate_id integer REFERENCES certificates(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  done_at       timestamptz
);
CREATE INDEX re_sign_requests_order ON re_sign_requests(order_id, id DESC);
