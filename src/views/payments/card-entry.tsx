import type { Stripe } from '@stripe/stripe-js';
import { Alert, Spin } from 'antd';
import { useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { CheckoutValidationText, OrderingFailureText } from '../../model/orders/texts';
import { CardProviderError } from '../../services/payments/card-provider';
import { CardKitContext, CardProviderLoaderContext, type CardFieldProps } from './card-context';
import type { CardProviderElements } from './card-elements';

/**
 * The card provider's parts that screens use (ordering §2, §5, §7): a boundary that loads the provider, the
 * card input, and the creation of a card payment method from it. The provider's own code is imported only
 * when a boundary is first shown with a provider to load.
 */

type Provider = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; stripe: Stripe; elements: typeof CardProviderElements };

async function startProvider(load: () => Promise<Stripe | null>): Promise<Provider> {
  try {
    const stripe = await load();
    if (!stripe) return { status: 'missing' };
    const parts = await import('./card-elements');
    return { status: 'ready', stripe, elements: parts.CardProviderElements };
  } catch {
    // The provider's React parts could not be downloaded: as unusable as a provider that never loaded.
    return { status: 'missing' };
  }
}

/**
 * Loads the card provider when first shown. Without one (no publishable key, or its script could not load)
 * it shows only "Payment system is not properly configured. Please contact support." instead of its
 * children, and the rest of the page goes on working.
 */
export function CardProviderBoundary({ children }: { children: ReactNode }) {
  const load = useContext(CardProviderLoaderContext);
  const [provider, setProvider] = useState<Provider>({ status: 'loading' });
  useEffect(() => {
    let shown = true;
    void startProvider(load).then((started) => {
      if (shown) setProvider(started);
    });
    return () => {
      shown = false;
    };
  }, [load]);

  if (provider.status === 'loading') return <Spin />;
  if (provider.status === 'missing') return <Alert type="error" showIcon title={OrderingFailureText.paymentNotConfigured} />;
  const Elements = provider.elements;
  return <Elements stripe={provider.stripe}>{children}</Elements>;
}

/** The provider's card input; `onChange` tells whether the details are complete. Nothing outside a ready boundary. */
export function CardInput(props: CardFieldProps) {
  const kit = useContext(CardKitContext);
  if (!kit) return null;
  const { CardField } = kit;
  return <CardField {...props} />;
}

/**
 * Creates a card payment method from the CardInput inside the nearest boundary; resolves its `pm_…` id.
 * Rejects with "Card element not found" when no input is mounted, the provider's own message when it
 * refuses the card, and "Failed to create payment method" otherwise.
 */
export function useCreateCardPaymentMethod(): () => Promise<string> {
  const kit = useContext(CardKitContext);
  return useCallback(
    () => (kit ? kit.createPaymentMethod() : Promise.reject(new CardProviderError(CheckoutValidationText.cardElementMissing))),
    [kit],
  );
}
