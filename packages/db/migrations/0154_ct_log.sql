-- Certificate Transparency (RFC 6962): the built-in log that the built-in CA submits every certificate it issues to,
-- and what certificate discovery needs besides: STARTTLS targets and alerts for certificates found in CT.

-- The log itself: one row. Its signing key (ECDSA P-256) is sealed like the CA keys; tree_size is the number of entries
-- and serialises submissions (an entry's index is the tree size its transaction found, under FOR UPDATE).
CREATE TABLE ct_log (
  id          integer PRIMARY KEY CHECK (id = 1),
  key_sealed  text NOT NULL,
  public_der  bytea NOT NULL,
  tree_size   bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Every entry, in log order: the MerkleTreeLeaf as hashed (leaf_input), its hash, the chain submitted (extra_data), and
-- what the monitor and the lookup read (names, serial, fingerprint, validity, issuer).
CREATE TABLE ct_entries (
  idx         bigint PRIMARY KEY,
  leaf_hash   bytea NOT NULL,
  leaf_input  bytea NOT NULL,
  extra_data  bytea NOT NULL,
  entry_type  text NOT NULL CHECK (entry_type IN ('x509', 'precert')),
  timestamp_ms bigint NOT NULL,
  sha256      text NOT NULL,
  serial      text NOT NULL,
  subject     text NOT NULL,
  issuer      text NOT NULL,
  names       jsonb NOT NULL DEFAULT '[]'::jsonb,
  not_before  timestamptz NOT NULL,
  not_after   timestamptz NOT NULL,
  -- Made by the built-in CA while issuing: its order's certificate row follows in a moment (the monitor waits for it).
  from_ca     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- The same certificate (or precertificate) submitted twice answers the first SCT (RFC 6962 §4.1).
  UNIQUE (entry_type, sha256)
);
CREATE INDEX ct_entries_leaf_hash ON ct_entries(leaf_hash);
CREATE INDEX ct_entries_serial ON ct_entries(serial);

-- The names of each entry, one row each (wildcards without their '*.'), so the monitor and the lookup find an
-- account's domains by index.
CREATE TABLE ct_entry_names (
  idx   bigint NOT NULL REFERENCES ct_entries(idx) ON DELETE CASCADE,
  name  text NOT NULL,
  PRIMARY KEY (name, idx)
);

-- Signed tree heads, one per tree size signed.
CREATE TABLE ct_sths (
  tree_size     bigint PRIMARY KEY,
  timestamp_ms  bigint NOT NULL,
  root_hash     bytea NOT NULL,
  signature     bytea NOT NULL
);

-- The CT monitor's position: entries below it have been checked against every account's domains.
CREATE TABLE ct_monitor (
  id        integer PRIMARY KEY CHECK (id = 1),
  next_idx  bigint NOT NULL DEFAULT 0
);
INSERT INTO ct_monitor (id, next_idx) VALUES (1, 0);

-- STARTTLS before the handshake, per port: {"2525": "smtp"}. A port not in it speaks TLS at once, or STARTTLS by its
-- well-known number (25/587 SMTP, 143 IMAP, 110 POP3).
ALTER TABLE discovery_targets ADD COLUMN starttls jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A certificate logged in CT for one of the account's names that the account did not order here.
ALTER TABLE discovery_alerts DROP CONSTRAINT discovery_alerts_kind_check;
ALTER TABLE discovery_alerts ADD CONSTRAINT discovery_alerts_kind_check CHECK (kind IN ('expiring', 'changed', 'chainInvalid', 'unreachable', 'notDeployed', 'ctUnexpected'));
ALTER TABLE discovery_alerts ADD COLUMN ct_idx bigint REFERENCES ct_entries(idx) ON DELETE CASCADE;
