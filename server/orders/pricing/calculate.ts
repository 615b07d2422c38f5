import { DiscountType, type ItemDiscount } from '../../../src/model/orders/pricing';
import type { PricingTier } from './tiers';

/**
 * The tier calculation: pure, in whole cents so that sums never drift, answered in dollars. Each line
 * is priced on its own quantity (the tiers apply per product line); shipping is free (ordering §9).
 */

export const SHIPPING_PRICE = 0;

/**
 * The most kits one line may order. The documents set no limit; this one keeps every order's money
 * well inside what the database stores (numeric(12,2)) and what a card provider will charge at once.
 */
export const MAX_KITS_PER_LINE = 10_000;

export interface PricedLine {
  readonly quantity: number;
  /** The product's price per kit, before any discount. */
  readonly price: number;
  /** What the line's tier takes off each kit. */
  readonly discountPerKit: number;
  /** price − discountPerKit. */
  readonly pricePerItem: number;
  /** pricePerItem × quantity. */
  readonly totalPrice: number;
  /** Spelled as ordering §3 writes it. */
  readonly discount: ItemDiscount;
}

export interface PricedOrder<Item> {
  /** Each item of the request with its price, in the request's order. */
  readonly lines: readonly (PricedLine & { readonly item: Item })[];
  /** Before discounts: Σ price × quantity. */
  readonly subtotal: number;
  /** Σ discountPerKit × quantity. */
  readonly discount: number;
  readonly shippingPrice: number;
  /** What is paid: subtotal − discount + shippingPrice, which is also Σ totalPrice + shippingPrice. */
  readonly total: number;
}

const toCents = (amount: number): number => Math.round(amount * 100);
const toDollars = (cents: number): number => cents / 100;

/** The tier a quantity has reached (null below the lowest) and the one above it (null at the top). */
export function tierStep(quantity: number, tiers: readonly PricingTier[]): { current: PricingTier | null; next: PricingTier | null } {
  const ascending = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return {
    current: ascending.filter((tier) => tier.minQuantity <= quantity).at(-1) ?? null,
    next: ascending.find((tier) => tier.minQuantity > quantity) ?? null,
  };
}

export function priceLine(price: number, quantity: number, tiers: readonly PricingTier[]): PricedLine {
  const { current, next } = tierStep(quantity, tiers);
  const priceCents = toCents(price);
  // A discount larger than the kit would make it cost less than nothing.
  const offCents = (tier: PricingTier) => Math.min(toCents(tier.discountPerKit), priceCents);
  const discountCents = current ? offCents(current) : 0;
  const perItemCents = priceCents - discountCents;
  return {
    quantity,
    price: toDollars(priceCents),
    discountPerKit: toDollars(discountCents),
    pricePerItem: toDollars(perItemCents),
    totalPrice: toDollars(perItemCents * quantity),
    discount: {
      Type: current ? DiscountType.PricingTier : DiscountType.None,
      Name: current?.name ?? null,
      NextTier: next ? { MissingQuantity: next.minQuantity - quantity, Discount: toDollars(offCents(next)), Name: next.name } : null,
    },
  };
}

export function priceOrder<Item extends { readonly price: number; readonly quantity: number }>(
  items: readonly Item[],
  tiers: readonly PricingTier[],
): PricedOrder<Item> {
  const priced = items.map((item) => ({ ...priceLine(item.price, item.quantity, tiers), item }));
  const subtotalCents = priced.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  const discountCents = priced.reduce((sum, line) => sum + toCents(line.discountPerKit) * line.quantity, 0);
  const shippingCents = toCents(SHIPPING_PRICE);
  return {
    lines: priced,
    subtotal: toDollars(subtotalCents),
    discount: toDollars(discountCents),
    shippingPrice: toDollars(shippingCents),
    total: toDollars(subtotalCents - discountCents + shippingCents),
  };
}

/** What a card is charged, in the smallest unit the provider counts. */
export function amountInCents(amount: number): number {
  return toCents(amount);
}
