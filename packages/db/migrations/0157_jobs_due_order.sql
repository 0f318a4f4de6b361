-- The claim takes the first due job in (run_at, id) order. PostgreSQL planned it from the job table's statistics,
-- which lag a burst (autovacuum analyses a minute later at best): believing one job due, it read every due job and
-- sorted them for each claim. While the worker gives way to people's calls (a payment rush), thousands wait, and each
-- claim cost ~2 ms of the database's CPU, growing with the backlog. Now the index is in the claim's own order, and the
-- claim is planned without sorting or bitmap scans, whatever the statistics say: the index hands over the first
-- unlocked due job and the scan stops there.
DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE status IN ('pending', 'running');

-- $1 the kinds the worker runs, $2 the lease in seconds, $3 the lease token.
CREATE FUNCTION claim_job(text[], double precision, text) RETURNS SETOF jobs LANGUAGE sql
  SET enable_sort = off SET enable_bitmapscan = off AS $$
  UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2), lease = $3, updated_at = now()
   WHERE id = (
     SELECT id FROM jobs
      WHERE kind = ANY($1) AND run_at <= now()
        AND (status = 'pending' OR (status = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;
