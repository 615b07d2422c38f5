import Stripe from 'stripe';
import type { PaymentMethod } from '../../src/model/payments/payment';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { CardServerText, chargeable } from './card-rules';
import type { Cards } from './cards';

/**
 * The practice's cards kept by the card provider, through the `stripe` package. Each practice is one
 * provider customer (created on its first card, its id kept in card_provider_customers); its cards are
 * the customer's card payment methods and its default card the customer's invoice default.
 */

/**
 * The app waits 30 s for an answer (60 s for placing an order), so a provider call and its one retry
 * must end within it; the package's own default is 80 s.
 */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** More cards than any practice keeps; a list stops there rather than paging on without end. */
const MAX_CARDS = 1_000;

/** The package pointed at the provider, or at another origin (a local fake) when `apiUrl` is given. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const config: Stripe.StripeConfig = { timeout: PROVIDER_TIMEOUT_MS, maxNetworkRetries: 1, telemetry: false };
  if (!apiUrl) return new Stripe(secretKey, config);
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, { ...config, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
}

interface Customer {
  readonly id: string;
  readonly defaultCardId: string | null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toCard(method: Stripe.PaymentMethod, defaultCardId: string | null): PaymentMethod {
  return {
    id: method.id,
    brand: method.card?.brand ?? '',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
    isDefault: method.id === defaultCardId,
  };
}

/** null when the provider has no such object, which for a stored id means it was deleted there. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}

export function stripeCards({ db, stripe, clock, logger }: { db: Database; stripe: Stripe; clock: Clock; logger: Logger }): Cards {
  /**
   * A refusal (a card error or a request the provider will not take) is a 400 with the provider's own
   * message (ordering §8); a provider that cannot be reached or rejects the server's key is a logged 502.
   */
  async function provider<T>(operation: string, practiceId: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new HttpError(400, error.message || CardServerText.notCharged);
      }
      const keyRefused = error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError;
      logger.error('Card provider call failed', {
        operation,
        practiceId,
        type: error.type,
        status: error.statusCode,
        requestId: error.requestId,
        error: error.message,
      });
      throw new HttpError(502, keyRefused ? CardServerText.notConfigured : CardServerText.unreachable);
    }
  }

  async function storedCustomerId(practiceId: number): Promise<string | null> {
    const [row] = await db.query<{ customer_id: string }>('SELECT customer_id FROM card_provider_customers WHERE practice_id = $1', [
      practiceId,
    ]);
    return row?.customer_id ?? null;
  }

  /** Only that id goes, so a customer another request has just put in its place stays. */
  async function forgetCustomer(practiceId: number, customerId: string): Promise<void> {
    await db.query('DELETE FROM card_provider_customers WHERE practice_id = $1 AND customer_id = $2', [practiceId, customerId]);
  }

  /** The practice's customer as the provider has it now; a customer deleted there (or another account's) is forgotten. */
  async function liveCustomer(practiceId: number): Promise<Customer | null> {
    const id = await storedCustomerId(practiceId);
    if (!id) return null;
    const customer = await provider('retrieve customer', practiceId, () => unlessMissing(stripe.customers.retrieve(id)));
    if (!customer || customer.deleted) {
      await forgetCustomer(practiceId, id);
      return null;
    }
    return { id, defaultCardId: idOf(customer.invoice_settings.default_payment_method) };
  }

  /**
   * Creates the practice's customer. Another server process may create one at the same moment; the
   * table's key keeps exactly one, and the loser deletes its own at the provider.
   */
  async function createCustomer(practiceId: number): Promise<Customer> {
    const customer = await provider('create customer', practiceId, () =>
      stripe.customers.create({ metadata: { practiceId: String(practiceId) } }),
    );
    const [kept] = await db.query<{ customer_id: string }>(
      `INSERT INTO card_provider_customers (practice_id, customer_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (practice_id) DO NOTHING RETURNING customer_id`,
      [practiceId, customer.id, clock().toISOString()],
    );
    if (kept) return { id: customer.id, defaultCardId: null };
    stripe.customers.del(customer.id).catch((error: unknown) => {
      logger.error('Card provider customer left over after a race', { practiceId, customerId: customer.id, error: String(error) });
    });
    const winner = await liveCustomer(practiceId);
    if (!winner) throw new Error(`The card provider customer of practice ${practiceId} vanished while it was being created`);
    return winner;
  }

  const queues = new Map<number, Promise<unknown>>();

  /**
   * The provider offers no compare-and-set, and each change reads the cards, decides (is there a
   * default yet? is this the default?) and then writes. So this process runs one change of a practice
   * at a time, and the first of two cards attached at once really is the one made the default.
   */
  function oneAtATime<T>(practiceId: number, change: () => Promise<T>): Promise<T> {
    const next = (queues.get(practiceId) ?? Promise.resolve()).then(change, change);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(practiceId, settled);
    void settled.then(() => {
      if (queues.get(practiceId) === settled) queues.delete(practiceId);
    });
    return next;
  }

  async function saved(practiceId: number): Promise<{ customer: Customer | null; cards: PaymentMethod[] }> {
    const customer = await liveCustomer(practiceId);
    if (!customer) return { customer, cards: [] };
    const methods = await provider('list cards', practiceId, () =>
      stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 100 }).autoPagingToArray({ limit: MAX_CARDS }),
    );
    return { customer, cards: methods.map((method) => toCard(method, customer.defaultCardId)) };
  }

  return {
    list: async (practiceId) => (await saved(practiceId)).cards,

    attach: (practiceId, paymentMethodId) =>
      oneAtATime(practiceId, async () => {
        const customer = (await liveCustomer(practiceId)) ?? (await createCustomer(practiceId));
        const method = await provider('attach card', practiceId, () =>
          stripe.paymentMethods.attach(paymentMethodId, { customer: customer.id }),
        );
        if (customer.defaultCardId) return toCard(method, customer.defaultCardId);
        // Ordering §4 reads a default card into every list, so the first card saved becomes it.
        await provider('set default card', practiceId, () =>
          stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } }),
        );
        return toCard(method, method.id);
      }),

    setDefault: (practiceId, paymentMethodId) =>
      oneAtATime(practiceId, async () => {
        const { customer, cards } = await saved(practiceId);
        const card = cards.find((candidate) => candidate.id === paymentMethodId);
        if (!card || !customer) return null;
        if (!card.isDefault) {
          await provider('set default card', practiceId, () =>
            stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } }),
          );
        }
        return { ...card, isDefault: true };
      }),

    remove: (practiceId, paymentMethodId) =>
      oneAtATime(practiceId, async () => {
        const { cards } = await saved(practiceId);
        const card = cards.find((candidate) => candidate.id === paymentMethodId);
        if (!card) return 'not-found';
        if (card.isDefault && cards.length > 1) return 'default-in-use';
        await provider('detach card', practiceId, () => stripe.paymentMethods.detach(card.id));
        return 'deleted';
      }),

    async owns(practiceId, paymentMethodId) {
      const customerId = await storedCustomerId(practiceId);
      if (!customerId) return false;
      const method = await provider('retrieve card', practiceId, () => unlessMissing(stripe.paymentMethods.retrieve(paymentMethodId)));
      return method !== null && idOf(method.customer) === customerId;
    },

    async charge({ practiceId, paymentMethodId, amountCents, idempotencyKey, description }) {
      if (!chargeable(amountCents)) return;
      const customerId = await storedCustomerId(practiceId);
      if (!customerId) throw new HttpError(400, CardServerText.noSuchCard(paymentMethodId));
      const intent = await provider('charge card', practiceId, () =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            confirm: true,
            off_session: true,
            description,
            metadata: { practiceId: String(practiceId) },
          },
          { idempotencyKey },
        ),
      );
      if (intent.status !== 'succeeded' && intent.status !== 'processing') throw new HttpError(400, CardServerText.notCharged);
    },
  };
}
