import type { ManifestSample } from '../../../src/model/orders/manifest';
import { priceOrder, type PricedOrder } from '../pricing/calculate';
import type { PricingTier } from '../pricing/tiers';
import type { CatalogueProduct } from '../../store/orders/catalogue';

/**
 * How an accepted manifest becomes orders: one order per Product ID, in the order the file first names
 * each, with one line whose quantity is the number of that product's samples (each sample is a unit,
 * "charged per sample not per file", ordering §2). The line is priced as checkout prices it: the
 * catalogue's price with the volume tier its quantity reaches.
 */

export interface ManifestOrderPlan {
  readonly product: CatalogueProduct;
  readonly samples: readonly ManifestSample[];
  readonly priced: PricedOrder<{ readonly price: number; readonly quantity: number }>;
}

/** `products` by sku, as checkManifest spells the samples' productId. */
export function planManifestOrders(
  samples: readonly ManifestSample[],
  products: ReadonlyMap<string, CatalogueProduct>,
  tiers: readonly PricingTier[],
): ManifestOrderPlan[] {
  const groups = new Map<string, ManifestSample[]>();
  for (const sample of samples) {
    const group = groups.get(sample.productId);
    if (group) group.push(sample);
    else groups.set(sample.productId, [sample]);
  }
  return [...groups].map(([sku, group]) => {
    const product = products.get(sku);
    if (!product) throw new Error(`A checked manifest names a product the catalogue lacks: ${sku}`);
    return { product, samples: group, priced: priceOrder([{ price: product.price, quantity: group.length }], tiers) };
  });
}

/** What every order of the manifest costs together: the one card charge of a per-order payer. */
export function manifestTotal(plans: readonly ManifestOrderPlan[]): number {
  return Math.round(plans.reduce((sum, plan) => sum + plan.priced.total * 100, 0)) / 100;
}
