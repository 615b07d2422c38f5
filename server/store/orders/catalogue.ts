import type { Product } from '../../../src/model/orders/product';
import type { Queryable } from '../../db/database';
import type { PricingTier } from '../../orders/pricing/tiers';

/**
 * The catalogue, the volume tiers and the shippable countries: the same for every practice, kept by
 * the seed equal to the server's data. Money is cast to float8 so that both adapters answer numbers.
 */

export interface CatalogueProduct {
  readonly id: number;
  readonly uid: string;
  readonly name: string;
  readonly description: string | null;
  readonly sku: string;
  readonly price: number;
}

interface ProductRow extends Record<string, unknown> {
  id: number;
  uid: string;
  name: string;
  description: string | null;
  sku: string;
  price: number;
}

const PRODUCT_COLUMNS = 'id, uid, name, description, sku, price::float8 AS price';

function toProduct(row: ProductRow): CatalogueProduct {
  return { id: row.id, uid: row.uid, name: row.name, description: row.description, sku: row.sku, price: row.price };
}

/** Every product, in the server's order (by id); the client puts its priority products first. */
export async function listProducts(q: Queryable): Promise<Product[]> {
  const rows = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY id`);
  return rows.map(toProduct);
}

/** The products with these uids; a uid that names none is simply absent from the answer. */
export async function productsByUid(q: Queryable, uids: readonly string[]): Promise<Map<string, CatalogueProduct>> {
  const rows = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE uid = ANY($1::text[])`, [[...new Set(uids)]]);
  return new Map(rows.map((row) => [row.uid, toProduct(row)]));
}

export async function listTiers(q: Queryable): Promise<PricingTier[]> {
  const rows = await q.query<{ name: string; min_quantity: number; discount_per_kit: number }>(
    'SELECT name, min_quantity, discount_per_kit::float8 AS discount_per_kit FROM pricing_tiers ORDER BY min_quantity',
  );
  return rows.map((row) => ({ name: row.name, minQuantity: row.min_quantity, discountPerKit: row.discount_per_kit }));
}

/** Whether kits go to this country (ISO alpha-2, any case); a direct-to-consumer unit only where allowed. */
export async function isShippable(q: Queryable, countryCode: string, isDtc: boolean): Promise<boolean> {
  const [row] = await q.query<{ dtc_allowed: boolean }>('SELECT dtc_allowed FROM shippable_countries WHERE code = upper($1)', [
    countryCode.trim(),
  ]);
  return row !== undefined && (!isDtc || row.dtc_allowed);
}

export interface CatalogueData {
  readonly products: readonly CatalogueProduct[];
  readonly tiers: readonly PricingTier[];
  readonly countries: readonly { readonly code: string; readonly dtc: boolean }[];
}

function placeholders(rowCount: number, columnCount: number): string {
  return Array.from(
    { length: rowCount },
    (_row, r) => `(${Array.from({ length: columnCount }, (_column, c) => `$${r * columnCount + c + 1}`).join(', ')})`,
  ).join(', ');
}

/** Adds the products the table lacks (by id) and leaves every product it has as it is; answers how many it added. */
export async function addMissingProducts(tx: Queryable, products: readonly CatalogueProduct[]): Promise<number> {
  if (!products.length) return 0;
  const added = await tx.query<{ id: number }>(
    `INSERT INTO products (id, uid, name, description, sku, price) VALUES ${placeholders(products.length, 6)}
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    products.flatMap((p) => [p.id, p.uid, p.name, p.description, p.sku, p.price]),
  );
  return added.length;
}

/**
 * Makes the tables equal to the server's data. Products are updated in place and never deleted, since
 * placed orders refer to them; tiers and countries are small and referred to by nothing, so they are
 * written afresh, which also drops any the data no longer has.
 */
export async function syncCatalogue(tx: Queryable, data: CatalogueData): Promise<void> {
  if (data.products.length) {
    await tx.query(
      `INSERT INTO products (id, uid, name, description, sku, price) VALUES ${placeholders(data.products.length, 6)}
       ON CONFLICT (id) DO UPDATE SET uid = EXCLUDED.uid, name = EXCLUDED.name, description = EXCLUDED.description,
         sku = EXCLUDED.sku, price = EXCLUDED.price`,
      data.products.flatMap((p) => [p.id, p.uid, p.name, p.description, p.sku, p.price]),
    );
  }
  await tx.query('DELETE FROM pricing_tiers');
  if (data.tiers.length) {
    await tx.query(
      `INSERT INTO pricing_tiers (name, min_quantity, discount_per_kit) VALUES ${placeholders(data.tiers.length, 3)}`,
      data.tiers.flatMap((tier) => [tier.name, tier.minQuantity, tier.discountPerKit]),
    );
  }
  await tx.query('DELETE FROM shippable_countries');
  if (data.countries.length) {
    await tx.query(
      `INSERT INTO shippable_countries (code, dtc_allowed) VALUES ${placeholders(data.countries.length, 2)}`,
      data.countries.flatMap((country) => [country.code, country.dtc]),
    );
  }
}
