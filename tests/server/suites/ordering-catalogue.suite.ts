import { join } from 'node:path';
import { tmpdir } from 'node:os';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CalculationSchema, DiscountType } from '../../../src/model/orders/pricing';
import { productImage, ProductListSchema, sortCatalogue } from '../../../src/model/orders/product';
import { productKind } from '../../../src/model/orders/product-kinds';
import { CatalogueText, CheckoutValidationText } from '../../../src/model/orders/texts';
import { createApp } from '../../../server/app';
import { TIERS_IMAGE_PATH } from '../../../server/images';
import { MAX_KITS_PER_LINE, priceLine, priceOrder } from '../../../server/orders/pricing/calculate';
import { PRICING_TIERS } from '../../../server/orders/pricing/tiers';
import { SEED_PRODUCTS, SHIPPABLE_COUNTRIES } from '../../../server/seed/seed-data';
import { mountSpa } from '../../../server/static';
import { listTiers } from '../../../server/store/orders/catalogue';
import { errorMessage, RecordingLogger, testConfig, type TestServer } from '../support/harness';
import { PRODUCT, tokenOf } from './ordering-fixtures.suite';

export function orderingCatalogueSuite(server: () => TestServer): void {
  function calculate(token: string | undefined, items: unknown) {
    return server().call('POST', '/Orders/Calculate', { token, body: { country: 'US', zipCode: '', items } });
  }

  describe('GET /Products', () => {
    it('answers a clinic its kits as a plain array with the ids and prices of ordering §2, and no processing', async () => {
      const answer = await server().call('GET', '/Products', { token: await tokenOf(server(), 'hcp.checkout') });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      const products = v.parse(ProductListSchema, answer.body);
      const priceOf = (id: number) => products.find((product) => product.id === id)?.price;
      expect([79, 1, 78, 74, 47].map(priceOf)).toEqual([550, 375, 375, 200, 160]);
      const skuOf = (id: number) => products.find((product) => product.id === id)?.sku;
      expect([78, 1, 79].map(skuOf)).toEqual(['TruHealth', 'TruAge', 'TruHealthAgeCombo']);
      expect(products.map((product) => product.id).sort((a, b) => Number(a) - Number(b))).toEqual(
        SEED_PRODUCTS.filter((product) => productKind(product) === 'kit').map((product) => product.id),
      );
    });

    it('answers research and processing customers (IRC, CPS) the array processing only; a DTC account kits', async () => {
      for (const username of ['irc.user', 'cps.user']) {
        const answer = await server().call('GET', '/Products', { token: await tokenOf(server(), username) });
        const products = v.parse(ProductListSchema, answer.body);
        expect(products.map((product) => product.sku).sort(), username).toEqual(['EPICv2', 'Enlighten', 'GDA', 'GSA', 'MSA']);
      }
      const dtc = v.parse(
        ProductListSchema,
        (await server().call('GET', '/Products', { token: await tokenOf(server(), 'dtc.user') })).body,
      );
      expect(dtc.map((product) => product.id)).toEqual(expect.arrayContaining([79, 1, 78, 74, 47]));
      expect(dtc.every((product) => productKind(product) === 'kit')).toBe(true);
    });

    it('lists the priority products first once the client sorts; products outside them keep the server’s order', async () => {
      const clinic = v.parse(
        ProductListSchema,
        (await server().call('GET', '/Products', { token: await tokenOf(server(), 'hcp.net30') })).body,
      );
      expect(sortCatalogue(clinic).map((product) => product.id)).toEqual([79, 1, 78, 74, 47]);
      const research = v.parse(
        ProductListSchema,
        (await server().call('GET', '/Products', { token: await tokenOf(server(), 'irc.user') })).body,
      );
      expect(research.length).toBe(5);
      expect(sortCatalogue(research).map((product) => product.id)).toEqual(research.map((product) => product.id));
    });

    it('answers 401 without a token', async () => {
      expect((await server().call('GET', '/Products')).status).toBe(401);
    });
  });

  describe('POST /Orders/Calculate', () => {
    it('prices the standard tier (1–9 units) at the base price, naming Silver as the next tier', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      for (const quantity of [1, 9]) {
        const answer = await calculate(token, [{ productId: PRODUCT.health, quantity }]);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          total: 375 * quantity,
          discount: 0,
          shippingPrice: 0,
          items: [
            {
              productId: PRODUCT.health,
              pricePerItem: 375,
              quantity,
              discount: { Type: DiscountType.None, Name: null, NextTier: { MissingQuantity: 10 - quantity, Discount: 15, Name: 'Silver' } },
            },
          ],
        });
      }
    });

    it.each([
      [10, 'Silver', 15, { MissingQuantity: 15, Discount: 30, Name: 'Gold' }],
      [24, 'Silver', 15, { MissingQuantity: 1, Discount: 30, Name: 'Gold' }],
      [25, 'Gold', 30, { MissingQuantity: 25, Discount: 50, Name: 'Platinum' }],
      [49, 'Gold', 30, { MissingQuantity: 1, Discount: 50, Name: 'Platinum' }],
      [50, 'Platinum', 50, null],
      [120, 'Platinum', 50, null],
    ])('prices %i kits in the %s tier at $%i off each, with the next tier %o', async (quantity, tier, off, next) => {
      const answer = await calculate(await tokenOf(server(), 'hcp.checkout'), [{ productId: PRODUCT.pgx, quantity }]);
      const calculation = v.parse(CalculationSchema, answer.body);
      expect(calculation.items[0]).toEqual({
        productId: PRODUCT.pgx,
        pricePerItem: 160 - off,
        quantity,
        discount: { Type: DiscountType.PricingTier, Name: tier, NextTier: next },
      });
      expect(calculation.discount).toBe(off * quantity);
      expect(calculation.total).toBe((160 - off) * quantity);
    });

    it('prices each product line on its own quantity; total is after the discount, shipping free', async () => {
      const answer = await calculate(await tokenOf(server(), 'hcp.checkout'), [
        { productId: PRODUCT.health, quantity: 12 },
        { productId: PRODUCT.combo, quantity: 3 },
      ]);
      const calculation = v.parse(CalculationSchema, answer.body);
      expect(calculation.items.map((item) => [item.productId, item.pricePerItem, item.discount?.Name])).toEqual([
        [PRODUCT.health, 360, 'Silver'],
        [PRODUCT.combo, 550, null],
      ]);
      expect(calculation).toMatchObject({ discount: 180, shippingPrice: 0, total: 12 * 360 + 3 * 550 });
    });

    it('refuses an unknown product with 400 naming its uid', async () => {
      const answer = await calculate(await tokenOf(server(), 'hcp.checkout'), [
        { productId: PRODUCT.age, quantity: 1 },
        { productId: 'product-nope', quantity: 1 },
      ]);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe('Unknown product: product-nope');
    });

    it.each([0, -1, 1.5, '2', null])('refuses the quantity %o with 400', async (quantity) => {
      const answer = await calculate(await tokenOf(server(), 'hcp.checkout'), [{ productId: PRODUCT.age, quantity }]);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toContain(CheckoutValidationText.quantityInvalid);
    });

    it('prices up to 10,000 kits on a line and refuses more with 400', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const most = await calculate(token, [{ productId: PRODUCT.combo, quantity: MAX_KITS_PER_LINE }]);
      expect(v.parse(CalculationSchema, most.body).total).toBe(500 * MAX_KITS_PER_LINE);
      const beyond = await calculate(token, [{ productId: PRODUCT.combo, quantity: MAX_KITS_PER_LINE + 1 }]);
      expect(beyond.status).toBe(400);
      expect(errorMessage(beyond.body)).toBe('A quantity can be at most 10,000 kits per product');
    });

    it('refuses a cart without items with 400', async () => {
      const answer = await calculate(await tokenOf(server(), 'hcp.checkout'), []);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toContain(CheckoutValidationText.itemsRequired);
    });

    it('answers 401 without a token', async () => {
      expect((await calculate(undefined, [{ productId: PRODUCT.age, quantity: 1 }])).status).toBe(401);
    });
  });

  describe('POST /Orders/ValidateGeoShipping', () => {
    it.each([
      [false, 'US', true],
      [true, 'US', true],
      [false, 'CA', true],
      [false, 'jp', true],
      [false, 'United States of America', true],
      [true, 'CA', false],
      [false, 'BR', false],
      [false, 'ZZ', false],
    ])('answers isDTC %s, %s with the bare boolean %s', async (isDTC, countryCode, shippable) => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const answer = await server().call('POST', '/Orders/ValidateGeoShipping', { token, body: { isDTC, countryCode } });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(shippable);
    });

    it('refuses a missing country with the checkout’s own text', async () => {
      const token = await tokenOf(server(), 'hcp.checkout');
      const answer = await server().call('POST', '/Orders/ValidateGeoShipping', { token, body: { isDTC: false, countryCode: ' ' } });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toContain(CheckoutValidationText.countryRequired);
    });

    it('answers 401 without a token', async () => {
      const answer = await server().call('POST', '/Orders/ValidateGeoShipping', { body: { isDTC: false, countryCode: 'US' } });
      expect(answer.status).toBe(401);
    });
  });

  describe('the pricing data', () => {
    it('is what the tables hold after seeding: products, tiers and shippable countries', async () => {
      const db = server().db;
      expect(await listTiers(db)).toEqual(PRICING_TIERS);
      const countries = await db.query<{ code: string; dtc: boolean }>(
        'SELECT code, dtc_allowed AS dtc FROM shippable_countries ORDER BY code',
      );
      expect(countries).toEqual([...SHIPPABLE_COUNTRIES].sort((a, b) => a.code.localeCompare(b.code)));
      const products = await db.query('SELECT id, uid, name, description, sku, price::float8 AS price FROM products ORDER BY id');
      expect(products).toEqual([...SEED_PRODUCTS].sort((a, b) => a.id - b.id));
    });

    it('never takes more off a kit than it costs, and adds money in whole cents', () => {
      expect(priceLine(40, 60, PRICING_TIERS)).toMatchObject({ discountPerKit: 40, pricePerItem: 0, totalPrice: 0 });
      const order = priceOrder(
        [
          { price: 19.99, quantity: 3 },
          { price: 0.1, quantity: 7 },
        ],
        PRICING_TIERS,
      );
      expect(order).toMatchObject({ subtotal: 60.67, discount: 0, total: 60.67 });
    });
  });

  describe('the catalogue’s images, beside the app', () => {
    // No build in this folder: the images are the server's own and answer without one.
    const images = () => {
      const app = createApp({ db: server().db, config: testConfig(), logger: new RecordingLogger() });
      mountSpa(app, join(tmpdir(), 'portal-no-build-here'));
      return app;
    };

    it.each(SEED_PRODUCTS.map((product) => [product.sku, product.name]))(
      'serves the drawing of %s under /images/products by its lowercase sku',
      async (sku) => {
        const path = productImage(sku);
        expect(path).toBe(`/images/products/${sku.toLowerCase()}.svg`);
        const response = await images().request(path ?? '');
        expect(response.status).toBe(200);
        expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
        expect(await response.text()).toMatch(/^<svg [^>]*role="img"[^>]*>\s*<title id="title">[^<]+<\/title>/);
      },
    );

    it.each(['/images/products/nope.svg', '/images/products/..%2Fseed-data.ts', '/images/products/TruAge.svg', '/images/other.png'])(
      'answers %s with 404, not with the app’s page',
      async (path) => {
        expect((await images().request(path)).status).toBe(404);
      },
    );

    it('draws the volume tiers from the pricing data, with a title and a text of the whole table', async () => {
      const response = await images().request(TIERS_IMAGE_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      const body = await response.text();
      expect(body).toContain(`<title id="title">${CatalogueText.tiersTitle}</title>`);
      expect(body).toContain('Standard: 1 to 9 kits at the base price');
      for (const tier of await listTiers(server().db)) {
        expect(body).toContain(`${tier.name}: from ${tier.minQuantity} kits, $${tier.discountPerKit.toFixed(2)} off each kit`);
      }
      expect(body).toMatch(/>10–24<.*>25–49<.*>50\+</s);
    });

    it('paints the drawing for the theme the address names, light for anything else', async () => {
      const background = (body: string) => /<rect width="\d+" height="\d+" fill="(#[0-9a-f]{6})"\/>/.exec(body)?.[1];
      const light = await (await images().request(TIERS_IMAGE_PATH)).text();
      const dark = await (await images().request(`${TIERS_IMAGE_PATH}?theme=dark`)).text();
      const other = await (await images().request(`${TIERS_IMAGE_PATH}?theme=%3Cscript%3E`)).text();
      expect(background(light)).toBe('#ffffff');
      expect(background(dark)).toBe('#1f1f1f');
      expect(dark).toContain('fill="#e8e8e8"');
      expect(dark).not.toContain('fill="#1f1f1f">');
      expect(other).toBe(light);
      // The same table in both: only the colours differ.
      expect(dark.replace(/#[0-9a-f]{6}/g, '')).toBe(light.replace(/#[0-9a-f]{6}/g, ''));
    });

    it('answers a repeated request with 304 when the image has not changed', async () => {
      const first = await images().request(TIERS_IMAGE_PATH);
      const etag = first.headers.get('ETag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      const again = await images().request(TIERS_IMAGE_PATH, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    });
  });
}
