import { useRef, useState, type RefObject } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { CheckoutValidationText } from '../../../model/orders/texts';
import { checkoutMachine } from '../../../machines/orders/checkout.machine';
import { useCart } from '../cart-provider';
import { useWorkflow } from '../../use-workflow';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** Creates a card payment method from the card input; set by the payment section while its card input is shown. */
export type CardCreator = () => Promise<string>;

const noCardInput: CardCreator = () => Promise.reject(new Error(CheckoutValidationText.cardElementMissing));

/**
 * The checkout workflow of this page, with what only the page has: its cart (emptied after the order) and the
 * card input, which lives inside the card provider's boundary further down, so it is reached through a ref.
 */
export function useCheckoutWorkflow(): { actor: CheckoutActor; cardCreator: RefObject<CardCreator> } {
  const cart = useCart();
  const cardCreator = useRef<CardCreator>(noCardInput);
  const [machine] = useState(() =>
    checkoutMachine.provide({
      actors: { createCardPaymentMethod: fromPromise(() => cardCreator.current()) },
      actions: { clearCart: () => cart.send({ type: 'cart.clear' }) },
    }),
  );
  return { actor: useWorkflow(machine), cardCreator };
}

export { noCardInput };
