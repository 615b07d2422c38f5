import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_HEADER } from '../../src/model/activity/activity-csv';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { purgeActivity } from '../../server/store/activity/purge';
import { recordActivity, type ActivityContext } from '../../server/store/activity/record';
import { verifyActivityChains } from '../../server/store/activity/verify';
import { START, useTestServer } from './support/harness';
import { clearTrail, storedEntries } from './activity-support';
import { OWNER, tokenFor } from './suites/kits-fixtures.suite';

/**
 * Issue 44 item 1: the trail is append-only in the database, each practice's rows form a hash chain that the check
 * (`npm run activity:check`) walks, naming the first edited or unlinked row, and the retention purge leaves chains the
 * check still passes. The CSV export escapes every cell a spreadsheet would run.
 */

const server = useTestServer('pglite');
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  // Signing in writes its own entry (issue 44): the tokens the tests use are signed in once, before the trail is cleared.
  for (const username of [OWNER]) await tokenFor(server(), username);
  await clearTrail(server().db);
});

function context(practiceId: number, at: Date): ActivityContext {
  return { practiceId, accountId: 110, address: '203.0.113.9', correlationId: 'chain-test', at };
}

/** Five entries a day apart for Riverside, interleaved with three for Lakeside. */
async function writeEntries(): Promise<void> {
  for (let day = 0; day < 5; day += 1) {
    const at = new Date(START.getTime() + day * DAY_MS);
    await server().db.transaction(async (tx) => {
      await recordActivity(tx, context(PRACTICE_IDS.riverside, at), {
        kind: 'patient.viewed',
        object: { type: 'patient', id: String(day), label: `patient #${day}` },
      });
      if (day < 3)
        await recordActivity(tx, context(PRACTICE_IDS.lakeside, at), {
          kind: 'order.placed',
          object: { type: 'order', id: `N${day}`, label: `N${day}` },
        });
    });
  }
}

/** Changes the trail as someone bypassing the trigger would (the trigger's own escape hatch). */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  await server().db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('activity.purge', 'on', true)`);
    await tx.query(sql, params);
  });
}

async function riversideIds(): Promise<number[]> {
  return (await storedEntries(server().db))
    .filter((row) => Number(row.practice_id) === PRACTICE_IDS.riverside)
    .map((row) => Number(row.id));
}

const brokenOf = async (practiceId: number) =>
  (await verifyActivityChains(server().db)).find((report) => report.practiceId === practiceId)?.broken;

describe('the chain', () => {
  it('is intact after entries of two practices are written, each chain on its own', async () => {
    await writeEntries();
    expect(await verifyActivityChains(server().db)).toEqual(
      [
        { practiceId: PRACTICE_IDS.riverside, rows: 5, broken: null },
        { practiceId: PRACTICE_IDS.lakeside, rows: 3, broken: null },
      ].sort((a, b) => a.practiceId - b.practiceId),
    );
  });

  it('the database refuses an UPDATE, a DELETE and a TRUNCATE of the trail', async () => {
    await writeEntries();
    await expect(server().db.query(`UPDATE activity_entries SET object_label = 'x'`)).rejects.toThrow(/append-only/);
    await expect(server().db.query('DELETE FROM activity_entries')).rejects.toThrow(/append-only/);
    await expect(server().db.query('TRUNCATE activity_entries')).rejects.toThrow(/append-only/);
    expect(await storedEntries(server().db)).toHaveLength(8);
  });

  it('names an edited row', async () => {
    await writeEntries();
    const ids = await riversideIds();
    await tamper(`UPDATE activity_entries SET object_label = 'patient #99' WHERE id = $1`, [ids[2]]);
    expect(await brokenOf(PRACTICE_IDS.riverside)).toEqual({ kind: 'edited', id: ids[2] });
    expect(await brokenOf(PRACTICE_IDS.lakeside)).toBeNull();
  });

  it('names the row after a deleted one, and a deleted first row', async () => {
    await writeEntries();
    const ids = await riversideIds();
    await tamper('DELETE FROM activity_entries WHERE id = $1', [ids[2]]);
    expect(await brokenOf(PRACTICE_IDS.riverside)).toEqual({ kind: 'unlinked', id: ids[3], afterId: ids[1] });
    await clearTrail(server().db);
    await writeEntries();
    const again = await riversideIds();
    await tamper('DELETE FROM activity_entries WHERE id = $1', [again[0]]);
    expect(await brokenOf(PRACTICE_IDS.riverside)).toEqual({ kind: 'unlinked', id: again[1], afterId: null });
  });

  it('a rehashed edit is still found: the next row no longer links to it', async () => {
    await writeEntries();
    const ids = await riversideIds();
    await tamper(`UPDATE activity_entries SET hash = repeat('0', 64) WHERE id = $1`, [ids[1]]);
    expect(await brokenOf(PRACTICE_IDS.riverside)).toEqual({ kind: 'edited', id: ids[1] });
  });
});

describe('the retention purge', () => {
  it('deletes what is past the retention, leaves chains the check passes, and a new entry links on', async () => {
    await writeEntries();
    const ids = await riversideIds();
    // Four days after START with a retention of two days: days 0 and 1 are older than the cutoff (day 2).
    const now = new Date(START.getTime() + 4 * DAY_MS);
    expect(await purgeActivity(server().db, now, 2)).toBe(4);
    expect(await riversideIds()).toEqual(ids.slice(2));
    expect((await verifyActivityChains(server().db)).every((report) => report.broken === null)).toBe(true);
    await server().db.transaction((tx) =>
      recordActivity(tx, context(PRACTICE_IDS.lakeside, now), { kind: 'order.placed', object: { type: 'order', id: 'N9', label: 'N9' } }),
    );
    expect((await verifyActivityChains(server().db)).every((report) => report.broken === null)).toBe(true);
  });

  it('a chain purged whole keeps its anchor, so the next entry links to it', async () => {
    await writeEntries();
    const now = new Date(START.getTime() + 30 * DAY_MS);
    expect(await purgeActivity(server().db, now, 1)).toBe(8);
    await server().db.transaction((tx) =>
      recordActivity(tx, context(PRACTICE_IDS.riverside, now), {
        kind: 'patient.viewed',
        object: { type: 'patient', id: '7', label: 'patient #7' },
      }),
    );
    expect(await brokenOf(PRACTICE_IDS.riverside)).toBeNull();
  });

  it('the oldest kept rows deleted by anyone but the purge are found', async () => {
    await writeEntries();
    const ids = await riversideIds();
    await purgeActivity(server().db, new Date(START.getTime() + 4 * DAY_MS), 2);
    await tamper('DELETE FROM activity_entries WHERE id = $1', [ids[2]]);
    expect(await brokenOf(PRACTICE_IDS.riverside)).toEqual({ kind: 'unlinked', id: ids[3], afterId: ids[1] });
  });
});

describe('GET /Activity/export', () => {
  it('is a CSV of the practice’s entries with every formula-like cell escaped', async () => {
    const hostile = { type: 'kit', id: '@SUM(A1)', label: '=HYPERLINK("http://evil.example","x")' };
    await server().db.transaction((tx) =>
      recordActivity(
        tx,
        { ...context(PRACTICE_IDS.riverside, START), address: '-2+3', correlationId: '\tcmd' },
        { kind: 'report.opened', object: hostile, detail: '+cmd|calc' },
      ),
    );
    await server().db.transaction((tx) =>
      recordActivity(tx, context(PRACTICE_IDS.lakeside, START), {
        kind: 'order.placed',
        object: { type: 'order', id: 'LAKE', label: 'LAKE' },
      }),
    );
    const response = await server().app.request('/portalApi/Activity/export', {
      headers: { Authorization: `Bearer ${await tokenFor(server(), OWNER)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="activity-2026-03-02\.csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(ACTIVITY_CSV_HEADER.map((name) => `"${name}"`).join(','));
    expect(lines).toHaveLength(2);
    const row = lines[1] ?? '';
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(row).toContain(`"'@SUM(A1)"`);
    expect(row).toContain(`"'+cmd|calc"`);
    expect(row).toContain(`"'-2+3"`);
    expect(row).toContain(`"'\tcmd"`);
    expect(row).not.toContain('LAKE');
    for (const cell of row.slice(1, -1).split('","')) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
