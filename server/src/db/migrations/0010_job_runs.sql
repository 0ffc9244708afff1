-- When each periodic job that must run once for all API instances last started. An instance runs
-- such a job only if it claims the run: the start is older than the job's interval (one clock: the
-- database's). Today: the payment audit.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL
);
