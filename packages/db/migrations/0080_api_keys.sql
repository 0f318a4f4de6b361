-- Developer access (/account/developer): the account agrees to the developer terms once, then holds API keys.
ALTER TABLE accounts ADD COLUMN developer_at timestamptz;

-- An API key acts for its account within its scope. Only the SHA-256 of the key is kept (the key is shown once);
-- prefix is its first characters, shown to recognise it. Rotating replaces hash and prefix in place (the old key
-- stops at once), revoking sets revoked_at. last_used_at is written at most once a minute per key (plugins/auth.ts).
CREATE TABLE api_keys (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name          text NOT NULL,
  scope         text NOT NULL CHECK (scope IN ('read', 'orders', 'full')),
  prefix        text NOT NULL,
  key_hash      text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  rotated_at    timestamptz,
  last_used_at  timestamptz,
  last_used_ip  text NOT NULL DEFAULT '',
  revoked_at    timestamptz
);
CREATE INDEX api_keys_account ON api_keys(account_id) WHERE revoked_at IS NULL;
