import type { Queryable } from '../../db/database';

/** What the trail names an object by, where the route that records the event has not read it already. */

/** The barcode of the practice's kit that holds this diagnostics file; null for none. */
export async function diagnosticsFileKit(q: Queryable, practiceId: number, fileId: number): Promise<string | null> {
  const [row] = await q.query<{ barcode: string }>(
    'SELECT k.barcode FROM kit_diagnostics d JOIN kits k ON k.id = d.kit_id WHERE k.practice_id = $1 AND d.id = $2',
    [practiceId, fileId],
  );
  return row?.barcode ?? null;
}
