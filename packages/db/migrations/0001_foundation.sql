-- Accounts, sessions and the session machinery (captchas, codes, rate limits, outbox), site settings and the catalogue.
CREATE TABLE accounts (
  id               serial PRIMARY KEY,
  account_no       text NOT NULL UNIQUE,
  root_uuid        text NOT NULL,
  parent_id        integer REFERENCES accounts(id),
  email            text UNIQUE,
  telephone        text,
  tel_prefix       text NOT NULL DEFAULT '86',
  password_hash    text NOT NULL,
  balance          bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  to_be_invoiced   bigint NOT NULL DEFAULT 0 CHECK (to_be_invoiced >= 0),
  company_name     text NOT NULL DEFAULT '',
  invite_code      text UNIQUE,
  invited_by       integer REFERENCES accounts(id),
  tel_auth         text NOT NULL DEFAULT 'N',
  email_auth       text NOT NULL DEFAULT 'N',
  google_auth      text NOT NULL DEFAULT 'N',
  totp_secret      text,
  totp_pending     text,
  auth_name        text NOT NULL DEFAULT '',
  id_card          text NOT NULL DEFAULT '',
  auth_p_progress  text NOT NULL DEFAULT 'N',
  auth_e_progress  text NOT NULL DEFAULT 'N',
  is_nginx         text NOT NULL DEFAULT 'N',
  is_apache        text NOT NULL DEFAULT 'N',
  spark            text NOT NULL DEFAULT '',
  api_key          text,
  last_login_ip    text NOT NULL DEFAULT '',
  last_login_time  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tel_prefix, telephone)
);

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  ip           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_account ON sessions(account_id);

CREATE TABLE captchas (
  id               text PRIMARY KEY,
  x                integer NOT NULL,
  y                integer NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  solved_at        timestamptz,
  token_hash       text UNIQUE,
  token_expires_at timestamptz,
  token_used_at    timestamptz
);

-- Six-digit codes sent by mail or SMS; purpose says what they unlock.
CREATE TABLE verification_codes (
  id          serial PRIMARY KEY,
  purpose     text NOT NULL,
  target      text NOT NULL,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX verification_codes_target ON verification_codes(purpose, target, created_at DESC);

-- A sign-in that passed the password and waits for its second step.
CREATE TABLE login_challenges (
  token_hash  text PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  auth_type   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Rate limits live here so that every server instance sees the same counts.
CREATE TABLE rate_events (
  id   bigserial PRIMARY KEY,
  key  text NOT NULL,
  at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_key_at ON rate_events(key, at);

CREATE TABLE outbox (
  id          bigserial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('mail', 'sms')),
  to_addr     text NOT NULL,
  subject     text NOT NULL DEFAULT '',
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  error       text
);
CREATE INDEX outbox_to ON outbox(to_addr, id DESC);

CREATE TABLE site_config (
  host    text PRIMARY KEY,
  config  jsonb NOT NULL
);

CREATE TABLE front_conf (
  setting      text PRIMARY KEY,
  value        text NOT NULL,
  description  text NOT NULL DEFAULT ''
);

CREATE TABLE exchange_rates (
  currency  text PRIMARY KEY,
  symbol    text NOT NULL,
  rate      numeric(18, 8) NOT NULL CHECK (rate > 0)
);

CREATE TABLE pay_ways (
  pay_way    text PRIMARY KEY,
  name       text NOT NULL,
  show_name  text NOT NULL,
  switch     text NOT NULL DEFAULT 'Y',
  sort       integer NOT NULL DEFAULT 0
);

CREATE TABLE products (
  product_no              text PRIMARY KEY,
  product_name            text NOT NULL,
  product_type            text NOT NULL,
  brand                   text NOT NULL,
  brand_name              text NOT NULL,
  sub_brand               text NOT NULL,
  brand_description       text NOT NULL DEFAULT '',
  brand_description_en    text NOT NULL DEFAULT '',
  type_description        text NOT NULL DEFAULT '',
  cert_type               text NOT NULL,
  max_year                integer NOT NULL CHECK (max_year >= 0),
  chinese_name            text NOT NULL,
  english_name            text NOT NULL,
  product_description     text NOT NULL DEFAULT '',
  product_description_en  text NOT NULL DEFAULT '',
  summary                 text NOT NULL DEFAULT '',
  price_per_year          bigint NOT NULL CHECK (price_per_year >= 0),
  extra_domain_price      bigint NOT NULL DEFAULT 0 CHECK (extra_domain_price >= 0),
  free                    boolean NOT NULL DEFAULT false,
  sort                    integer NOT NULL DEFAULT 0
);
