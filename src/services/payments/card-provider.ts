import type { Stripe } from '@stripe/stripe-js';
import { CheckoutValidationText, OrderingFailureText } from '../../model/orders/texts';
import { UserFacingError } from '../http/api-error';
import { config } from '../http/config';

/**
 * The card provider (ordering §7 notes): its script comes from its own host and creates card payment
 * methods in the browser. Without a publishable key, or when the script cannot load, there is no provider
 * and the screens say "Payment system is not properly configured. Please contact support." (contract
 * decisions). The provider's packages are imported only here and only on first use, so no route that
 * never shows a card downloads them.
 */

/** Loads the provider's script and starts it with the key; null when the script gives no provider. */
export type LoadCardProvider = (publishableKey: string) => Promise<Stripe | null>;

const loadProviderScript: LoadCardProvider = async (publishableKey) => {
  // The pure entry point adds the script only when asked, not as a side effect of being imported.
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
};

/**
 * One provider per page: the first call loads it and every later call gets the same answer, so a second
 * screen neither injects the script again nor retries a script that the network refused.
 */
export function createCardProviderLoader<TProvider = Stripe>({
  publishableKey,
  load,
}: {
  publishableKey: string | undefined;
  load: (publishableKey: string) => Promise<TProvider | null>;
}): () => Promise<TProvider | null> {
  let provider: Promise<TProvider | null> | null = null;
  return () => {
    provider ??= publishableKey
      ? Promise.resolve()
          .then(() => load(publishableKey))
          .catch(() => null)
      : Promise.resolve(null);
    return provider;
  };
}

export const loadCardProvider = createCardProviderLoader({ publishableKey: config.cardProviderKey, load: loadProviderScript });

/** A refusal worded for the user: the provider's own message, or the catalogue's text for the case. */
export class CardProviderError extends UserFacingError {
  override readonly name = 'CardProviderError';
}

/** What the provider answers to a card payment method request: the method, or its own error. */
export interface CardPaymentMethodResult {
  paymentMethod?: { id: string } | null;
  error?: { message?: string } | null;
}

/** The part of the provider that creates a card payment method from its card input. */
export interface CardPaymentMethods<TCard> {
  createPaymentMethod(data: { type: 'card'; card: TCard }): Promise<CardPaymentMethodResult>;
}

/**
 * Creates a `type: 'card'` payment method from the mounted card input and resolves its id as the provider
 * gave it (the caller refuses an empty one, ordering §5 "Payment method ID is missing"). Rejects with
 * "Card element not found" without an input, the provider's message when it refuses the card ("Failed to
 * process card." when that message is empty), and "Failed to create payment method" otherwise.
 */
export async function createCardPaymentMethod<TCard>(provider: CardPaymentMethods<TCard>, card: TCard | null): Promise<string> {
  if (card === null) throw new CardProviderError(CheckoutValidationText.cardElementMissing);
  let result: CardPaymentMethodResult;
  try {
    result = await provider.createPaymentMethod({ type: 'card', card });
  } catch {
    throw new CardProviderError(OrderingFailureText.createPaymentMethod);
  }
  if (result.error) throw new CardProviderError(result.error.message || OrderingFailureText.processCard);
  if (!result.paymentMethod) throw new CardProviderError(OrderingFailureText.createPaymentMethod);
  return result.paymentMethod.id;
}
