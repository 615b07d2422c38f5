-- E-mail (issue 39): the outbox of messages and every attempt to hand one to the SMTP server. A message's row is
-- written in the same transaction as the change that causes it, so no message is lost nor sent for a change that
-- rolled back. Senders on any number of servers claim due rows with FOR UPDATE SKIP LOCKED and hold them until
-- `locked_until`, so each message goes out once.
CREATE TABLE mail_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The Message-ID's left part: the same on every retry, so a receiving server can drop a repeat.
  uid text NOT NULL UNIQUE,
  -- Which template renders it: passwordRestore, invitation, resultReady, …
  kind text NOT NULL,
  -- The stored address the message goes to, copied when it is queued: a request never chooses it.
  recipient text NOT NULL,
  person_id text REFERENCES people (id) ON DELETE SET NULL,
  -- `{ content, headers }`: what the template needs (names, links) and the message's extra headers
  -- (List-Unsubscribe). It may hold a one-time link, so it is emptied once the message is sent or has failed; the
  -- subject, written when the message is first rendered, is kept for the operators.
  content jsonb NOT NULL,
  subject text,
  -- pending (waiting for its next attempt), sent, or failed (refused for good, or attempts used up).
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- Why a failed message failed, in the SMTP server's words where it gave any.
  failure text
);

CREATE INDEX mail_messages_due_idx ON mail_messages (next_attempt_at) WHERE state = 'pending';

CREATE TABLE mail_attempts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id integer NOT NULL REFERENCES mail_messages (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  -- The SMTP server's reply code, or null when none came (refused or dropped connection, time-out).
  smtp_code integer,
  error text,
  duration_ms integer NOT NULL,
  UNIQUE (message_id, attempt)
);
