-- The coarse per-address limit on anonymous calls: one counter row per (group and address, minute), bumped by
-- a single UPSERT, so the hot path is one statement and every server instance counts the same requests.
CREATE TABLE ip_rate_counters (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX ip_rate_counters_window ON ip_rate_counters (window_start);
