import { FulfilmentType } from '../../../src/model/enums';

/**
 * The ordering server's own texts, for refusals the specification does not word (its §5 texts come
 * from src/model/orders/texts.ts; the status history's from src/model/orders/order-history.ts).
 */
export const OrderingServerText = {
  unknownProducts: (uids: readonly string[]) => `Unknown product: ${uids.join(', ')}`,
  tooManyKits: (max: number) => `A quantity can be at most ${max.toLocaleString('en-US')} kits per product`,
  fulfilmentMismatch: (expected: FulfilmentType) =>
    expected === FulfilmentType.Digital
      ? 'This practice’s orders are Digital: send fulfillment 0'
      : 'This practice’s orders are shipped: send fulfillment 1 with a shipping address',
  invoiceWithCard: 'This practice pays by monthly invoice (Net 30): send paymentMethod null',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order request',
  idempotencyKeyBusy: 'An order with this Idempotency-Key is still being placed. Please try again in a moment.',
} as const;

/** What the card statement and the provider's dashboard show for an order's charge. */
export function chargeDescription(number: string, practiceName: string): string {
  return `Order ${number} — ${practiceName}`;
}
