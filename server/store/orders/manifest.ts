import { randomUUID } from 'node:crypto';
import { KitStatus } from '../../../src/model/kits/kit-status';
import { manifestDateIso, uniqueIdKey, type ManifestSample } from '../../../src/model/orders/manifest';
import type { Queryable } from '../../db/database';
import { insertKits, type NewKit } from '../kits/insert-kits';
import type { CatalogueProduct } from './catalogue';

/**
 * The samples of accepted manifests (issue 40 point 2): each row is a kit of the upload's order, its barcode the
 * row's Unique ID, and a manifest_samples row keeps what the kit has no column for (collection date, DOB, sex,
 * clinic id, the research columns). Written inside the upload's transaction, in chunks that stay far below
 * PostgreSQL's limit of 65,535 parameters per statement.
 */

const COLUMNS = [
  'order_id',
  'practice_id',
  'kit_id',
  'row_number',
  'unique_id',
  'product_id',
  'collection_date',
  'dob',
  'sex',
  'clinic_id',
  'sample_type',
  'concentration',
  'volume',
  'patient_external_id',
] as const;
const ROWS_PER_STATEMENT = 1000;

/**
 * Kits §3 and §4: a registered sample the lab has not received yet is Registered (HealthAssessmentCompleted, the
 * timeline's first step, before Sample Received).
 */
export const MANIFEST_SAMPLE_STATUS = KitStatus.HealthAssessmentCompleted;

function isoDate(text: string): string {
  const iso = manifestDateIso(text);
  // checkManifest accepted the row, so its dates are real; anything else is the server's own bug.
  if (iso === null) throw new Error(`A checked manifest date is not a date: ${text}`);
  return iso;
}

export interface ManifestSampleTarget {
  readonly orderId: number;
  readonly practiceId: number;
  readonly now: Date;
  /** The product each sample's Product ID names (every one is known: the route refused the others). */
  readonly productOf: (sample: ManifestSample) => CatalogueProduct;
}

/** Each sample as a kit of the order, then its manifest row naming that kit. */
export async function insertManifestSamples(
  tx: Queryable,
  target: ManifestSampleTarget,
  samples: readonly ManifestSample[],
): Promise<void> {
  const kits: NewKit[] = samples.map((sample) => ({
    uid: randomUUID(),
    barcode: sample.uniqueId,
    externalBarcode: null,
    practiceId: target.practiceId,
    orderId: target.orderId,
    patientId: null,
    productId: target.productOf(sample).id,
    createdAt: target.now,
    registeredAt: target.now,
    sourceUid: null,
    history: [{ status: MANIFEST_SAMPLE_STATUS, date: target.now }],
    samples: [],
    reports: [],
    diagnostics: [],
  }));
  const added = await insertKits(tx, kits);
  // The route checked every Unique ID under the practice's lock, so a kit left out is the server's own bug.
  if (added !== kits.length) throw new Error(`Only ${added} of the manifest's ${kits.length} samples were stored as kits`);
  const kitIds = new Map(
    (await tx.query<{ id: number; uid: string }>('SELECT id, uid FROM kits WHERE uid = ANY($1::text[])', [kits.map((kit) => kit.uid)])).map(
      (row) => [row.uid, row.id],
    ),
  );

  for (let start = 0; start < samples.length; start += ROWS_PER_STATEMENT) {
    const chunk = samples.slice(start, start + ROWS_PER_STATEMENT);
    const tuples = chunk.map((_sample, r) => `(${COLUMNS.map((_column, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
    await tx.query(
      `INSERT INTO manifest_samples (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
      chunk.flatMap((sample, r) => [
        target.orderId,
        target.practiceId,
        kitIds.get(kits[start + r]?.uid ?? '') ?? null,
        sample.row,
        sample.uniqueId,
        target.productOf(sample).id,
        isoDate(sample.collectionDate),
        isoDate(sample.dob),
        sample.sex,
        sample.clinicId,
        sample.type,
        sample.concentration,
        sample.volume,
        sample.patientExternalId,
      ]),
    );
  }
}

/**
 * Which of these Unique IDs the practice has registered already, as uniqueIdKey spells them: a kit's barcode, or a
 * sample of a manifest stored before samples became kits. Another practice's samples never count.
 */
export async function registeredUniqueIds(q: Queryable, practiceId: number, uniqueIds: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(uniqueIds.map(uniqueIdKey))];
  if (!keys.length) return new Set();
  const rows = await q.query<{ key: string }>(
    `SELECT upper(barcode) AS key FROM kits WHERE practice_id = $1 AND upper(barcode) = ANY($2::text[])
     UNION SELECT upper(unique_id) FROM manifest_samples WHERE practice_id = $1 AND upper(unique_id) = ANY($2::text[])`,
    [practiceId, keys],
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * Holds the practice's row until the transaction ends, so that two manifests of one practice are checked and stored
 * one after the other and never register the same Unique ID twice.
 */
export async function lockPracticeSamples(tx: Queryable, practiceId: number): Promise<void> {
  await tx.query('SELECT id FROM practices WHERE id = $1 FOR UPDATE', [practiceId]);
}

export interface StoredSample {
  readonly row: number;
  readonly uniqueId: string;
  readonly orderNumber: string;
  readonly productId: number;
  /** The kit the sample is, by its barcode; null for a sample stored before samples became kits. */
  readonly barcode: string | null;
}

/** The practice's stored samples, oldest first; another practice's are never included. */
export async function listManifestSamples(q: Queryable, practiceId: number): Promise<StoredSample[]> {
  const rows = await q.query<{ row_number: number; unique_id: string; number: string; product_id: number; barcode: string | null }>(
    `SELECT s.row_number, s.unique_id, o.number, s.product_id, k.barcode
     FROM manifest_samples s JOIN orders o ON o.id = s.order_id
     LEFT JOIN kits k ON k.id = s.kit_id AND k.practice_id = s.practice_id
     WHERE s.practice_id = $1 AND o.practice_id = $1 ORDER BY s.id`,
    [practiceId],
  );
  return rows.map((row) => ({
    row: row.row_number,
    uniqueId: row.unique_id,
    orderNumber: row.number,
    productId: row.product_id,
    barcode: row.barcode,
  }));
}

/** The catalogue's products with these skus (any case), by id, spelled as the catalogue spells them. */
export async function productsBySku(q: Queryable, skus: readonly string[]): Promise<CatalogueProduct[]> {
  return q.query<CatalogueProduct & Record<string, unknown>>(
    `SELECT id, uid, name, description, sku, price::float8 AS price FROM products WHERE lower(sku) = ANY($1::text[]) ORDER BY id`,
    [skus.map((sku) => sku.toLowerCase())],
  );
}
