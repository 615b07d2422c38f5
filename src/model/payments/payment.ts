import * as v from 'valibot';
import { LimitText, TextLimit } from '../limits';

/** Ordering §3: a saved card. Its id is the card provider's own (`pm_…`, contract decisions). */
export const PaymentMethodSchema = v.object({
  id: v.string(),
  brand: v.nullish(v.string(), ''),
  last4: v.nullish(v.string(), ''),
  expMonth: v.nullish(v.number(), null),
  expYear: v.nullish(v.number(), null),
  isDefault: v.nullish(v.boolean(), false),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

export const PaymentMethodListSchema = v.array(PaymentMethodSchema);

/**
 * A payment method id in a path: the provider's `pm_` ids, letters, digits and underscores only (so no control
 * character either: the pattern is the one `limited` would add, and a schema states one pattern).
 */
export const PaymentMethodIdSchema = v.pipe(
  v.string(),
  v.regex(/^pm_[A-Za-z0-9_]+$/, 'Payment method ID is missing'),
  v.maxLength(TextLimit.token, LimitText.tooLong('Payment method ID', TextLimit.token)),
);

/** Ordering §4: the default card first, else the first card; none when there is no card. */
export function preselectedCard(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.find((method) => method.isDefault) ?? methods[0] ?? null;
}

/** Ordering §4: a default card cannot be deleted while other cards exist. */
export function canDeleteCard(method: PaymentMethod, methods: readonly PaymentMethod[]): boolean {
  return !method.isDefault || methods.length === 1;
}
