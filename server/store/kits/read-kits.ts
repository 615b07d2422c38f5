import type { Kit } from '../../../src/model/kits/kit';
import type { Queryable } from '../../db/database';

/**
 * Reading stored kits whole, as KitSchema reads them: the detail (findKit), the list's page (listKits) and
 * the patient portal's own kits (my-kits) select kit rows over KIT_FROM and hand them here. Every query is filtered by the practice, and a
 * kit's order, registrant and source count only when they are the same practice's.
 */

export const KIT_FROM = `kits k
  JOIN products p ON p.id = k.product_id
  LEFT JOIN orders o ON o.id = k.order_id AND o.practice_id = k.practice_id
  LEFT JOIN patients pt ON pt.id = k.patient_id AND pt.practice_id = k.practice_id
  LEFT JOIN kits src ON src.id = k.source_kit_id AND src.practice_id = k.practice_id`;

/**
 * A kit's history, samples, reports and diagnostics files, each as a JSON array in its order, for the kit whose id
 * `kitId` names: select-list subqueries, so that a kit is one row and any number of kits one query.
 */
export const childLists = (kitId: string) => `
  (SELECT coalesce(json_agg(json_build_object('status', c.status, 'date', c.date) ORDER BY c.date, c.id), '[]')
     FROM kit_status_history c WHERE c.kit_id = ${kitId}) AS history,
  (SELECT coalesce(json_agg(json_build_object('status', c.status, 'processingDate', c.processing_date) ORDER BY c.processing_date, c.id), '[]')
     FROM kit_samples c WHERE c.kit_id = ${kitId}) AS samples,
  (SELECT coalesce(json_agg(json_build_object('type', c.type, 'name', c.name) ORDER BY c.type, c.id), '[]')
     FROM kit_reports c WHERE c.kit_id = ${kitId}) AS reports,
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'fileName', c.file_name) ORDER BY c.id), '[]')
     FROM kit_diagnostics c WHERE c.kit_id = ${kitId}) AS files`;

/** A kit's own columns over KIT_FROM. A date of birth is read as text: it is a day, not an instant. */
export const KIT_COLUMNS = `k.id, k.uid, k.barcode, k.external_barcode, k.status, k.status_date, k.created_at, k.registered_at,
  o.number AS order_number, p.id AS product_id, p.name AS product_name, p.description AS product_description,
  pt.uid AS patient_uid, pt.first_name, pt.last_name, pt.external_id, to_char(pt.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  src.uid AS source_uid, src.barcode AS source_barcode`;

/** The columns kitsOf needs, for a SELECT over KIT_FROM: a kit whole in one row. */
export const KIT_ROW_COLUMNS = `${KIT_COLUMNS},${childLists('k.id')}`;

export interface KitRow extends Record<string, unknown> {
  id: number;
  uid: string;
  barcode: string;
  external_barcode: string | null;
  status: number;
  status_date: Date;
  created_at: Date;
  registered_at: Date | null;
  order_number: string | null;
  product_id: number;
  product_name: string;
  product_description: string | null;
  patient_uid: string | null;
  first_name: string | null;
  last_name: string | null;
  external_id: string | null;
  date_of_birth: string | null;
  source_uid: string | null;
  source_barcode: string | null;
  history: { status: number; date: string }[];
  samples: { status: number; processingDate: string }[];
  reports: { type: number; name: string }[];
  files: { id: number; fileName: string }[];
}

/** Where a diagnostics file can be downloaded: the routes sign the link, the store only names the file. */
export type DiagnosticsLink = (practiceId: number, fileId: number) => string;

/** An instant as JSON carries it (PostgreSQL's own offset notation), in the contract's ISO 8601 UTC form. */
const isoInstant = (value: string): string => new Date(value).toISOString();

/** A day as the contract's dates are written: an ISO 8601 date-time, at midnight UTC. */
function dayAsDateTime(day: string | null): string | null {
  return day ? `${day}T00:00:00.000Z` : null;
}

/** The kits of these rows (selected with KIT_ROW_COLUMNS) as KitSchema reads them, in the rows' order. */
export function kitsOf(practiceId: number, rows: readonly KitRow[], fileLink: DiagnosticsLink): Kit[] {
  return rows.map((kit) => ({
    uid: kit.uid,
    barcode: kit.barcode,
    externalBarcode: kit.external_barcode,
    order: kit.order_number === null ? null : { orderNumber: kit.order_number },
    registeredAt: kit.registered_at?.toISOString() ?? null,
    createdAt: kit.created_at.toISOString(),
    status: { status: kit.status, date: kit.status_date.toISOString() },
    statusHistory: kit.history.map((entry) => ({ status: entry.status, date: isoInstant(entry.date) })),
    registrant:
      kit.patient_uid === null
        ? null
        : {
            uid: kit.patient_uid,
            firstName: kit.first_name,
            lastName: kit.last_name,
            externalId: kit.external_id,
            dateOfBirth: dayAsDateTime(kit.date_of_birth),
          },
    product: { id: kit.product_id, name: kit.product_name, description: kit.product_description },
    samples: kit.samples.map((sample) => ({ status: sample.status, processingDate: isoInstant(sample.processingDate) })),
    reports: kit.reports,
    diagnostics: kit.files.map((file) => ({ ...file, fileUrl: fileLink(practiceId, file.id) })),
    source: kit.source_barcode === null ? null : { uid: kit.source_uid, barcode: kit.source_barcode },
    // Only the kit's own call (findKit) reads its manifest row: a list has no room to show it.
    manifestSample: null,
  }));
}

/** Narrows a lookup further than the practice: to the kits one of its patients registered (the patient portal's own). */
export interface KitLookupScope {
  readonly patientId?: number;
}

/**
 * The practice's kit with this barcode, or else with this uid (contract decisions: the detail route takes
 * either); null for none, and for another practice's kit. With a patient in the scope, a kit the patient did not
 * register is as absent as none too.
 */
export async function findKit(
  q: Queryable,
  practiceId: number,
  barcodeOrUid: string,
  fileLink: DiagnosticsLink,
  { patientId }: KitLookupScope = {},
): Promise<Kit | null> {
  const own = patientId === undefined ? '' : 'AND k.patient_id = $3';
  const rows = await q.query<KitRow>(
    `SELECT ${KIT_ROW_COLUMNS} FROM ${KIT_FROM}
     WHERE k.practice_id = $1 AND (k.barcode = $2 OR k.uid = $2) ${own}
     ORDER BY (k.barcode = $2) DESC LIMIT 1`,
    patientId === undefined ? [practiceId, barcodeOrUid] : [practiceId, barcodeOrUid, patientId],
  );
  const [kit] = kitsOf(practiceId, rows, fileLink);
  if (!kit) return null;
  return { ...kit, manifestSample: await manifestSampleOf(q, practiceId, kit.uid) };
}

/** The manifest row that registered this kit (issue 40 point 2), or null for a kit that is not a manifest's sample. */
async function manifestSampleOf(q: Queryable, practiceId: number, kitUid: string): Promise<Kit['manifestSample']> {
  const [row] = await q.query<{
    collection_date: string;
    dob: string;
    sex: string;
    clinic_id: string;
    sample_type: string | null;
    concentration: number | null;
    volume: number | null;
    patient_external_id: string | null;
  }>(
    `SELECT to_char(ms.collection_date, 'YYYY-MM-DD') AS collection_date, to_char(ms.dob, 'YYYY-MM-DD') AS dob, ms.sex,
       ms.clinic_id, ms.sample_type, ms.concentration::float8 AS concentration, ms.volume::float8 AS volume, ms.patient_external_id
     FROM manifest_samples ms JOIN kits k ON k.id = ms.kit_id
     WHERE k.practice_id = $1 AND ms.practice_id = $1 AND k.uid = $2`,
    [practiceId, kitUid],
  );
  if (!row) return null;
  return {
    collectionDate: row.collection_date,
    dateOfBirth: row.dob,
    sex: row.sex,
    clinicId: row.clinic_id,
    type: row.sample_type,
    concentration: row.concentration,
    volume: row.volume,
    patientExternalId: row.patient_external_id,
  };
}
