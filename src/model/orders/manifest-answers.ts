import * as v from 'valibot';

/**
 * Ordering §7: what POST /Orders/bulk answers, `true` or a 400 listing each bad cell; the server sends these
 * and the client reads them, so both use the one definition. Read leniently (contract decisions): a real
 * service may name a row without a column, say a `message` instead of a `reason`, or answer no rows at all.
 */

/** A row number as a number or a string of digits (the client keeps identifiers as received). */
const RowNumberSchema = v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^[0-9]+$/), v.transform(Number))]);

export const ManifestRowErrorSchema = v.looseObject({
  row: v.nullish(v.pipe(RowNumberSchema, v.description('The spreadsheet row number the user sees; the header row is 1'))),
  column: v.nullish(v.pipe(v.string(), v.description('The template column, or empty for the whole file'))),
  reason: v.nullish(v.pipe(v.string(), v.description('Why the row is refused'))),
  message: v.nullish(v.pipe(v.string(), v.description('What a service that writes no `reason` says instead'))),
});

/** The contract: `true` when every row was accepted and stored. */
export const ManifestUploadAnswerSchema = v.pipe(
  v.literal(true),
  v.description('Every row was accepted: the order and its samples were created'),
);

/** A 400 for bad rows: the usual error body plus each bad cell; read leniently, like every failure body. */
export const ManifestUploadFailureSchema = v.looseObject({
  error: v.nullish(v.looseObject({ message: v.nullish(v.string()) })),
  correlationId: v.nullish(v.string()),
  rowErrors: v.nullish(v.array(ManifestRowErrorSchema)),
});

/** A row error as the page shows it; a service that names no row leaves the row empty. */
export interface ManifestRowProblem {
  readonly row: number | null;
  readonly column: string;
  readonly reason: string;
}

/** The row errors of a failure body, each as the page shows it; an entry that says nothing (no reason, no message) is left out. */
export function manifestRowProblems(body: unknown): ManifestRowProblem[] {
  const parsed = v.safeParse(ManifestUploadFailureSchema, body);
  if (!parsed.success || !parsed.output.rowErrors) return [];
  return parsed.output.rowErrors.flatMap((entry) => {
    const reason = entry.reason || entry.message;
    return reason ? [{ row: entry.row ?? null, column: entry.column ?? '', reason }] : [];
  });
}
