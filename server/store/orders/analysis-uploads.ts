import type { AnalysisOutcome, AnalysisOutcomeState } from '../../../src/model/orders/analysis';
import type { Queryable } from '../../db/database';

/**
 * Issue 42: the rows of the analysis uploads (migration 021). Every read names the practice, so that another
 * practice's upload id is as unknown as one never issued.
 */

export interface NewAnalysisUpload {
  readonly id: string;
  readonly practiceId: number;
  readonly accountId: number;
  readonly fileName: string;
  readonly size: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface AnalysisUploadRow {
  readonly id: string;
  readonly practiceId: number;
  readonly accountId: number;
  readonly fileName: string;
  readonly size: number;
  readonly state: AnalysisOutcomeState;
}

interface UploadRecord extends Record<string, unknown> {
  id: string;
  practice_id: number;
  account_id: number;
  file_name: string;
  size: string | number;
  state: AnalysisOutcomeState;
}

const uploadRow = (row: UploadRecord): AnalysisUploadRow => ({
  id: row.id,
  practiceId: row.practice_id,
  accountId: row.account_id,
  fileName: row.file_name,
  size: Number(row.size),
  state: row.state,
});

/** Taken before counting a practice's uploads under way, so that two creations at once cannot both pass the limit. */
export async function lockPracticeUploads(tx: Queryable, practiceId: number): Promise<void> {
  await tx.query('SELECT id FROM practices WHERE id = $1 FOR UPDATE', [practiceId]);
}

export async function countUploadsUnderWay(q: Queryable, practiceId: number, now: Date): Promise<number> {
  const [row] = await q.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM analysis_uploads WHERE practice_id = $1 AND state IN ('uploading', 'checking') AND expires_at > $2`,
    [practiceId, now],
  );
  return Number(row?.count ?? 0);
}

export async function insertUpload(tx: Queryable, upload: NewAnalysisUpload): Promise<void> {
  await tx.query(
    `INSERT INTO analysis_uploads (id, practice_id, account_id, file_name, size, state, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'uploading', $6, $7)`,
    [upload.id, upload.practiceId, upload.accountId, upload.fileName, upload.size, upload.createdAt, upload.expiresAt],
  );
}

/** The practice's upload, or null for an id it never had, one removed since, or an unfinished one past its time. */
export async function findUpload(q: Queryable, id: string, practiceId: number, now: Date): Promise<AnalysisUploadRow | null> {
  const [row] = await q.query<UploadRecord>(
    `SELECT id, practice_id, account_id, file_name, size, state FROM analysis_uploads
      WHERE id = $1 AND practice_id = $2 AND (state <> 'uploading' OR expires_at > $3)`,
    [id, practiceId, now],
  );
  return row ? uploadRow(row) : null;
}

/** Any practice's upload by its id: for the server's own work (the check, the sweep), never for a caller. */
export async function uploadById(q: Queryable, id: string): Promise<AnalysisUploadRow | null> {
  const [row] = await q.query<UploadRecord>(
    'SELECT id, practice_id, account_id, file_name, size, state FROM analysis_uploads WHERE id = $1',
    [id],
  );
  return row ? uploadRow(row) : null;
}

interface OutcomeRecord extends Record<string, unknown> {
  state: AnalysisOutcomeState;
  order_number: string | null;
  due_at: Date | string | null;
  message: string | null;
  problems: unknown;
}

/** GET …/Outcome: the upload's state and, once finished, its order or what was wrong. */
export async function readOutcome(q: Queryable, id: string, practiceId: number): Promise<AnalysisOutcome | null> {
  const [row] = await q.query<OutcomeRecord>(
    `SELECT u.state, o.number AS order_number, u.due_at, u.message, u.problems
       FROM analysis_uploads u LEFT JOIN orders o ON o.id = u.order_id
      WHERE u.id = $1 AND u.practice_id = $2`,
    [id, practiceId],
  );
  if (!row) return null;
  const problems = Array.isArray(row.problems) ? row.problems.filter((line): line is string => typeof line === 'string') : null;
  return {
    state: row.state,
    orderNumber: row.order_number,
    dueDate: row.due_at === null ? null : new Date(row.due_at).toISOString(),
    message: row.message,
    problems,
  };
}

/**
 * The last byte arrived: the upload is to be checked, by this server for `leaseMs`. False when it was not
 * 'uploading' (a repeated final PATCH), so that one archive is checked once.
 */
export async function startCheck(q: Queryable, id: string, leaseUntil: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE analysis_uploads SET state = 'checking', check_lease_until = $2 WHERE id = $1 AND state = 'uploading' RETURNING id`,
    [id, leaseUntil],
  );
  return rows.length === 1;
}

/** The uploads whose check lapsed (its server died), each claimed for this server for another lease. */
export async function claimLapsedChecks(q: Queryable, now: Date, leaseUntil: Date): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE analysis_uploads SET check_lease_until = $2
      WHERE id IN (SELECT id FROM analysis_uploads WHERE state = 'checking' AND check_lease_until < $1 LIMIT 10 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [now, leaseUntil],
  );
  return rows.map((row) => row.id);
}

export async function markAccepted(tx: Queryable, id: string, result: { orderId: number; dueAt: Date; keepUntil: Date }): Promise<void> {
  await tx.query(
    `UPDATE analysis_uploads SET state = 'accepted', order_id = $2, due_at = $3, expires_at = $4, check_lease_until = NULL WHERE id = $1`,
    [id, result.orderId, result.dueAt, result.keepUntil],
  );
}

export async function markRefused(
  q: Queryable,
  id: string,
  result: { message: string; problems: readonly string[]; keepUntil: Date },
): Promise<void> {
  await q.query(
    `UPDATE analysis_uploads SET state = 'refused', message = $2, problems = $3::jsonb, expires_at = $4, check_lease_until = NULL WHERE id = $1`,
    [id, result.message, JSON.stringify(result.problems), result.keepUntil],
  );
}

/** Uploads past their time: unfinished ones (their bytes go too) and finished ones whose outcome was kept long enough. */
export async function takeExpiredUploads(q: Queryable, now: Date): Promise<{ id: string; state: AnalysisOutcomeState }[]> {
  return q.query<{ id: string; state: AnalysisOutcomeState }>(
    `DELETE FROM analysis_uploads WHERE id IN (
       SELECT id FROM analysis_uploads WHERE state <> 'checking' AND expires_at <= $1 LIMIT 100 FOR UPDATE SKIP LOCKED
     ) RETURNING id, state`,
    [now],
  );
}

export async function deleteUpload(q: Queryable, id: string, practiceId: number): Promise<void> {
  await q.query('DELETE FROM analysis_uploads WHERE id = $1 AND practice_id = $2', [id, practiceId]);
}

/** The practice's samples already known by these names (an archive sent twice): their kits' barcodes. */
export async function knownSampleNames(q: Queryable, names: readonly string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await q.query<{ barcode: string }>('SELECT barcode FROM kits WHERE barcode = ANY($1::text[])', [names]);
  return new Set(rows.map((row) => row.barcode));
}
