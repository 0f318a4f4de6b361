-- The coarse per-address limit on anonymous calls: one counter row per group and address, whose window starts at
-- the first call after the previous window ended. A single UPSERT counts a call, so the hot path is one statement,
-- and every server instance counts the same calls. UNLOGGED: a count needs no WAL nor a flush at commit (the call
-- costs a fraction of a millisecond instead of a disk sync); after a database crash the counters start from zero.
CREATE UNLOGGED TABLE ip_rate_counters (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL
);
CREATE INDEX ip_rate_counters_window ON ip_rate_counters (window_start);
