import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CalculationSchema } from '../../src/model/orders/pricing';
import { ProductListSchema } from '../../src/model/orders/product';
import { readRuntimeSettings } from '../../server/config';
import { performanceProduct, seedPerformanceProducts } from '../../server/seed/products';
import { SEED_PRODUCTS } from '../../server/seed/seed-data';
import { useTestServer } from './support/harness';
import { tokenOf } from './suites/ordering-fixtures.suite';

/**
 * Issue 45: `--seed-products N` gives the catalogue generated demo test kits for performance work (a 30-line cart in
 * `bench:interactions`); a server started without it keeps the specification's products only.
 */
const server = useTestServer();

async function catalogueOf(username: string) {
  const answer = await server().call('GET', '/Products', { token: await tokenOf(server(), username) });
  expect(answer.status).toBe(200);
  return v.parse(ProductListSchema, answer.body);
}

describe('generated demo products', () => {
  it('are none until asked for, then join a clinic’s catalogue after its own products, once each', async () => {
    const before = await catalogueOf('hcp.checkout');
    expect(before.some((product) => product.name.startsWith('Demo Kit'))).toBe(false);

    expect(await seedPerformanceProducts(server().db, 30)).toBe(30);
    expect(await seedPerformanceProducts(server().db, 30)).toBe(0);
    expect(await seedPerformanceProducts(server().db, 32)).toBe(2);

    const after = await catalogueOf('hcp.checkout');
    expect(after.slice(0, before.length)).toEqual(before);
    const generated = after.slice(before.length);
    expect(generated).toHaveLength(32);
    expect(generated[0]).toMatchObject({ uid: 'demo-product-001', name: 'Demo Kit 001', sku: 'DEMO-001', price: 100 });
    expect(generated.every((product) => product.description?.includes('demo product'))).toBe(true);
    expect(new Set(after.map((product) => product.id)).size).toBe(after.length);
  });

  it('never take a product id of the specification, and stay out of the processing customers’ catalogue', async () => {
    await seedPerformanceProducts(server().db, 5);
    const ids = new Set(SEED_PRODUCTS.map((product) => product.id));
    expect(Array.from({ length: 2000 }, (_unused, i) => performanceProduct(i + 1)).some((product) => ids.has(product.id))).toBe(false);
    const research = await catalogueOf('cps.user');
    expect(research.some((product) => product.name.startsWith('Demo Kit'))).toBe(false);
  });

  it('price in a 30-line cart like any other kit', async () => {
    await seedPerformanceProducts(server().db, 30);
    const products = await catalogueOf('hcp.checkout');
    const items = products.slice(0, 30).map((product) => ({ productId: product.uid, quantity: 2 }));
    expect(items).toHaveLength(30);
    const answer = await server().call('POST', '/Orders/Calculate', {
      token: await tokenOf(server(), 'hcp.checkout'),
      body: { country: 'US', zipCode: '', items },
    });
    expect(answer.status).toBe(200);
    const calculation = v.parse(CalculationSchema, answer.body);
    expect(calculation.items).toHaveLength(30);
  });

  it('are read from --seed-products N, --seed-products=N or SEED_PRODUCTS, and a count that is not one is refused', () => {
    expect(readRuntimeSettings({}).seedProducts).toBeUndefined();
    expect(readRuntimeSettings({}, ['--seed-products', '30']).seedProducts).toBe(30);
    expect(readRuntimeSettings({}, ['--seed-products=12']).seedProducts).toBe(12);
    expect(readRuntimeSettings({ SEED_PRODUCTS: '7' }).seedProducts).toBe(7);
    expect(readRuntimeSettings({ SEED_PRODUCTS: '7' }, ['--seed-products', '9']).seedProducts).toBe(9);
    expect(() => readRuntimeSettings({}, ['--seed-products', 'many'])).toThrow(/SEED_PRODUCTS/);
    expect(() => readRuntimeSettings({ SEED_PRODUCTS: '-3' })).toThrow(/SEED_PRODUCTS/);
  });
});
