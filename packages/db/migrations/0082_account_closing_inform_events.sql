-- Closing an account (/account/manage): the row stays, with its orders and ledger, for the records; sign-in is refused.
ALTER TABLE accounts ADD COLUMN closed_at timestamptz;

-- Notification events (/account/notify). balance_low_sent: the low-balance reminder went out and the balance has not
-- come back to the threshold since, so it goes out once per crossing.
ALTER TABLE accounts ADD COLUMN balance_low_sent boolean NOT NULL DEFAULT false;

-- The addresses each account has signed in from: a sign-in from one not listed is "from a new address".
CREATE TABLE account_addresses (
  account_id     integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  ip             text NOT NULL,
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, ip)
);
INSERT INTO account_addresses (account_id, ip, first_seen_at)
  SELECT account_id, ip, min(created_at) FROM sessions WHERE ip <> '' GROUP BY account_id, ip
  ON CONFLICT DO NOTHING;
