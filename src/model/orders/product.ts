import * as v from 'valibot';
import { optionalText } from '../schema';
import { IdSchema, idKey, type Id } from '../id';
import { CatalogueText } from './texts';

/**
 * Ordering §3: a product of the public catalogue. Read leniently: only what a card cannot do without
 * (id, uid, name) is required; a missing price reads as null and is never shown as a number.
 */
export const ProductSchema = v.object({
  id: IdSchema,
  uid: v.string(),
  name: v.string(),
  description: optionalText,
  sku: optionalText,
  price: v.nullish(v.number(), null),
});
export type Product = v.InferOutput<typeof ProductSchema>;

export const ProductListSchema = v.array(ProductSchema);

/** Ordering §7: the catalogue's order of ids; every other product follows in the order the server gave. */
export const CATALOGUE_PRIORITY: readonly number[] = [79, 1, 78, 74, 47];

export function sortCatalogue(products: readonly Product[]): Product[] {
  const rank = (product: Product) => {
    const index = CATALOGUE_PRIORITY.findIndex((id) => idKey(id) === idKey(product.id));
    return index === -1 ? CATALOGUE_PRIORITY.length : index;
  };
  // Array.prototype.sort is stable, so "the rest" keep the server's order.
  return [...products].sort((a, b) => rank(a) - rank(b));
}

export const PRODUCT_IMAGE_PATH = '/images/products/';

/**
 * Ordering §3: the image comes from the lowercase sku under /images/products/. The documents give no
 * file type; the reference server ships SVG drawings, so a product's image is `{sku}.svg`.
 */
export function productImage(sku: string | null): string | null {
  const name = sku?.trim().toLowerCase();
  return name ? `${PRODUCT_IMAGE_PATH}${encodeURIComponent(name)}.svg` : null;
}

/** Ordering §3: a cart item's subtitle is the description, else `SKU: {sku}`. */
export function productSubtitle(product: Pick<Product, 'description' | 'sku'>): string {
  if (product.description?.trim()) return product.description;
  return product.sku ? CatalogueText.sku(product.sku) : '';
}

export function findProduct(products: readonly Product[] | undefined, id: Id): Product | undefined {
  return products?.find((product) => idKey(product.id) === idKey(id));
}
