import { UnitType } from '../enums';
import { effectiveUnitType } from '../auth/roles';
import { MANIFEST_PRODUCT_IDS } from './manifest';

/**
 * Which products a unit type may order (issue 40 item 5). The contract's product (ordering §3: id, uid, name,
 * description, sku, price) carries no kind, so the kind is read from the sku: the ordering document names the
 * sample-processing products by their array (MSA, GSA, GDA, EPICv2, Enlighten, the Product IDs of the non-HCP
 * manifest). A product whose sku is one of those names, alone or as one part of a longer sku ("MSA-201",
 * "epicv2_proc"), is array processing; every other product is a test kit.
 */
export type ProductKind = 'kit' | 'processing' | 'analysis';

/**
 * Issue 42: the analysis of IDAT files a customer uploads (/analysis) is a product of the service too, so that its
 * orders read like any other, but nobody puts it in a cart: the upload orders it. Its sku names it.
 */
export const ANALYSIS_PRODUCT_SKU = 'IDAT-Analysis';

const PROCESSING_NAMES: ReadonlySet<string> = new Set(MANIFEST_PRODUCT_IDS.research.map((name) => name.toLowerCase()));

export function productKind(product: { readonly sku: string | null }): ProductKind {
  if ((product.sku ?? '').toLowerCase() === ANALYSIS_PRODUCT_SKU.toLowerCase()) return 'analysis';
  const parts = (product.sku ?? '').toLowerCase().split(/[^a-z0-9]+/);
  return parts.some((part) => PROCESSING_NAMES.has(part)) ? 'processing' : 'kit';
}

/**
 * Clinics (HCP, and Unknown, which counts as HCP) order test kits; research and sample-processing customers (CPS,
 * IRC) order the processing of their own samples; the analysis of uploaded IDAT files is ordered by its upload, never
 * from the catalogue. DTC accounts order test kits: the documents ship kits to
 * consumers (the geo-shipping check's DTC flag) and name array processing only for research and processing
 * customers. A unit type the documents do not name orders nothing.
 */
export function orderableKind(unitType: number): Exclude<ProductKind, 'analysis'> | null {
  switch (effectiveUnitType(unitType)) {
    case UnitType.HCP:
    case UnitType.DTC:
      return 'kit';
    case UnitType.CPS:
    case UnitType.IRC:
      return 'processing';
    default:
      return null;
  }
}

export function mayOrder(unitType: number, product: { readonly sku: string | null }): boolean {
  return orderableKind(unitType) === productKind(product);
}

/** The catalogue a unit type sees: the products it may order, in the order given. */
export function orderableProducts<P extends { readonly sku: string | null }>(unitType: number, products: readonly P[]): P[] {
  return products.filter((product) => mayOrder(unitType, product));
}
