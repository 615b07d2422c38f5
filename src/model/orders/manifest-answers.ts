import * as v from 'valibot';

/**
 * Ordering §7: what POST /Orders/bulk answers, `true` or a 400 listing each bad cell; the server sends these
 * and the client reads them, so both use the one definition.
 */

export const ManifestRowErrorSchema = v.object({
  row: v.pipe(v.number(), v.description('The spreadsheet row number the user sees; the header row is 1')),
  column: v.pipe(v.string(), v.description('The template column, or empty for the whole file')),
  reason: v.string(),
});

/** The contract: `true` when every row was accepted and stored. */
export const ManifestUploadAnswerSchema = v.pipe(v.literal(true), v.description('Every row was accepted and the orders were created'));

/** A 400 for bad rows: the usual error body plus each bad cell; read leniently, like every failure body. */
export const ManifestUploadFailureSchema = v.looseObject({
  error: v.nullish(v.looseObject({ message: v.nullish(v.string()) })),
  correlationId: v.nullish(v.string()),
  rowErrors: v.nullish(v.array(ManifestRowErrorSchema)),
});
