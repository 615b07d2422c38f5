import type { Kit } from '../../../src/model/kits/kit';
import { hasResultsReady, KIT_STATUS_CODES } from '../../../src/model/kits/kit-status';
import type { Queryable } from '../../db/database';
import { findKit, KIT_FROM, KIT_ROW_COLUMNS, kitsOf, type DiagnosticsLink, type KitRow } from './read-kits';

/**
 * The patient portal's own kits (kits §7 GET /Kits/My, GET /Kits/{barcode}/My, GET /Reports/My): the kits a
 * patient registered, read whole as the provider side reads them. The patient is the practice's `patients`
 * row whose account is the signed-in one; every query is filtered by the practice and by that patient.
 */

/** Whose kits: the signed-in account's practice and its patient record there. */
export interface PatientScope {
  readonly practiceId: number;
  readonly patientId: number;
}

/** The codes whose display status is Result Ready (kits §4 "results ready"), as the model decides them. */
const RESULT_READY_CODES: readonly number[] = KIT_STATUS_CODES.filter((code) => hasResultsReady(code));

/** The practice's patient record of this account, or null when the account has none there. */
export async function patientScopeOf(q: Queryable, accountId: number, practiceId: number): Promise<PatientScope | null> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM patients WHERE account_id = $1 AND practice_id = $2', [
    accountId,
    practiceId,
  ]);
  return row ? { practiceId, patientId: row.id } : null;
}

async function ownKits(q: Queryable, scope: PatientScope, fileLink: DiagnosticsLink, readyOnly: boolean): Promise<Kit[]> {
  const params: unknown[] = [scope.practiceId, scope.patientId];
  if (readyOnly) params.push(RESULT_READY_CODES);
  const rows = await q.query<KitRow>(
    `SELECT ${KIT_ROW_COLUMNS} FROM ${KIT_FROM}
     WHERE k.practice_id = $1 AND k.patient_id = $2 ${readyOnly ? 'AND k.status = ANY($3::int[])' : ''}
     ORDER BY ${readyOnly ? 'k.status_date, k.id' : 'k.created_at DESC, k.id DESC'}`,
    params,
  );
  return kitsOf(scope.practiceId, rows, fileLink);
}

/** Every kit the patient registered, newest first (the provider list's default order). */
export function listMyKits(q: Queryable, scope: PatientScope, fileLink: DiagnosticsLink): Promise<Kit[]> {
  return ownKits(q, scope, fileLink, false);
}

/**
 * The patient's kits whose results are ready, each with its reports, oldest result first: the Reports
 * screen's default order (kits §2, §9), by the date the kit reached its status.
 */
export function listMyReports(q: Queryable, scope: PatientScope, fileLink: DiagnosticsLink): Promise<Kit[]> {
  return ownKits(q, scope, fileLink, true);
}

/** The patient's kit with this barcode, or else this uid; null for none, and for a kit the patient did not register. */
export function findMyKit(q: Queryable, scope: PatientScope, barcodeOrUid: string, fileLink: DiagnosticsLink): Promise<Kit | null> {
  return findKit(q, scope.practiceId, barcodeOrUid, fileLink, { patientId: scope.patientId });
}
