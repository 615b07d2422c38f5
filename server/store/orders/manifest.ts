import { manifestDateIso, type ManifestSample } from '../../../src/model/orders/manifest';
import type { Queryable } from '../../db/database';
import type { CatalogueProduct } from './catalogue';

/**
 * The sample rows of accepted manifests, each with its order and practice. Written inside the upload's
 * transaction, in chunks that stay far below PostgreSQL's limit of 65,535 parameters per statement.
 */

const COLUMNS = [
  'order_id',
  'practice_id',
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

function isoDate(text: string): string {
  const iso = manifestDateIso(text);
  // checkManifest accepted the row, so its dates are real; anything else is the server's own bug.
  if (iso === null) throw new Error(`A checked manifest date is not a date: ${text}`);
  return iso;
}

export async function insertManifestSamples(
  tx: Queryable,
  target: { readonly orderId: number; readonly practiceId: number; readonly productId: number },
  samples: readonly ManifestSample[],
): Promise<void> {
  for (let start = 0; start < samples.length; start += ROWS_PER_STATEMENT) {
    const chunk = samples.slice(start, start + ROWS_PER_STATEMENT);
    const tuples = chunk.map((_sample, r) => `(${COLUMNS.map((_column, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
    await tx.query(
      `INSERT INTO manifest_samples (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
      chunk.flatMap((sample) => [
        target.orderId,
        target.practiceId,
        sample.row,
        sample.uniqueId,
        target.productId,
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

export interface StoredSample {
  readonly row: number;
  readonly uniqueId: string;
  readonly orderNumber: string;
  readonly productId: number;
}

/** The practice's stored samples, oldest first; another practice's are never included. */
export async function listManifestSamples(q: Queryable, practiceId: number): Promise<StoredSample[]> {
  const rows = await q.query<{ row_number: number; unique_id: string; number: string; product_id: number }>(
    `SELECT s.row_number, s.unique_id, o.number, s.product_id
     FROM manifest_samples s JOIN orders o ON o.id = s.order_id
     WHERE s.practice_id = $1 AND o.practice_id = $1 ORDER BY s.id`,
    [practiceId],
  );
  return rows.map((row) => ({ row: row.row_number, uniqueId: row.unique_id, orderNumber: row.number, productId: row.product_id }));
}

/** The catalogue's products with these skus (any case), by id, spelled as the catalogue spells them. */
export async function productsBySku(q: Queryable, skus: readonly string[]): Promise<CatalogueProduct[]> {
  return q.query<CatalogueProduct & Record<string, unknown>>(
    `SELECT id, uid, name, description, sku, price::float8 AS price FROM products WHERE lower(sku) = ANY($1::text[]) ORDER BY id`,
    [skus.map((sku) => sku.toLowerCase())],
  );
}
