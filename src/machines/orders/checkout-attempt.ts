import type { ActorRefFrom } from 'xstate';
import {
  checkoutSubmission,
  initialCheckoutForm,
  isDtc,
  paysByCard,
  shippingLocation,
  type CheckoutForm,
} from '../../model/orders/checkout';
import type { FulfilmentType } from '../../model/enums';
import type { OrderRequest } from '../../model/orders/order';
import { orderingConfiguration } from '../../model/orders/ordering';
import { OrderingFailureText } from '../../model/orders/texts';
import { fulfilmentOf, type Address, type Practice } from '../../model/practice/practice';
import { ApiError, defaultTextForStatus, UserFacingError } from '../../services/http/api-error';
import type { cartMachine } from './cart.machine';
import { selectCartItems, selectCheckoutKey } from './cart.selectors';

/** What the checkout machine is given and what it makes of it: the practice's terms, the cart, an attempt. */

export type CartRef = ActorRefFrom<typeof cartMachine>;

/** What the checkout takes from the practice (ordering §2, §4 and §5). */
export interface CheckoutTerms {
  fulfillment: FulfilmentType;
  /** Where "Ship to Practice" ships. */
  practiceAddress: Address | null;
  /** Card payers choose a card; everyone else sends no payment method. */
  paysByCard: boolean;
  /** The geo-shipping check's DTC flag. */
  isDTC: boolean;
}

export interface CheckoutInput extends CheckoutTerms {
  /** The cart whose lines are ordered, whose key names the order, and which is emptied once it is placed. */
  cart: CartRef;
}

/** The practice's part of a checkout. */
export function checkoutTerms(practice: Practice): CheckoutTerms {
  return {
    fulfillment: fulfilmentOf(practice),
    practiceAddress: practice.address,
    paysByCard: paysByCard(orderingConfiguration(practice)),
    isDTC: isDtc(practice.unitType),
  };
}

export interface CheckoutAttempt {
  request: OrderRequest;
  idempotencyKey: string;
  /** Pay with a card created now from the card input, instead of `request.paymentMethod`. */
  newCard: boolean;
}

export type Destination = { country: string; zipCode: string };

const formOf = (values: Partial<CheckoutForm>): CheckoutForm => ({ ...initialCheckoutForm(), ...values });

export const locationOf = (terms: CheckoutTerms, values: Partial<CheckoutForm>): Destination | null =>
  shippingLocation(formOf(values), terms);

/** The attempt a submit makes now: the cart's lines and key as they are at this moment. */
export function attemptOf(context: { cart: CartRef; terms: CheckoutTerms }, values: Partial<CheckoutForm>): CheckoutAttempt {
  const cart = context.cart.getSnapshot();
  const { request, newCard } = checkoutSubmission(formOf(values), { ...context.terms, items: selectCartItems(cart) });
  return { request, newCard, idempotencyKey: selectCheckoutKey(cart) };
}

/** Never sent: `submitting` is only entered with an attempt. */
export const noAttempt: CheckoutAttempt = {
  request: { customerInformation: null, shippingInformation: null, items: [], paymentMethod: null, fulfillment: 0, shipTo: 'Clinic' },
  idempotencyKey: '',
  newCard: false,
};

/**
 * Ordering §8: the server's own message, else the checkout's fallback; the shared texts for no connection or a
 * time-out. The fallback advises another card only to a card payer; a Net 30 payer, who pays with no card, reads
 * "Failed to place order" (issue 40 point 10).
 */
export function checkoutErrorText(error: unknown, paysByCard: boolean): string {
  const fallback = paysByCard ? OrderingFailureText.checkoutFallback : OrderingFailureText.placeOrder;
  if (error instanceof ApiError && error.status !== null && error.message === defaultTextForStatus(error.status)) {
    return fallback;
  }
  return error instanceof UserFacingError ? error.message : fallback;
}

/** Ordering §8: the card provider's own message, else "Failed to process card.". */
export function cardErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : OrderingFailureText.processCard;
}
