-- Fencing of job runs: each claim writes a fresh lease token, and a run may finish, retry or fail its job only
-- while the row still carries that token. A run that outlived its lease (and was claimed again by another
-- worker) can then no longer overwrite the newer run's outcome.
ALTER TABLE jobs ADD COLUMN lease text;
-- Finished jobs are deleted after a retention period: the sweep finds them by status and age.
CREATE INDEX jobs_finished ON jobs (updated_at) WHERE status IN ('done', 'failed');
