import type { Database } from '../db/database';
import { addMissingProducts } from '../store/orders/catalogue';
import type { SeedProduct } from './seed-data';

/**
 * For performance work (`--seed-products N`, issue 45): generated demo test kits that join every clinic's catalogue
 * after the seed's own products, so that a cart can hold as many lines as the interaction benchmark asks for. They
 * are named and described as demo products, and a server started without the option has none.
 */

/** Far above the specification's product ids (1 to 206), so that a generated product never takes one of them. */
const FIRST_ID = 9001;
/** The demo price of every generated product: one tier table applies to all of them alike. */
const DEMO_PRICE = 100;
/** Products per statement: six parameters each, well within PostgreSQL's 65,535. */
const BATCH = 1000;

export function performanceProduct(n: number): SeedProduct {
  const number = String(n).padStart(3, '0');
  return {
    id: FIRST_ID + n - 1,
    uid: `demo-product-${number}`,
    name: `Demo Kit ${number}`,
    description: 'A generated demo product for performance work, not a laboratory test.',
    // A sku naming no array, so that the product is a test kit (product-kinds.ts), which clinics order.
    sku: `DEMO-${number}`,
    price: DEMO_PRICE,
  };
}

/** Makes sure the catalogue has the generated products 1 to `count`; a rerun with the same count adds nothing. Answers how many it added. */
export async function seedPerformanceProducts(db: Database, count: number): Promise<number> {
  let added = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_unused, i) => performanceProduct(start + i));
    added += await addMissingProducts(db, batch);
  }
  return added;
}
