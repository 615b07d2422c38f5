import { idKey, type Id } from '../id';

/**
 * Ordering §3: the built-in What's Included lists and the example-report links of the five catalogue
 * products. The lists keep the document's wording; the reports are demo pages the reference server
 * builds from its product data, so the client holds only how many each product has.
 */

export const WHATS_INCLUDED: Readonly<Record<number, readonly string[]>> = {
  1: [
    'epigenetic age',
    'organ-system age',
    'pace of aging',
    'telomere length',
    'immune cell composition',
    'inflammation markers',
    'fitness age',
    'smoking and alcohol status',
  ],
  78: ['nutrient and functional health report'],
  79: ['combined age and health report'],
  74: ['genetic SNP and polygenic risk report'],
  47: ['pharmacogenomic drug-response report'],
};

/** Ordering §3: "79 has two, the others one each". */
export const EXAMPLE_REPORT_COUNTS: Readonly<Record<number, number>> = { 1: 1, 78: 1, 79: 2, 74: 1, 47: 1 };

/** Outside /portalApi: a link opens in a new tab, which carries no bearer token. */
export const EXAMPLE_REPORTS_PATH = '/examples/reports';

export function exampleReportPath(productId: number, report: number): string {
  return `${EXAMPLE_REPORTS_PATH}/${productId}/${report}`;
}

/** A product's lists by its id, equal for 79 and "79" (contract decisions: ids may come as digit strings). */
function catalogueId(productId: Id | null | undefined): number | null {
  if (productId === null || productId === undefined) return null;
  const key = idKey(productId).trim();
  return Object.hasOwn(EXAMPLE_REPORT_COUNTS, key) ? Number(key) : null;
}

export function whatsIncluded(productId: Id | null | undefined): readonly string[] {
  const id = catalogueId(productId);
  return id === null ? [] : (WHATS_INCLUDED[id] ?? []);
}

export interface ExampleReportLink {
  /** 1-based, the position among the product's reports. */
  readonly report: number;
  readonly href: string;
}

export function exampleReports(productId: Id | null | undefined): readonly ExampleReportLink[] {
  const id = catalogueId(productId);
  if (id === null) return [];
  const count = EXAMPLE_REPORT_COUNTS[id] ?? 0;
  return Array.from({ length: count }, (_, index) => ({ report: index + 1, href: exampleReportPath(id, index + 1) }));
}

/** Whether the server has an example report with this number for the product (it answers 404 otherwise). */
export function hasExampleReport(productId: number, report: number): boolean {
  return Number.isSafeInteger(report) && report >= 1 && report <= (EXAMPLE_REPORT_COUNTS[productId] ?? 0);
}
