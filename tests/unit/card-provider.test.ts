import { describe, expect, it, vi } from 'vitest';
import {
  CardProviderError,
  createCardPaymentMethod,
  createCardProviderLoader,
  loadCardProvider,
  type CardPaymentMethodResult,
} from '../../src/services/payments/card-provider';

/** Stands for the provider's object: the loader only hands it on, so identity is all a test needs of it. */
const provider = { fake: 'provider' };

describe('the card provider adapter (contract decisions: without a key the provider cannot initialise)', () => {
  it('without a publishable key there is no provider, and its script is never asked for', async () => {
    const load = vi.fn(() => Promise.resolve(provider));
    const loader = createCardProviderLoader({ publishableKey: undefined, load });
    await expect(loader()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('the committed configuration has no key, so the page loads no provider', async () => {
    await expect(loadCardProvider()).resolves.toBeNull();
  });

  it('loads the provider once with the key, and every later screen gets the same one', async () => {
    const load = vi.fn(() => Promise.resolve(provider));
    const loader = createCardProviderLoader({ publishableKey: 'pk_test_portal', load });
    await expect(loader()).resolves.toBe(provider);
    await expect(loader()).resolves.toBe(provider);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('pk_test_portal');
  });

  it('a script that cannot load, or that loads without a provider, means no provider; neither is retried', async () => {
    const refused = vi.fn(() => Promise.reject(new Error('Failed to load Stripe.js')));
    const refusedLoader = createCardProviderLoader({ publishableKey: 'pk_test_portal', load: refused });
    await expect(refusedLoader()).resolves.toBeNull();
    await expect(refusedLoader()).resolves.toBeNull();
    expect(refused).toHaveBeenCalledTimes(1);

    const empty = vi.fn(() => Promise.resolve(null));
    await expect(createCardProviderLoader({ publishableKey: 'pk_test_portal', load: empty })()).resolves.toBeNull();

    const throwing = vi.fn((): Promise<typeof provider | null> => {
      throw new Error('Expected publishable key to be of type string');
    });
    await expect(createCardProviderLoader({ publishableKey: 'pk_test_portal', load: throwing })()).resolves.toBeNull();
  });
});

describe('creating a card payment method from the card input (ordering §5, §8)', () => {
  const card = { mounted: true };
  const answering = (answer: () => Promise<CardPaymentMethodResult>) => {
    const createPaymentMethod = vi.fn(answer);
    return { provider: { createPaymentMethod }, createPaymentMethod };
  };

  it('creates a payment method of type card from the input and resolves its id', async () => {
    const { provider: cards, createPaymentMethod } = answering(() => Promise.resolve({ paymentMethod: { id: 'pm_123' } }));
    await expect(createCardPaymentMethod(cards, card)).resolves.toBe('pm_123');
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card });
  });

  it('"Card element not found" when no card input is mounted; the provider is not asked', async () => {
    const { provider: cards, createPaymentMethod } = answering(() => Promise.resolve({ paymentMethod: { id: 'pm_123' } }));
    await expect(createCardPaymentMethod(cards, null)).rejects.toEqual(new CardProviderError('Card element not found'));
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });

  it('the provider\'s own message when it refuses the card, else its fallback "Failed to process card."', async () => {
    const declined = answering(() => Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    await expect(createCardPaymentMethod(declined.provider, card)).rejects.toEqual(new CardProviderError('Your card was declined.'));
    const silent = answering(() => Promise.resolve({ error: { message: '' } }));
    await expect(createCardPaymentMethod(silent.provider, card)).rejects.toEqual(new CardProviderError('Failed to process card.'));
  });

  it('"Failed to create payment method" when the provider fails or answers neither a method nor an error', async () => {
    const failing = answering(() => Promise.reject(new Error('We could not retrieve data from the specified Element.')));
    await expect(createCardPaymentMethod(failing.provider, card)).rejects.toEqual(new CardProviderError('Failed to create payment method'));
    const empty = answering(() => Promise.resolve({}));
    await expect(createCardPaymentMethod(empty.provider, card)).rejects.toEqual(new CardProviderError('Failed to create payment method'));
  });

  it('hands on an id the provider left empty, for the workflow to refuse as "Payment method ID is missing"', async () => {
    const { provider: cards } = answering(() => Promise.resolve({ paymentMethod: { id: '' } }));
    await expect(createCardPaymentMethod(cards, card)).resolves.toBe('');
  });
});
