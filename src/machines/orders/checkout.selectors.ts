import type { SnapshotFrom } from 'xstate';
import type { CheckoutForm } from '../../model/orders/checkout';
import type { checkoutMachine } from './checkout.machine';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export interface CheckoutView {
  /** Checking the country, creating the card or placing the order: the button says "Placing Order...". */
  busy: boolean;
  /** The order went through; the page is leaving for the success page. */
  placed: boolean;
  /** Ordering §5: the country was refused; Place Order stays disabled until another country is chosen. */
  countryRefused: boolean;
  /** The machine takes a submit (not busy, not placed, no refused country). */
  canSubmit: boolean;
  /** Why the last attempt failed: the server's message, the card provider's, or the checkout's fallback. */
  error: string | null;
}

export function selectCheckout(snapshot: CheckoutSnapshot): CheckoutView {
  const countryRefused = snapshot.hasTag('countryRefused');
  return {
    busy: snapshot.hasTag('busy'),
    placed: snapshot.hasTag('placed'),
    countryRefused,
    canSubmit: snapshot.hasTag('editable') && !countryRefused,
    error: snapshot.context.error,
  };
}

/** The fields that say where the order ships: a change of one is sent as `checkout.locate`, other typing stays in the form. */
const DELIVERY_FIELDS = ['isShipToPractice', 'country', 'zipCode'] as const satisfies readonly (keyof CheckoutForm)[];

export function changesDelivery(changed: Partial<CheckoutForm>): boolean {
  return DELIVERY_FIELDS.some((field) => field in changed);
}
