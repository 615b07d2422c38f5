import { MANIFEST_EXAMPLE_UNIQUE_ID, MANIFEST_PRODUCT_IDS, ManifestColumn, manifestColumns, type ManifestKind } from './manifest';
import { UnitType } from '../enums';

/**
 * Ordering §2 "Download Template": one template for HCP and one for everyone else, served by the API as
 * .xlsx and .csv. The example row holds obviously made-up values; dates are text written MM/DD/YYYY.
 */

export type ManifestTemplateFormat = 'xlsx' | 'csv';

export const MANIFEST_TEMPLATE_MEDIA_TYPES: Readonly<Record<ManifestTemplateFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The path under the API base, e.g. /Orders/bulk/Templates/hcp.xlsx. */
export function manifestTemplatePath(kind: ManifestKind, format: ManifestTemplateFormat): string {
  return `/Orders/bulk/Templates/${kind}.${format}`;
}

/** The name the browser saves the template under. */
export function manifestTemplateFileName(kind: ManifestKind, format: ManifestTemplateFormat): string {
  return `manifest-template-${kind}.${format}`;
}

/** The kind and format a template path's last part names, or null for any other name. */
export function parseManifestTemplateFile(file: string): { kind: ManifestKind; format: ManifestTemplateFormat } | null {
  const match = /^(hcp|research)\.(xlsx|csv)$/.exec(file);
  const kind = match?.[1];
  const format = match?.[2];
  if ((kind !== 'hcp' && kind !== 'research') || (format !== 'xlsx' && format !== 'csv')) return null;
  return { kind, format };
}

/** The example row: its Unique ID marks it (MANIFEST_EXAMPLE_UNIQUE_ID), so it is refused if uploaded unchanged. */
const EXAMPLE: Readonly<Record<string, string>> = {
  [ManifestColumn.uniqueId]: MANIFEST_EXAMPLE_UNIQUE_ID,
  [ManifestColumn.collectionDate]: '01/15/2026',
  [ManifestColumn.dob]: '01/01/1980',
  [ManifestColumn.sex]: 'F',
  [ManifestColumn.clinicId]: 'CLINIC01',
  [ManifestColumn.type]: 'Saliva',
  [ManifestColumn.concentration]: '50',
  [ManifestColumn.volume]: '20',
  [ManifestColumn.patientExternalId]: 'EXAMPLE01',
};

/** The header row and one example row, naming the first of the template's Product IDs. */
export function manifestTemplateRows(kind: ManifestKind): string[][] {
  const columns = manifestColumns(kind === 'hcp' ? UnitType.HCP : UnitType.CPS);
  const exampleProductId = MANIFEST_PRODUCT_IDS[kind][0] ?? '';
  return [[...columns], columns.map((column) => (column === ManifestColumn.productId ? exampleProductId : (EXAMPLE[column] ?? '')))];
}
