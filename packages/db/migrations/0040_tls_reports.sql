-- Site TLS audits (tools "report"): one row per scan of host:port, filled by the durable job 'tls.report'.
-- The id is random: a report is shared inside the product by its link, never enumerated.
CREATE TABLE tls_reports (
  id            text PRIMARY KEY,
  account_id    integer REFERENCES accounts(id) ON DELETE SET NULL,
  host          text NOT NULL,
  port          integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  -- The address checked public when the scan was asked for; the scan connects to this one only
  -- (a name that re-resolves to an internal address meanwhile cannot redirect it).
  ip            text,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  grade         text,
  -- Everything observed (protocols, suites, chain, HSTS, OCSP) and the graded reasons, as message keys and values.
  result        jsonb,
  error_key     text,
  error_params  jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz
);
-- "Latest report of a host" and "same host scanned in the last 2 minutes".
CREATE INDEX tls_reports_host ON tls_reports(host, port, created_at DESC);
