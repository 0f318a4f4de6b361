-- My account: the personal profile (what the card provider needs, code 12077), notification settings and the
-- account's own activity log. The company name stays in accounts.company_name (one place).
CREATE TABLE account_profiles (
  account_id   integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  lastname     text NOT NULL DEFAULT '',
  firstname    text NOT NULL DEFAULT '',
  nation_code  text NOT NULL DEFAULT '',
  province     text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  address      text NOT NULL DEFAULT '',
  postal_code  text NOT NULL DEFAULT '',
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One row per account and event type once the user changes it; absent rows mean the defaults
-- (services/account/inform.ts). days: reminder thresholds; amount: the low-balance threshold in cents.
CREATE TABLE inform_settings (
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  inform_type  text NOT NULL,
  email        text NOT NULL CHECK (email IN ('Y', 'N')),
  sms          text NOT NULL CHECK (sms IN ('Y', 'N')),
  days         integer[] NOT NULL DEFAULT '{}',
  amount       bigint,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, inform_type)
);

-- What the account did that no other table records: security and profile changes, sign-outs. Sign-ins
-- (sessions), order events and balance changes (ledger_entries) are read from their own tables.
CREATE TABLE account_log (
  id          bigserial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind        text NOT NULL,
  action      text NOT NULL,
  params      jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_log_account ON account_log(account_id, at DESC);
