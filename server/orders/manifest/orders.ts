import type { ManifestSample } from '../../../src/model/orders/manifest';
import { priceOrder, type PricedOrder } from '../pricing/calculate';
import type { PricingTier } from '../pricing/tiers';
import type { CatalogueProduct } from '../../store/orders/catalogue';

/**
 * How an accepted manifest becomes its one order (issue 40 point 2): one line per product, in the order the file
 * first names each, whose quantity is the number of that product's samples (each sample is a unit, "charged per
 * sample not per file", ordering §2). Each line is priced as checkout prices it: the catalogue's price with the
 * volume tier its own quantity reaches, so one order costs what the samples cost line by line.
 */

export interface ManifestLine {
  readonly product: CatalogueProduct;
  readonly price: number;
  readonly quantity: number;
}

export interface ManifestOrderPlan {
  readonly samples: readonly ManifestSample[];
  readonly priced: PricedOrder<ManifestLine>;
}

/** The server's products by the Product IDs the ordering document names, compared without regard to case. */
export type ManifestProducts = ReadonlyMap<string, CatalogueProduct>;

export function manifestProducts(products: readonly CatalogueProduct[]): ManifestProducts {
  return new Map(products.map((product) => [product.sku.toLowerCase(), product]));
}

export function productOf(products: ManifestProducts, sample: ManifestSample): CatalogueProduct | undefined {
  return products.get(sample.productId.toLowerCase());
}

/** The order of these samples; every sample's product is known (the route refused the others). */
export function planManifestOrder(
  samples: readonly ManifestSample[],
  products: ManifestProducts,
  tiers: readonly PricingTier[],
): ManifestOrderPlan {
  const lines = new Map<number, { product: CatalogueProduct; quantity: number }>();
  for (const sample of samples) {
    const product = productOf(products, sample);
    if (!product) throw new Error(`A checked manifest names a product the server lacks: ${sample.productId}`);
    const line = lines.get(product.id);
    if (line) line.quantity += 1;
    else lines.set(product.id, { product, quantity: 1 });
  }
  const items = [...lines.values()].map(({ product, quantity }) => ({ product, price: product.price, quantity }));
  return { samples, priced: priceOrder(items, tiers) };
}
