-- Certificate discovery and monitoring (/certhub/discovery): what an account asks to be scanned, what each scan saw,
-- and every certificate seen, once per fingerprint, linked to the order that bought it when it was bought here.

-- How often and how hard a set of targets is scanned. Every account gets a default profile on its first target.
CREATE TABLE discovery_profiles (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name         text NOT NULL,
  every_hours  integer NOT NULL DEFAULT 24 CHECK (every_hours BETWEEN 1 AND 720),
  timeout_ms   integer NOT NULL DEFAULT 5000 CHECK (timeout_ms BETWEEN 500 AND 30000),
  concurrency  integer NOT NULL DEFAULT 8 CHECK (concurrency BETWEEN 1 AND 32),
  enabled      boolean NOT NULL DEFAULT true,
  last_run_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
);

-- A host name, an IP address or a CIDR range, with the ports to try on each address.
CREATE TABLE discovery_targets (
  id          serial PRIMARY KEY,
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  profile_id  integer NOT NULL REFERENCES discovery_profiles(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('host', 'ip', 'cidr')),
  value       text NOT NULL,
  ports       jsonb NOT NULL DEFAULT '[443]'::jsonb,
  group_name  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, value)
);
CREATE INDEX discovery_targets_profile ON discovery_targets(profile_id);

-- Every certificate an account's scans saw, once per SHA-256 fingerprint; order_id when one of its orders bought it.
CREATE TABLE discovery_certs (
  id              serial PRIMARY KEY,
  account_id      integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  sha256          text NOT NULL,
  serial          text NOT NULL,
  subject         text NOT NULL,
  issuer          text NOT NULL,
  names           jsonb NOT NULL DEFAULT '[]'::jsonb,
  key_algorithm   text NOT NULL,
  key_size        integer NOT NULL,
  not_before      timestamptz NOT NULL,
  not_after       timestamptz NOT NULL,
  self_signed     boolean NOT NULL,
  pem             text NOT NULL,
  chain_pem       text NOT NULL DEFAULT '',
  trusted         boolean NOT NULL,
  order_id        integer REFERENCES orders(id) ON DELETE SET NULL,
  certificate_id  integer REFERENCES certificates(id) ON DELETE SET NULL,
  first_seen      timestamptz NOT NULL DEFAULT now(),
  last_seen       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, sha256)
);
CREATE INDEX discovery_certs_expiry ON discovery_certs(account_id, not_after);

-- One address:port (with the SNI name asked) a target expands to, and what its last scan saw there.
CREATE TABLE discovery_endpoints (
  id            serial PRIMARY KEY,
  account_id    integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  target_id     integer NOT NULL REFERENCES discovery_targets(id) ON DELETE CASCADE,
  profile_id    integer NOT NULL REFERENCES discovery_profiles(id) ON DELETE CASCADE,
  host          text NOT NULL,
  port          integer NOT NULL,
  ip            text NOT NULL DEFAULT '',
  state         text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ok', 'unreachable', 'expired', 'untrusted', 'mismatch')),
  protocol      text NOT NULL DEFAULT '',
  error         text NOT NULL DEFAULT '',
  cert_id       integer REFERENCES discovery_certs(id) ON DELETE SET NULL,
  previous_cert_id integer REFERENCES discovery_certs(id) ON DELETE SET NULL,
  changed_at    timestamptz,
  last_scan_at  timestamptz,
  next_scan_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (target_id, host, port)
);
CREATE INDEX discovery_endpoints_due ON discovery_endpoints(profile_id, next_scan_at);
CREATE INDEX discovery_endpoints_cert ON discovery_endpoints(cert_id);

-- What the scans found worth saying, once per dedupe key (a threshold crossed, a change seen); sent as inform.send.
CREATE TABLE discovery_alerts (
  id           serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('expiring', 'changed', 'chainInvalid', 'unreachable', 'notDeployed')),
  endpoint_id  integer REFERENCES discovery_endpoints(id) ON DELETE CASCADE,
  cert_id      integer REFERENCES discovery_certs(id) ON DELETE SET NULL,
  detail       jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, dedupe)
);
CREATE INDEX discovery_alerts_recent ON discovery_alerts(account_id, id DESC);
