import * as v from 'valibot';
import { expect } from 'vitest';
import { ActivityPageSchema, type ActivityPage } from '../../src/model/activity/activity';
import type { Database } from '../../server/db/database';
import { activityWhat } from '../../src/model/activity/activity-texts';
import { snapshot, type TestServer } from './support/harness';

/**
 * What the activity tests share. The suites' reseed leaves the trail alone (it is not one of the seed's tables, and
 * the append-only trigger refuses its DELETE), so each test starts from an empty trail the way the retention purge
 * empties it: in a transaction that says it purges.
 */
export async function clearTrail(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('activity.purge', 'on', true)`);
    await tx.query('DELETE FROM activity_entries');
    await tx.query('DELETE FROM activity_chain_anchors');
  });
}

export interface StoredEntry extends Record<string, unknown> {
  id: string | number;
  practice_id: string | number;
  actor_account_id: string | number | null;
  kind: string;
  object_type: string;
  object_id: string;
  object_label: string;
  detail: string | null;
  address: string | null;
  correlation_id: string | null;
}

export async function storedEntries(db: Database): Promise<StoredEntry[]> {
  return db.query<StoredEntry>('SELECT * FROM activity_entries ORDER BY id');
}

/** The entries' kind and object, in the order they were written. */
export async function storedKinds(db: Database): Promise<string[]> {
  return (await storedEntries(db)).map((entry) => `${entry.kind} ${entry.object_type}:${entry.object_id}`);
}

export async function activityPage(server: TestServer, token: string, query = '', path = '/Activity'): Promise<ActivityPage> {
  const answer = await server.call('GET', `${path}${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(ActivityPageSchema, answer.body);
}

export function filtersQuery(filters: readonly { column: string; operator: string; value: string }[], extra = ''): string {
  return `?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
}

/** A stored entry as the trail's screens word it ("added Nora Lindqvist to the team"). */
export const storedSentence = (entry: StoredEntry) =>
  activityWhat({
    kind: entry.kind,
    object: { type: entry.object_type, id: entry.object_id, label: entry.object_label },
    detail: entry.detail,
  });

/** Runs `change` while the trail refuses entries of `kind`: the change must fail whole (500, no table changed). */
export async function entryCannotBeWritten(db: Database, kind: string, change: () => Promise<unknown>): Promise<void> {
  await db.exec(`
    CREATE FUNCTION refuse_kind() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.kind = '${kind}' THEN RAISE EXCEPTION 'no entry'; END IF; RETURN NEW; END; $$;
    CREATE TRIGGER refuse_kind BEFORE INSERT ON activity_entries FOR EACH ROW EXECUTE FUNCTION refuse_kind();`);
  try {
    const before = await snapshot(db);
    await change();
    expect(await snapshot(db)).toBe(before);
    expect(await storedEntries(db)).toEqual([]);
  } finally {
    await db.exec('DROP TRIGGER refuse_kind ON activity_entries; DROP FUNCTION refuse_kind();');
  }
}
