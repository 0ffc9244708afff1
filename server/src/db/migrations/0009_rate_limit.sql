-- Request counts of the rate limit, one row per client key and fixed window, shared by every API
-- instance on this database. UNLOGGED: a count is worth nothing after a crash, so it skips the WAL
-- (and is not copied to replicas). Each instance deletes the windows that have ended.
CREATE UNLOGGED TABLE rate_limit_hits (
  key text NOT NULL,
  window_index bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_index)
);
