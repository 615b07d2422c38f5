import type { Stripe } from '@stripe/stripe-js';
import { Alert, Spin } from 'antd';
import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { CheckoutValidationText, OrderingFailureText } from '../../model/orders/texts';
import { CardProviderError } from '../../services/payments/card-provider';
import { CardEntryContext, CardKitContext, CardProviderLoaderContext, type CardEntry, type CardFieldProps } from './card-context';
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
 * children, tells `onUnavailable` (so that a dialog can take away what needs the card), and the rest of the
 * page goes on working.
 */
export function CardProviderBoundary({ children, onUnavailable }: { children: ReactNode; onUnavailable?: () => void }) {
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
  const missing = provider.status === 'missing';
  useEffect(() => {
    if (missing) onUnavailable?.();
  }, [missing, onUnavailable]);

  if (provider.status === 'loading') return <Spin />;
  if (provider.status === 'missing') return <Alert type="error" showIcon title={OrderingFailureText.paymentNotConfigured} />;
  const Elements = provider.elements;
  return <Elements stripe={provider.stripe}>{children}</Elements>;
}

/**
 * The provider's card input; `onChange` tells whether the details are complete. Nothing outside a ready boundary.
 * Inside a card entry scope it is the input that scope's workflow creates the payment method from.
 */
export function CardInput(props: CardFieldProps) {
  const kit = useContext(CardKitContext);
  const entry = useContext(CardEntryContext);
  useEffect(() => (kit && entry ? entry.attach(kit.createPaymentMethod) : undefined), [kit, entry]);
  if (!kit) return null;
  const { CardField } = kit;
  return <CardField {...props} />;
}

const cardElementMissing = () => Promise.reject(new CardProviderError(CheckoutValidationText.cardElementMissing));

function createCardEntry(): CardEntry {
  let mounted: (() => Promise<string>) | null = null;
  return {
    create: () => (mounted ? mounted() : cardElementMissing()),
    attach(create) {
      mounted = create;
      return () => {
        if (mounted === create) mounted = null;
      };
    },
  };
}

/**
 * A workflow's card entry: the workflow is created inside it and the card input, wherever it is drawn further
 * down (inside a boundary that may not have loaded yet), is found when the workflow submits.
 */
export function CardEntryScope({ children }: { children: ReactNode }) {
  const [entry] = useState(createCardEntry);
  return <CardEntryContext value={entry}>{children}</CardEntryContext>;
}

/** The creation of a card payment method from this scope's card input, as actor logic for a workflow's `.provide()`. */
export function useCardPaymentMethodLogic(): PromiseActorLogic<string> {
  const entry = useContext(CardEntryContext);
  return useMemo(() => fromPromise<string>(() => (entry ? entry.create() : cardElementMissing())), [entry]);
}
