import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { resetDatabase } from '../../server/seed/seed';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { changeKitStatus } from '../../server/store/kits/kit-status';
import type { KitStatus } from '../../src/model/kits/kit-status';
import { openTestDatabase } from './support/harness';
import { kitToMove, NOTICE_LINKS } from './support/webhook-fixtures';

/**
 * A barcode is unique within its practice only (migration 017: a manifest's Unique ID is the practice's own name for
 * its sample). The lab's status change (scripts/kit-status.ts, the test route) may name no practice: it must then
 * never change whichever of two practices' kits came first.
 */
describe('a kit status change when two practices use one barcode', () => {
  let db: Database;
  let barcode: string;
  let status: KitStatus;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    await resetDatabase(db);
    ({ barcode, status } = await kitToMove(db, PRACTICE_IDS.riverside));
    // Lakeside names one of its own kits with Riverside's barcode, as a manifest's Unique ID may.
    const [other] = await db.query<{ id: number }>('SELECT id FROM kits WHERE practice_id = $1 ORDER BY id LIMIT 1', [
      PRACTICE_IDS.lakeside,
    ]);
    await db.query('UPDATE kits SET barcode = $1 WHERE id = $2', [barcode, other?.id]);
  });
  afterAll(async () => {
    await db.close();
  });

  const statuses = () =>
    db.query<{ practice_id: number; status: number }>('SELECT practice_id, status FROM kits WHERE barcode = $1 ORDER BY practice_id', [
      barcode,
    ]);

  it('is refused without the practice, and changes neither kit', async () => {
    const before = await statuses();
    expect(before).toHaveLength(2);
    await expect(changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: new Date() })).rejects.toThrow(
      `Kit ${barcode} is registered by 2 practices: name the practice whose kit to change`,
    );
    expect(await statuses()).toStrictEqual(before);
  });

  it('changes only the named practice’s kit', async () => {
    const before = await statuses();
    await changeKitStatus(db, { links: NOTICE_LINKS, barcode, status, date: new Date(), practiceId: PRACTICE_IDS.riverside });
    expect(await statuses()).toStrictEqual(before.map((kit) => (kit.practice_id === PRACTICE_IDS.riverside ? { ...kit, status } : kit)));
  });
});
