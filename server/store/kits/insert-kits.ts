import type { Queryable } from '../../db/database';

/**
 * Writing kits whole (the seed and the performance seed): each statement takes its rows as arrays
 * (`unnest`), so a batch of thousands of kits is a handful of statements and never meets PostgreSQL's
 * limit on parameters.
 */

export interface NewKit {
  readonly uid: string;
  readonly barcode: string;
  readonly externalBarcode: string | null;
  readonly practiceId: number;
  readonly orderId: number | null;
  readonly patientId: number | null;
  readonly productId: number;
  readonly createdAt: Date;
  readonly registeredAt: Date | null;
  /** The uid of the kit this one replaced; it is stored already or comes earlier in the same batch. */
  readonly sourceUid: string | null;
  /** In date order; the last entry is the kit's status. */
  readonly history: readonly { readonly status: number; readonly date: Date }[];
  readonly samples: readonly { readonly status: number; readonly processingDate: Date }[];
  readonly reports: readonly { readonly type: number; readonly name: string }[];
  readonly diagnostics: readonly { readonly fileName: string; readonly contentType: string; readonly bytes: Uint8Array }[];
}

/** Inserts the kits (a kit whose uid or barcode is taken is left out, children and all); answers how many were added. */
export async function insertKits(tx: Queryable, kits: readonly NewKit[]): Promise<number> {
  if (!kits.length) return 0;
  const last = (kit: NewKit) => {
    const entry = kit.history.at(-1);
    if (!entry) throw new Error(`Kit ${kit.uid} has no status history`);
    return entry;
  };
  const inserted = await tx.query<{ id: number; uid: string }>(
    `INSERT INTO kits (uid, barcode, external_barcode, practice_id, order_id, patient_id, product_id, status, status_date, created_at,
                       registered_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::timestamptz[],
                          $10::timestamptz[], $11::timestamptz[])
     ON CONFLICT DO NOTHING
     RETURNING id, uid`,
    [
      kits.map((kit) => kit.uid),
      kits.map((kit) => kit.barcode),
      kits.map((kit) => kit.externalBarcode),
      kits.map((kit) => kit.practiceId),
      kits.map((kit) => kit.orderId),
      kits.map((kit) => kit.patientId),
      kits.map((kit) => kit.productId),
      kits.map((kit) => last(kit).status),
      kits.map((kit) => last(kit).date.toISOString()),
      kits.map((kit) => kit.createdAt.toISOString()),
      kits.map((kit) => kit.registeredAt?.toISOString() ?? null),
    ],
  );
  const ids = new Map(inserted.map((row) => [row.uid, row.id]));
  const added = kits.filter((kit) => ids.has(kit.uid));
  const idOf = (kit: NewKit): number => ids.get(kit.uid) ?? 0;

  const replacing = added.filter((kit) => kit.sourceUid !== null);
  if (replacing.length) {
    // Within the practice only: a kit never names another practice's kit as the one it replaced.
    await tx.query(
      `UPDATE kits k SET source_kit_id = s.id
       FROM unnest($1::int[], $2::text[]) AS r(kit_id, source_uid)
       JOIN kits s ON s.uid = r.source_uid
       WHERE k.id = r.kit_id AND s.practice_id = k.practice_id`,
      [replacing.map(idOf), replacing.map((kit) => kit.sourceUid)],
    );
  }

  const history = added.flatMap((kit) => kit.history.map((entry) => [idOf(kit), entry.status, entry.date.toISOString()] as const));
  if (history.length) {
    await tx.query('INSERT INTO kit_status_history (kit_id, status, date) SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[])', [
      history.map((row) => row[0]),
      history.map((row) => row[1]),
      history.map((row) => row[2]),
    ]);
  }
  const samples = added.flatMap((kit) =>
    kit.samples.map((sample) => [idOf(kit), sample.status, sample.processingDate.toISOString()] as const),
  );
  if (samples.length) {
    await tx.query(
      'INSERT INTO kit_samples (kit_id, status, processing_date) SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[])',
      [samples.map((row) => row[0]), samples.map((row) => row[1]), samples.map((row) => row[2])],
    );
  }
  const reports = added.flatMap((kit) => kit.reports.map((report) => [idOf(kit), report.type, report.name] as const));
  if (reports.length) {
    await tx.query('INSERT INTO kit_reports (kit_id, type, name) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])', [
      reports.map((row) => row[0]),
      reports.map((row) => row[1]),
      reports.map((row) => row[2]),
    ]);
  }
  const files = added.flatMap((kit) =>
    kit.diagnostics.map((file) => [idOf(kit), file.fileName, file.contentType, Buffer.from(file.bytes).toString('base64')] as const),
  );
  if (files.length) {
    // The bytes travel as base64 text: an array of bytea does not pass through both drivers alike.
    await tx.query(
      `INSERT INTO kit_diagnostics (kit_id, file_name, content_type, bytes)
       SELECT kit_id, file_name, content_type, decode(bytes, 'base64') FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
         AS f(kit_id, file_name, content_type, bytes)`,
      [files.map((row) => row[0]), files.map((row) => row[1]), files.map((row) => row[2]), files.map((row) => row[3])],
    );
  }
  return added.length;
}
