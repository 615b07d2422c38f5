-- Issue 44 item 1: the activity trail. One row per event that matters, written in the same transaction as the change
-- it describes, so a change that fails (rolls back) leaves no entry and an entry always names a change that happened.
--
-- Every row belongs to a practice's chain (a patient's own entries go into their practice's chain too: the practice is
-- who answers for the patient's data, and one chain per practice keeps the check simple). Each row carries the SHA-256
-- of its own content and the previous row's hash (prev_hash; the first row of a chain has the empty text), computed by
-- server/store/activity/chain.ts, so an edited row no longer matches its hash and a deleted one breaks the link of the
-- row after it. `npm run activity:check` walks every chain.
--
-- No foreign keys to accounts, patients, kits or orders: the trail outlives what it names (a deleted patient's trail
-- stays, and a cascade would be a DELETE the trigger below refuses). Nor does it copy a person's name: the actor is
-- an account id, named when read, so deactivation removes the person from the trail's display without editing it.
CREATE TABLE activity_entries (
  id bigserial PRIMARY KEY,
  practice_id bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- The signed-in account that acted; null when nobody signed in acted (a signed link opened by its holder).
  actor_account_id bigint,
  kind text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  -- What people read for the object: a kit's barcode, an order's number.
  object_label text NOT NULL,
  -- What the event adds about the object: the report's name.
  detail text,
  address text,
  correlation_id text,
  prev_hash text NOT NULL,
  hash text NOT NULL
);

-- A chain in its order (the previous row's hash, the check), the practice's trail newest first, and the entries of one
-- object (a kit's, a patient's or an order's page).
CREATE INDEX activity_entries_chain_idx ON activity_entries (practice_id, id);
CREATE INDEX activity_entries_practice_idx ON activity_entries (practice_id, occurred_at DESC, id DESC);
CREATE INDEX activity_entries_object_idx ON activity_entries (practice_id, object_type, object_id, occurred_at DESC);
CREATE INDEX activity_entries_actor_idx ON activity_entries (actor_account_id, occurred_at DESC);

-- Where a purge left each chain: the hash of the last row it deleted, so the check starts the kept rows from it.
-- Without this a deletion of a chain's oldest rows would look like a purge.
CREATE TABLE activity_chain_anchors (
  practice_id bigint PRIMARY KEY,
  last_purged_id bigint NOT NULL,
  last_purged_hash text NOT NULL,
  purged_at timestamptz NOT NULL
);

-- Append-only, enforced by the database for whoever writes: a trigger rather than a role's grants, because the server
-- connects as one role that also owns its tables (and PGlite has no roles to separate), so only a trigger refuses
-- an UPDATE or DELETE from the server's own code. The retention purge alone may delete, and move the anchors, inside
-- a transaction that sets activity.purge (server/store/activity/purge.ts). Anyone able to change the trigger can
-- still edit rows: that is what the hash chain is for.
CREATE FUNCTION activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('activity.purge', true), '') = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'the activity trail is append-only (% refused)', TG_OP;
END;
$$;

CREATE TRIGGER activity_entries_append_only BEFORE UPDATE OR DELETE ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_append_only();
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON activity_entries
  FOR EACH STATEMENT EXECUTE FUNCTION activity_append_only();
CREATE TRIGGER activity_chain_anchors_append_only BEFORE UPDATE OR DELETE ON activity_chain_anchors
  FOR EACH ROW EXECUTE FUNCTION activity_append_only();
