-- Payments: the balance ledger, payments through a gateway, the built-in sandbox gateway's own book, batch payment queues.

-- Every change of accounts.balance, written in the same transaction as the change (services/payments/ledger.ts).
-- UNIQUE (kind, ref) makes applying one payment twice impossible: a second entry for the same order payment,
-- top-up or refund fails instead of moving money again.
CREATE TABLE ledger_entries (
  id             bigserial PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES accounts(id),
  amount         bigint NOT NULL CHECK (amount <> 0),
  balance_after  bigint NOT NULL CHECK (balance_after >= 0),
  kind           text NOT NULL CHECK (kind IN ('order_payment', 're_sign_payment', 'top_up', 'refund', 'adjustment')),
  ref            text NOT NULL,
  pay_way        text NOT NULL DEFAULT 'balance',
  remark         text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, ref)
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, id DESC);

-- One attempt to collect money outside the balance (an order or a top-up), as this server sees it.
-- The id is unguessable: it is the merchant reference the gateway echoes back in its callback.
CREATE TABLE payments (
  id            text PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id),
  purpose       text NOT NULL CHECK (purpose IN ('order', 're_sign', 'top_up')),
  order_nos     text[] NOT NULL DEFAULT '{}',
  pay_way       text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  currency      text NOT NULL DEFAULT 'CNY',
  gateway       text NOT NULL,
  provider_ref  text,
  -- Wallet flow (PayPal): the token the payer comes back with, to capture by.
  capture_token text UNIQUE,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'declined', 'expired')),
  -- What the pay call answered, so a repeated pay of the same thing answers the same live payment.
  result        jsonb,
  -- 'order_paid' or 'credited_to_balance' (the order was paid another way meanwhile) once succeeded.
  outcome       text NOT NULL DEFAULT '',
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_account ON payments(account_id, created_at DESC);
CREATE UNIQUE INDEX payments_provider_ref ON payments(gateway, provider_ref) WHERE provider_ref IS NOT NULL;

-- Callbacks that were refused or ignored (forged, late, wrong amount): kept for whoever investigates.
CREATE TABLE payment_callback_log (
  id          bigserial PRIMARY KEY,
  gateway     text NOT NULL,
  payment_id  text,
  verdict     text NOT NULL,
  detail      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The built-in sandbox gateway's own records: it stands in for a provider, so it keeps its own state
-- and only talks to the server through signed callbacks.
CREATE TABLE sandbox_payments (
  id              text PRIMARY KEY,
  merchant_ref    text NOT NULL UNIQUE,
  method          text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  -- Crypto methods: what the payer transfers, in the coin's cents, and to which address.
  coin_amount     bigint,
  address         text,
  subject         text NOT NULL DEFAULT '',
  page            text NOT NULL CHECK (page IN ('payment', 'deposit')),
  return_url      text NOT NULL DEFAULT '',
  -- PayPal flow: the token of the approval page and the payer id given on approval, captured afterwards.
  paypal_token    text UNIQUE,
  payer_id        text,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'succeeded', 'declined', 'expired')),
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);

-- Batch payment by balance: one queue per request, one item per order, each paid by its own job.
CREATE TABLE pay_queues (
  id          text PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id),
  total       integer NOT NULL CHECK (total > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pay_queues_account ON pay_queues(account_id, created_at DESC);

CREATE TABLE pay_queue_items (
  queue_id       text NOT NULL REFERENCES pay_queues(id) ON DELETE CASCADE,
  order_no       text NOT NULL,
  seq            integer NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'fail')),
  -- A message key and its values, translated when read, in the reader's language.
  reason_key     text,
  reason_params  jsonb,
  finished_at    timestamptz,
  PRIMARY KEY (queue_id, order_no)
);
