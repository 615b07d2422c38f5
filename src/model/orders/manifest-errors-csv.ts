import type { ManifestRowProblem } from './manifest-answers';
import { csvField } from './manifest-formulas';
import { ManifestCsvText } from './manifest-texts';

/**
 * The row errors as the CSV file the page offers to download (issue 9 item 5). A column is named from the
 * user's own header and a reason may quote a Unique ID or the service's own words, so each field is escaped
 * (issue 37 item 7). The page's rows and the service's (which may name no row) are written alike.
 */
export function manifestErrorsCsv(errors: readonly ManifestRowProblem[]): string {
  const lines = errors.map((error) => [error.row === null ? '' : String(error.row), error.column, error.reason].map(csvField).join(','));
  return [ManifestCsvText.header, ...lines].join('\r\n') + '\r\n';
}
