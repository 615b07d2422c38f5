-- Issue 43: the lock tus takes on an analysis upload while it serves a request for it (HEAD, PATCH, DELETE), held in
-- the database so that it holds across servers: two servers behind one address never write one upload at once. The
-- holder renews locked_until while it holds the lock; a server that dies leaves it to lapse. A request that wants the
-- lock sets release_requested, and the holder, which looks for it while it renews, ends its request (tus's
-- "request release"), as a client resuming after a dropped connection needs. The row goes when the lock is released.
CREATE TABLE analysis_upload_locks (
  upload_id text PRIMARY KEY,
  -- A random id of one lock taken: only its holder renews or releases it.
  holder text NOT NULL,
  locked_until timestamptz NOT NULL,
  release_requested boolean NOT NULL DEFAULT false
);
