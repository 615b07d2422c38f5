/**
 * Ordering §2, §5 and §8 for the manifest (bulk) upload page: every word of the page, the texts the specification
 * quotes exactly as it writes them, and the reasons a file or a row is refused, which the specification describes
 * without quoting. The client's preview and the server's 400 show the same reasons, since both check with
 * src/model/orders/manifest.ts. Each column's help in the instructions is manifest-column-help.ts.
 */

/** Texts the specification quotes. */
export const ManifestSpecText = {
  uploadFailed: 'Failed to process bulk orders. Please fix formatting or missing fields and re-upload.',
  uploaded: 'Bulk orders uploaded successfully',
  addPaymentMethod: 'Please add a payment method before uploading',
  selectFile: 'Please select a file',
  chargeNote: 'You will be charged per sample not per file',
} as const;

/** Why a file cannot be read as a manifest at all (readManifestSheet). */
export const ManifestFileText = {
  empty: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than ${limitMb} MB. Split it into smaller files.`,
  wrongType: 'Only .xlsx, .xls and .csv files are accepted.',
  notSpreadsheet: (kind: string) => `The file is not a readable ${kind} spreadsheet. Save it from your spreadsheet program again.`,
  noSheets: 'The workbook has no sheets.',
  unpacksTooLarge: (limitMb: number) => `The workbook unpacks to more than ${limitMb} MB, more than a manifest can hold.`,
  formula: (cell: string) => `Formulas are not allowed; paste values instead (cell ${cell}).`,
  longCell: (cell: string, limit: number) => `Cell ${cell} is longer than ${limit} characters.`,
  tooManyRows: (limit: string) => `The file has more than ${limit} rows. Split it into smaller files.`,
} as const;

/** Why a row (or the header row) is refused (checkManifest); each error names its row and column. */
export const ManifestRowText = {
  missingColumn: (column: string) => `The template column "${column}" is missing`,
  noRows: 'The file has no sample rows under the header',
  required: (column: string) => `${column} is required`,
  uniqueIdFormat: 'Unique ID must be at least 6 letters or digits, with no spaces or symbols',
  uniqueIdRepeated: (id: string, firstRow: number) => `Unique ID ${id} appears twice in this file (first in row ${firstRow})`,
  /** The server's check against the samples the practice registered before (issue 40 point 2). */
  uniqueIdRegistered: (id: string) => `Unique ID ${id} is already registered`,
  /** The template's example row, sent unchanged (its Unique ID is the template's example one). */
  exampleRow: 'This is the template’s example row: replace it with one of your samples or delete it',
  unknownProduct: (known: readonly string[]) => `Product ID must be one of: ${known.join(', ')}`,
  /** The server offers no product for a Product ID the ordering document names. */
  productNotOffered: (id: string) => `Product ID ${id} cannot be ordered with a manifest for this account`,
  dateFormat: (column: string) => `${column} must be a date written MM/DD/YYYY`,
  notADate: (column: string) => `${column} is not a real calendar date`,
  future: (column: string) => `${column} cannot be in the future`,
  dobAfterCollection: 'DOB cannot be after the Date of Collection',
  sex: 'Sex must be F or M',
  positiveNumber: (column: string) => `${column} must be a number above 0`,
  /** Issue 37 item 7: OWASP's CSV injection rule (manifest-formulas.ts). */
  formulaStart: (column: string) =>
    `${column} cannot start with =, +, -, @, a tab or a carriage return, which a spreadsheet would run as a formula`,
  /** Issue 37 item 6: NUL and other control characters, which the database and the spreadsheet cannot hold. */
  controlCharacter: (column: string) => `${column} contains a character that is not allowed`,
  /** The name of a column whose header names none (blank, or itself refused). */
  columnAt: (letters: string) => `Column ${letters}`,
} as const;

/** The downloadable list of row errors. */
export const ManifestCsvText = {
  header: 'Row,Column,Reason',
  fileName: 'manifest-errors.csv',
} as const;

/** Why the server refuses an upload request before reading its file. */
export const ManifestUploadText = {
  field: 'Send exactly one file, in the multipart/form-data field "manifest", and no other field',
} as const;

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
