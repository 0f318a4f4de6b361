-- Real-name verification (document 02 §7 /v1/realAuth, /v1/orgRealAuth). accounts.auth_p_progress / auth_e_progress
-- mirror the newest verification of each kind: N, pending, approved, declined.
CREATE TABLE real_name_verifications (
  id                 serial PRIMARY KEY,
  account_id         integer NOT NULL REFERENCES accounts(id),
  kind               text NOT NULL CHECK (kind IN ('personal', 'enterprise')),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  -- enterprise: deposit (waiting for the amount read on the bank statement) → review; personal starts at review.
  step               text NOT NULL CHECK (step IN ('deposit', 'review', 'done')),
  -- personal: the person; enterprise: the legal representative.
  name               text NOT NULL,
  -- The identity number (ID card or unified social credit code): sealed with the master key, shown masked,
  -- and compared across accounts by a keyed digest.
  id_number_sealed   text NOT NULL,
  id_number_masked   text NOT NULL,
  id_number_digest   text NOT NULL,
  org_name           text NOT NULL DEFAULT '',
  open_account       text NOT NULL DEFAULT '',
  bank_account_masked text NOT NULL DEFAULT '',
  deposit_attempts   integer NOT NULL DEFAULT 0,
  deposit_expires_at timestamptz,
  provider           text NOT NULL,
  provider_ref       text NOT NULL UNIQUE,
  reason             text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  decided_at         timestamptz
);
CREATE INDEX real_name_verifications_account ON real_name_verifications (account_id, kind, id DESC);
-- One identity verifies one account: a number in review or approved on one account cannot be used by another.
CREATE UNIQUE INDEX real_name_verifications_live_identity ON real_name_verifications (kind, id_number_digest) WHERE status IN ('pending', 'approved');
-- One verification of each kind in progress per account.
CREATE UNIQUE INDEX real_name_verifications_one_pending ON real_name_verifications (account_id, kind) WHERE status = 'pending';

-- The built-in verifying party's own book (adapters/verification/sandbox.ts), as a provider would keep it.
CREATE TABLE sandbox_verifications (
  id                text PRIMARY KEY,
  merchant_ref      text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('personal', 'enterprise')),
  subject           jsonb NOT NULL,
  deposit_cents     integer,
  deposit_confirmed boolean NOT NULL DEFAULT false,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  reason            text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now(),
  finished_at       timestamptz
);

-- Referral rewards are balance changes of their own kind.
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('order_payment', 're_sign_payment', 'top_up', 'refund', 'adjustment', 'referral_reward'));
