import type { ManifestRowError } from './manifest';
import { csvField } from './manifest-formulas';
import { ManifestCsvText } from './manifest-texts';

/**
 * The row errors as the CSV file the page offers to download (issue 9 item 5). A column is named from the
 * user's own header and a reason may quote the catalogue's skus, so each field is escaped (issue 37 item 7).
 */
export function manifestErrorsCsv(errors: readonly ManifestRowError[]): string {
  const lines = errors.map((error) => [String(error.row), error.column, error.reason].map(csvField).join(','));
  return [ManifestCsvText.header, ...lines].join('\r\n') + '\r\n';
}
