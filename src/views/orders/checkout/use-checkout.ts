import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CheckoutTerms } from '../../../machines/orders/checkout-attempt';
import { checkoutMachine } from '../../../machines/orders/checkout.machine';
import { useCardPaymentMethodLogic } from '../../payments/card-entry';
import { useCart } from '../cart-provider';
import { useWorkflow } from '../../use-workflow';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/**
 * The checkout workflow of this form: given the page's cart and the practice's terms when it starts, and the card
 * input of the card entry scope it runs in.
 */
export function useCheckoutWorkflow(terms: CheckoutTerms): CheckoutActor {
  const cart = useCart();
  const createCardPaymentMethod = useCardPaymentMethodLogic();
  const [machine] = useState(() => checkoutMachine.provide({ actors: { createCardPaymentMethod } }));
  return useWorkflow(machine, { input: { cart, ...terms } });
}
