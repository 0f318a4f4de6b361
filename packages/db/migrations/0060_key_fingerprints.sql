-- Fingerprints of the keys sealed data depends on (HMAC-SHA256 of a fixed label under the key, which does not
-- reveal it): a server started with another master key refuses to start instead of failing to open secrets later.
CREATE TABLE key_fingerprints (
  name         text PRIMARY KEY,
  fingerprint  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
