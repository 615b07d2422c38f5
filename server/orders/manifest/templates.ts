import * as XLSX from '@e965/xlsx';
import { manifestTemplateRows, type ManifestTemplateFormat } from '../../../src/model/orders/manifest-templates';
import type { ManifestKind } from '../../../src/model/orders/manifest';
import { escapeFormula } from '../../../src/model/orders/manifest-formulas';

/**
 * The manifest templates as real spreadsheet files (ordering §2 "Download Template"), written with the
 * kept SheetJS build. Every cell is text, so the example dates stay MM/DD/YYYY in any locale. Every cell is
 * escaped as every file the portal writes is (issue 37 item 7), so that no later change of the example can make
 * a cell a spreadsheet would run as a formula.
 */
export function manifestTemplateBytes(kind: ManifestKind, format: ManifestTemplateFormat): Uint8Array<ArrayBuffer> {
  const rows = manifestTemplateRows(kind).map((row) => row.map(escapeFormula));
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (format === 'csv') return new TextEncoder().encode(XLSX.utils.sheet_to_csv(sheet, { RS: '\r\n' }) + '\r\n');
  // Wide enough to read each header without resizing the column.
  sheet['!cols'] = (rows[0] ?? []).map((header) => ({ wch: Math.max(12, header.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Manifest');
  const written: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true });
  if (!(written instanceof ArrayBuffer)) throw new Error('SheetJS wrote no ArrayBuffer');
  return new Uint8Array(written);
}
