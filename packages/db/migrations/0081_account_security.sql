-- Account security (/account/secure): sessions get a public id (the token hash never leaves the server), re-auth
-- proofs for changing the phone or e-mail, authenticator recovery codes, and WeChat sign-in binding with its
-- OAuth state and the built-in sandbox provider's authorization codes. All in the database: every instance agrees.
ALTER TABLE sessions ADD COLUMN id bigserial;
CREATE UNIQUE INDEX sessions_id ON sessions(id);

-- Proof that the signed-in user just re-authenticated (a code through the current phone or e-mail, or the
-- password), good for one change of a phone or e-mail within minutes, in the session that earned it.
CREATE TABLE security_proofs (
  token_hash    text PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_hash  text NOT NULL,
  via           text NOT NULL CHECK (via IN ('tel', 'email', 'password')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX security_proofs_account ON security_proofs(account_id);

-- One-time authenticator recovery codes, stored hashed; a new set replaces the old one.
CREATE TABLE recovery_codes (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX recovery_codes_account ON recovery_codes(account_id);

-- A WeChat user (openid of the provider) bound to at most one account, and an account to at most one.
CREATE TABLE wechat_bindings (
  account_id  integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  provider    text NOT NULL,
  openid      text NOT NULL,
  nickname    text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, openid)
);

-- The OAuth state of a binding in progress: tied to the session that started it, single use.
CREATE TABLE oauth_states (
  state_hash    text PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_hash  text NOT NULL,
  provider      text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

-- The sandbox WeChat provider's authorization codes (what a real provider keeps on its side).
CREATE TABLE wechat_sandbox_codes (
  code_hash   text PRIMARY KEY,
  openid      text NOT NULL,
  nickname    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
