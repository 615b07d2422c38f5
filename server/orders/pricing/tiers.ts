/**
 * The volume tiers: the pricing data behind POST /Orders/Calculate, the price of a placed order and the
 * "View tiers" image. Ordering §9 fixes only the standard tier (1 to 9 units, the base price); the
 * tiers above it and their discounts are the laboratory's own figures, kept here and nowhere else.
 * A cart line's quantity decides its tier, each product line on its own.
 */

export interface PricingTier {
  /** Ordering §3 names the tiers Platinum, Gold and Silver. */
  readonly name: string;
  /** The quantity of one product line from which the tier applies. */
  readonly minQuantity: number;
  /** Dollars off each kit of the line, never more than the kit's price. */
  readonly discountPerKit: number;
}

/** Ordering §9: the standard tier covers 1 to 9 units at the base price. */
export const STANDARD_TIER = { name: 'Standard', minQuantity: 1, maxQuantity: 9 } as const;

/** From the lowest tier up. */
export const PRICING_TIERS: readonly PricingTier[] = [
  { name: 'Silver', minQuantity: STANDARD_TIER.maxQuantity + 1, discountPerKit: 15 },
  { name: 'Gold', minQuantity: 25, discountPerKit: 30 },
  { name: 'Platinum', minQuantity: 50, discountPerKit: 50 },
];
