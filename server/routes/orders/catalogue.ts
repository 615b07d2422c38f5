import { Hono } from 'hono';
import { GeoShippingAnswerSchema, GeoShippingRequestSchema } from '../../../src/model/orders/order';
import { normalizedCountry } from '../../../src/model/address/countries';
import { CalculationRequestSchema, CalculationSchema } from '../../../src/model/orders/pricing';
import { ProductListSchema } from '../../../src/model/orders/product';
import { orderableProducts } from '../../../src/model/orders/product-kinds';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { readBody, send } from '../../http/validation';
import { priceOrder } from '../../orders/pricing/calculate';
import { isShippable, listProducts, listTiers } from '../../store/orders/catalogue';
import { knownItems } from './items';

/** The catalogue, the cart's price calculation and the geo-shipping check (ordering §7). */
export function catalogueRoutes({ db, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** The products the signed-in practice's unit type may order (issue 40 item 5): kits for clinics, processing for research. */
  routes.get('/Products', requireProvider, async (c) =>
    send(c, ProductListSchema, orderableProducts(c.var.account.unitType, await listProducts(db))),
  );

  /**
   * Prices a cart with the server's prices and volume tiers. `total` is what would be paid (after the
   * discount, shipping included); `discount` is the saving, so the cart's subtotal is total + discount −
   * shippingPrice. Country and zip code change nothing while all shipping is free (ordering §9).
   */
  routes.post('/Orders/Calculate', requireProvider, async (c) => {
    const request = await readBody(c, CalculationRequestSchema);
    const items = await knownItems(db, request.items);
    const priced = priceOrder(items, await listTiers(db));
    return send(c, CalculationSchema, {
      total: priced.total,
      discount: priced.discount,
      shippingPrice: priced.shippingPrice,
      items: priced.lines.map((line) => ({
        productId: line.item.productId,
        pricePerItem: line.pricePerItem,
        quantity: line.quantity,
        discount: line.discount,
      })),
    });
  });

  /** A bare boolean. The code may also be a country's English name, as the country select's label. */
  routes.post('/Orders/ValidateGeoShipping', requireProvider, async (c) => {
    const { isDTC, countryCode: asked } = await readBody(c, GeoShippingRequestSchema);
    return send(c, GeoShippingAnswerSchema, await isShippable(db, normalizedCountry(asked), isDTC));
  });

  return routes;
}
