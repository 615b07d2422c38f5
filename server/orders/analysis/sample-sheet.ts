import { AnalysisArchiveText, sampleName } from '../../../src/model/orders/analysis';

/**
 * The sample sheet an archive may carry: Illumina's own layout ([Header], [Manifests], [Data] sections, the data's
 * header row naming Sentrix_ID and Sentrix_Position among other columns) or a plain table with those columns. It is
 * only read, never evaluated, so a cell that looks like a spreadsheet formula is just text here.
 */

/** Rows of a CSV text: fields split by the delimiter, "quoted" fields may hold it, line breaks and "" for a quote. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The samples a sheet names, `{Sentrix_ID}_{Sentrix_Position}`, or null when no row names both columns. The data end
 * at the next [Section] line; blank rows are skipped. Excel in some locales saves ";"-separated files, so a sheet
 * without the header row on commas is tried with ";" and tabs before it counts as having none.
 */
export function sheetSamples(text: string): string[] | null {
  for (const delimiter of [',', ';', '\t']) {
    const samples = samplesOf(parseCsv(text, delimiter));
    if (samples) return samples;
  }
  return null;
}

function samplesOf(rows: readonly string[][]): string[] | null {
  const headerIndex = rows.findIndex((row) => columnOf(row, 'sentrix_id') >= 0 && columnOf(row, 'sentrix_position') >= 0);
  const header = rows[headerIndex];
  if (!header) return null;
  const idColumn = columnOf(header, 'sentrix_id');
  const positionColumn = columnOf(header, 'sentrix_position');
  const samples: string[] = [];
  for (const row of rows.slice(headerIndex + 1)) {
    if (/^\[.*\]$/.test((row[0] ?? '').trim())) break;
    const id = (row[idColumn] ?? '').trim();
    const position = (row[positionColumn] ?? '').trim();
    if (id === '' && position === '') continue;
    samples.push(sampleName(id, position));
  }
  return samples;
}

function columnOf(row: readonly string[], name: string): number {
  return row.findIndex((cell) => cell.trim().toLowerCase() === name);
}

/** What is wrong with a sheet next to the archive's complete pairs: each pair named once, nothing else named. */
export function sampleSheetProblems(text: string, pairs: ReadonlySet<string>): string[] {
  const named = sheetSamples(text);
  if (!named) return [AnalysisArchiveText.sheetColumns];
  const namedSet = new Set(named);
  return [
    ...[...pairs].filter((sample) => !namedSet.has(sample)).map(AnalysisArchiveText.sheetMissing),
    ...[...namedSet].filter((sample) => !pairs.has(sample)).map(AnalysisArchiveText.sheetExtra),
  ];
}
