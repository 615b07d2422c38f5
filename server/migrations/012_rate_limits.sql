-- Sign-in and forgot-password throttling (issue 13 item 3): one counter per key, the key naming the limit and
-- (as a digest) the username or address it counts. The counters live here rather than in a server's memory so
-- that several server instances sharing this database keep one count. A row whose reset_at has passed counts as
-- empty: the next hit starts a new window in the same statement, and the server deletes such rows now and then.

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  reset_at timestamptz NOT NULL
);

CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
