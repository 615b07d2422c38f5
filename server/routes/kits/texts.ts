/**
 * The reference server's own texts for kits, reports and diagnostics files: the refusals of a signed link and of
 * a report that cannot be made. The documents give none of them; the report's own words are in server/reports/texts.ts.
 */

export const SignedLinkText = {
  expired: 'This link has expired. Open it again from the kit’s page to get a new one.',
  altered: 'This link is not valid. Open it again from the kit’s page.',
} as const;

export const ReportRefusalText = {
  noResults: 'This kit has no results yet, so there is no report to open. Reports open once the kit is Result Ready.',
  noReport: (barcode: string) => `Kit ${barcode} has no report of this type. Open one of the reports its page lists.`,
} as const;
