/**
 * The reference server's own texts for kits, reports and diagnostics files: the refusals of a signed link
 * and the labels of the demonstration report document. The documents give none of them.
 */

export const SignedLinkText = {
  expired: 'This link has expired. Open it again from the kit’s page to get a new one.',
  altered: 'This link is not valid. Open it again from the kit’s page.',
} as const;

export const ReportDocumentText = {
  title: (report: string, barcode: string) => `${report} report · ${barcode}`,
  heading: (report: string) => `${report} report`,
  notice:
    'A demonstration report of the reference server: it shows the kit’s details as the laboratory holds them and carries no medical results.',
  logo: (practice: string) => `${practice} logo`,
  practice: 'Practice',
  kit: 'Kit',
  externalBarcode: 'External barcode',
  product: 'Product',
  registrant: 'Registrant',
  dateOfBirth: 'Date of birth',
  report: 'Report',
  resultReady: 'Result ready',
  notGiven: 'Not given',
} as const;
