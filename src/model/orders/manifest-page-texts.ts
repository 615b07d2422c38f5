/**
 * Ordering §2 "Manifest Upload" and issue 9 items 4 and 5: the page's own words. The texts the specification
 * quotes for the upload (the tooltips, the charge note, the §8 messages) are H4's `ManifestSpecText`, used as
 * they are; the texts here are the ones the specification names without quoting (headings, labels, the preview).
 */

import { ManifestColumn, type ManifestColumnName } from './manifest';

export const ManifestPageText = {
  title: 'Manifest Upload',
  // Ordering §2: "subtitle about uploading multiple orders with the Excel template".
  subtitle: 'Upload multiple orders at once with the Excel template.',
  step: (n: number) => `Step ${n}`,
  downloadTemplate: 'Download Template',
  setupPaymentMethod: 'Setup Payment Method',
  uploadYourFile: 'Upload Your File',
  uploadFile: 'Upload File',
  uploading: 'Uploading...',
  hcpTemplate: 'HCP template',
  researchTemplate: 'Research and sample processing template',
  templateIntro: 'Fill in one row per sample, then upload the file in the last step.',
  templateXlsx: 'Excel (.xlsx)',
  templateCsv: 'CSV (.csv)',
  /** Said to screen readers: the template opens in a new tab (WCAG 3.2.5). */
  newTab: '(opens in a new tab)',
  instructions: 'Instructions',
  instructionsTitle: 'Manifest Instructions',
  instructionsIntro: 'Each row of the template is one sample. The columns:',
  column: 'Column',
  meaning: 'What to enter',
  close: 'Close',
  chooseFile: 'Choose File',
  fileInputLabel: 'Manifest file (.xlsx, .xls or .csv)',
  noFile: 'No file chosen',
  selectedFile: (name: string) => `Selected file: ${name}`,
  checking: 'Checking the rows...',
  checkingTooltip: 'The rows of the file are being checked',
  fixRowsTooltip: 'Fix the rows listed below, then choose the corrected file',
  ready: (count: number) => (count === 1 ? '1 row ready to upload' : `${count} rows ready to upload`),
  previewCaption: (shown: number, count: number) =>
    shown < count ? `The first ${shown} of ${count} rows` : count === 1 ? 'The row to upload' : `The ${count} rows to upload`,
  rowErrorsTitle: (count: number) => (count === 1 ? '1 problem to fix before uploading' : `${count} problems to fix before uploading`),
  rowErrorsCaption: 'Rows to fix',
  row: 'Row',
  reason: 'Reason',
  downloadErrors: 'Download errors (CSV)',
  unreadableTitle: 'This file cannot be read',
  checkFailed: 'The file could not be checked. Choose it again or choose another file.',
  uploadedRedirect: 'Taking you to your orders...',
  /** Ordering §8 toast for a failed bulk upload. */
  uploadFailedToast: 'Failed to process bulk orders',
} as const;

/**
 * The instructions modal: what each template column takes, from ordering §2 ("Template columns", the product
 * IDs, sample types) and §5 (Unique ID at least 6 letters or digits, dates MM/DD/YYYY, sex F or M).
 */
export function manifestColumnHelp(column: string, productIds: readonly string[]): string {
  const help: Record<ManifestColumnName, string> = {
    [ManifestColumn.uniqueId]: 'At least 6 letters or digits.',
    [ManifestColumn.productId]: productIds.length ? `One of: ${productIds.join(', ')}.` : 'A product ID of the catalogue.',
    [ManifestColumn.collectionDate]: 'The date the sample was collected, written MM/DD/YYYY.',
    [ManifestColumn.dob]: 'Date of birth, written MM/DD/YYYY.',
    [ManifestColumn.sex]: 'F or M.',
    [ManifestColumn.clinicId]: 'Filled by the provider.',
    [ManifestColumn.type]: 'Optional. The sample type.',
    [ManifestColumn.concentration]: 'Optional. The concentration in ug/mL.',
    [ManifestColumn.volume]: 'Optional. The volume in uL.',
    [ManifestColumn.patientExternalId]: 'Optional. Your own ID of the patient.',
  };
  return Object.entries(help).find(([name]) => name === column)?.[1] ?? '';
}
