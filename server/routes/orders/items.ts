import type { Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import { mayOrder, orderableKind } from '../../../src/model/orders/product-kinds';
import { ProductKindText } from '../../../src/model/orders/texts';
import { MAX_KITS_PER_LINE } from '../../orders/pricing/calculate';
import { productsByUid, type CatalogueProduct } from '../../store/orders/catalogue';
import { OrderingServerText } from './texts';

export interface KnownItem {
  readonly productId: string;
  readonly product: CatalogueProduct;
  /** The product's price per kit, which the tiers discount. */
  readonly price: number;
  readonly quantity: number;
}

/**
 * The request's items with their products, in the request's order, for pricing. A uid that names no
 * product is a 400 naming it; so is a quantity beyond what one line may order.
 */
export async function knownItems(q: Queryable, items: readonly { productId: string; quantity: number }[]): Promise<KnownItem[]> {
  const tooMany = items.filter((item) => item.quantity > MAX_KITS_PER_LINE);
  if (tooMany.length) throw new HttpError(400, OrderingServerText.tooManyKits(MAX_KITS_PER_LINE));
  const found = await productsByUid(
    q,
    items.map((item) => item.productId),
  );
  const unknown = items.map((item) => item.productId).filter((uid) => !found.has(uid));
  if (unknown.length) throw new HttpError(400, OrderingServerText.unknownProducts([...new Set(unknown)]));
  return items.flatMap((item) => {
    const product = found.get(item.productId);
    return product ? [{ productId: item.productId, product, price: product.price, quantity: item.quantity }] : [];
  });
}

/**
 * Issue 40 item 5: an order names only products the practice's unit type may order (kits for clinics, processing
 * for research and processing customers), by the same rule as the catalogue the practice is shown; any other is
 * a 400 naming them.
 */
export function refuseUnorderable(unitType: number, items: readonly KnownItem[]): void {
  const refused = items.filter((item) => !mayOrder(unitType, item.product)).map((item) => item.product.name);
  if (refused.length) throw new HttpError(400, ProductKindText.notOrderable([...new Set(refused)], orderableKind(unitType)));
}
