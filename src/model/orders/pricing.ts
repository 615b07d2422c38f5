import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { optionalText } from '../schema';
import { limitedAddressField } from '../address/address-rules';
import { CheckoutValidationText } from './texts';
import { formatTwoDecimals } from '../number-format';

/**
 * Ordering §3 and §4: the price calculation. The request is exact; the answer is read leniently, and
 * its `discount` objects keep the spelling the ordering document uses (Type, Name, NextTier).
 */

export const DiscountType = { None: 0, KitReplacement: 1, PricingTier: 2, Promotion: 3, FirstNItems: 4 } as const;
export type DiscountType = (typeof DiscountType)[keyof typeof DiscountType];

/** Ordering §5: a quantity is a whole number of at least 1; anything else never reaches the server. */
export const QuantitySchema = v.pipe(
  v.number(CheckoutValidationText.quantityInvalid),
  v.safeInteger(CheckoutValidationText.quantityInvalid),
  v.minValue(1, CheckoutValidationText.quantityInvalid),
);

export const CalculationItemSchema = v.object({
  productId: limited(v.pipe(v.string(), v.trim(), v.nonEmpty('productId is required')), 'productId', TextLimit.identifier),
  quantity: QuantitySchema,
});

export const CalculationRequestSchema = v.object({
  country: limitedAddressField('country', v.string()),
  zipCode: limitedAddressField('zipCode', v.string()),
  items: v.pipe(v.array(CalculationItemSchema), v.minLength(1, CheckoutValidationText.itemsRequired)),
});
export type CalculationRequest = v.InferOutput<typeof CalculationRequestSchema>;

const money = v.nullish(v.number(), 0);

export const NextTierSchema = v.object({
  MissingQuantity: v.nullish(v.number(), 0),
  Discount: money,
  Name: optionalText,
});

export const ItemDiscountSchema = v.object({
  Type: v.nullish(v.number(), DiscountType.None),
  Name: optionalText,
  NextTier: v.nullish(NextTierSchema, null),
});
export type ItemDiscount = v.InferOutput<typeof ItemDiscountSchema>;

export const CalculatedItemSchema = v.object({
  productId: v.union([v.string(), v.number()]),
  pricePerItem: money,
  quantity: v.nullish(v.number(), 0),
  discount: v.nullish(ItemDiscountSchema, null),
});
export type CalculatedItem = v.InferOutput<typeof CalculatedItemSchema>;

export const CalculationSchema = v.object({
  total: v.number(),
  discount: money,
  shippingPrice: money,
  items: v.nullish(v.array(CalculatedItemSchema), []),
});
export type Calculation = v.InferOutput<typeof CalculationSchema>;

/** Ordering §9: money shows two decimals, formatted only while rendering. */
export function formatMoney(amount: number): string {
  return formatTwoDecimals(amount);
}

/** Ordering §9: an amount in dollars with two decimals. */
export function dollars(amount: number): string {
  return `$${formatMoney(amount)}`;
}

/** A discount shown as what comes off the subtotal. */
export function discountAmount(amount: number): string {
  return `-${dollars(amount)}`;
}

/** Ordering §2 "Order summary": progress toward the next tier, bounded to 0..1. */
export function tierProgress(quantity: number, missingQuantity: number): number {
  const whole = quantity + missingQuantity;
  if (whole <= 0) return 0;
  return Math.min(1, Math.max(0, quantity / whole));
}

export type TierStanding =
  | {
      readonly kind: 'next';
      readonly tier: string;
      readonly missing: number;
      readonly perKit: number;
      readonly total: number;
      readonly progress: number;
    }
  | { readonly kind: 'top'; readonly tier: string; readonly progress: 1 }
  | { readonly kind: 'none' };

/**
 * Where a cart line stands among the volume tiers, from the answer's discount alone (the tiers live in
 * the server's pricing data). A next tier with a quantity still missing gives the "Add {n} more" message;
 * no next tier but a tier reached gives the top-tier message. The saving in total is the per-kit saving
 * over the quantity that reaches the next tier.
 */
export function tierStanding(quantity: number, discount: ItemDiscount | null): TierStanding {
  const next = discount?.NextTier;
  if (next?.Name && next.MissingQuantity > 0) {
    return {
      kind: 'next',
      tier: next.Name,
      missing: next.MissingQuantity,
      perKit: next.Discount,
      total: next.Discount * (quantity + next.MissingQuantity),
      progress: tierProgress(quantity, next.MissingQuantity),
    };
  }
  if (discount?.Name && discount.Type === DiscountType.PricingTier) return { kind: 'top', tier: discount.Name, progress: 1 };
  return { kind: 'none' };
}

/** Ordering §2: the tiers that have an icon. */
export const TIER_NAMES = ['Platinum', 'Gold', 'Silver'] as const;
export type TierName = (typeof TIER_NAMES)[number];
export function isTierName(name: string | null | undefined): name is TierName {
  return TIER_NAMES.some((tier) => tier === name);
}
