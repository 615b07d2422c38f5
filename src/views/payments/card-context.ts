import type { Stripe } from '@stripe/stripe-js';
import { createContext, type ComponentType } from 'react';
import { loadCardProvider } from '../../services/payments/card-provider';

/**
 * What the card provider's boundary hands to the card parts inside it. Only type imports of the provider's
 * packages here: their code arrives with the boundary's dynamic import, never with a screen's own chunk.
 */

export interface CardFieldProps {
  /** Whether the details are complete and valid, after each change. */
  onChange?: (complete: boolean) => void;
  /** The input takes no typing while a card is being added. */
  disabled?: boolean;
  /** The id of a visible label; without one the input is named "Card details". */
  labelledBy?: string;
}

export interface CardKit {
  /** The provider's card input, themed like the page. */
  CardField: ComponentType<CardFieldProps>;
  /** Creates a card payment method from the mounted CardField; see createCardPaymentMethod. */
  createPaymentMethod: () => Promise<string>;
}

/** null outside a ready boundary: no provider, so no card input and nothing to create a payment method from. */
export const CardKitContext = createContext<CardKit | null>(null);

/** How the boundary gets the provider: the page's one loader, or a test's fake. */
export const CardProviderLoaderContext = createContext<() => Promise<Stripe | null>>(loadCardProvider);

/**
 * Where a workflow that creates the payment method when it submits (the checkout) finds the card input: a card
 * input mounted inside the scope attaches itself, and `create` asks it, or says the card element is missing.
 */
export interface CardEntry {
  create(): Promise<string>;
  /** Returns the detach to call when the input goes. */
  attach(create: () => Promise<string>): () => void;
}

/** null outside a card entry scope: a card input there (the add-card dialog) is used through its own hook. */
export const CardEntryContext = createContext<CardEntry | null>(null);
