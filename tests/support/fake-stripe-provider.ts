import { randomBytes } from 'node:crypto';

/**
 * The card provider's resources as a local fake keeps them: payment methods, customers and payment
 * intents in memory, answered with the provider's object shapes and error bodies, and which key each
 * call takes. fake-stripe-api.ts checks the key, replays idempotent requests and serves it over HTTP.
 * Test card numbers follow the provider's documentation: 4000000000000002 is declined when it is
 * attached (attaching checks the card with its issuer), 4000000000000341 attaches and is declined
 * when charged.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakePortalSecret';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fakePortalPublishable';
export const DECLINED_CARD_NUMBER = '4000000000000002';
export const ATTACH_THEN_DECLINE_CARD_NUMBER = '4000000000000341';
export const DECLINED_MESSAGE = 'Your card was declined.';

export interface FakeCard {
  readonly brand: string;
  readonly last4: string;
  readonly exp_month: number;
  readonly exp_year: number;
}

export interface FakePaymentIntent {
  readonly id: string;
  readonly object: 'payment_intent';
  readonly amount: number;
  readonly currency: string;
  readonly customer: string;
  readonly payment_method: string;
  readonly status: 'succeeded' | 'requires_payment_method';
  readonly description: string | null;
  readonly metadata: Record<string, string>;
  readonly created: number;
  readonly livemode: false;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export interface ProviderRequest {
  readonly method: string;
  readonly path: string;
  /** The form body of a POST, the query of a GET or DELETE. */
  readonly form: URLSearchParams;
}

interface StoredMethod {
  readonly id: string;
  readonly created: number;
  readonly number: string;
  readonly card: FakeCard;
  customer: string | null;
}

interface StoredCustomer {
  readonly id: string;
  readonly created: number;
  readonly metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
  deleted: boolean;
}

type Form = URLSearchParams;
export type KeyKind = 'secret' | 'publishable';

const ok = (body: unknown): Answer => ({ status: 200, body });
export const failure = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const invalid = (message: string, extra: Record<string, unknown> = {}) => failure(400, 'invalid_request_error', message, extra);
const missing = (what: string, id: string, param: string) =>
  failure(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });
const cardError = (code: string, message: string, param: string) => failure(402, 'card_error', message, { code, param });
const isAnswer = (value: object): value is Answer => 'status' in value;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function metadataOf(form: Form): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (field) metadata[field] = value;
  }
  return metadata;
}

/** By the first digit, as far as the test cards go: 4 Visa, 5 (and 2) Mastercard, 3 American Express. */
function brandOf(number: string): string {
  const brands: Record<string, string> = { '2': 'mastercard', '3': 'amex', '4': 'visa', '5': 'mastercard', '6': 'discover' };
  return brands[number.charAt(0)] ?? 'unknown';
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    const digit = Number(number[number.length - 1 - index]);
    sum += index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  }
  return sum % 10 === 0;
}

/** The card details as the provider's card field sends them, refused with the provider's own texts. */
function cardFrom(form: Form): { number: string; card: FakeCard } | Answer {
  const number = (form.get('card[number]') ?? '').replace(/\s/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
  const month = Number(form.get('card[exp_month]'));
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  const given = Number(form.get('card[exp_year]'));
  const year = given < 100 ? 2000 + given : given;
  const today = new Date();
  const expired = year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (!Number.isInteger(given) || given <= 0 || expired || year > today.getUTCFullYear() + 50) {
    return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
  }
  if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? '')) return cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
  return { number, card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year } };
}

export function createFakeProvider() {
  const methods = new Map<string, StoredMethod>();
  const customers = new Map<string, StoredCustomer>();
  const intents: FakePaymentIntent[] = [];

  const methodBody = (method: StoredMethod) => ({
    id: method.id,
    object: 'payment_method',
    type: 'card',
    card: { ...method.card, country: 'US', funding: 'credit' },
    customer: method.customer,
    billing_details: { address: null, email: null, name: null, phone: null },
    metadata: {},
    created: method.created,
    livemode: false,
  });
  const customerBody = (customer: StoredCustomer) =>
    customer.deleted
      ? { id: customer.id, object: 'customer', deleted: true }
      : {
          id: customer.id,
          object: 'customer',
          metadata: customer.metadata,
          invoice_settings: { default_payment_method: customer.defaultPaymentMethod },
          created: customer.created,
          livemode: false,
        };
  const liveCustomer = (id: string, param = 'customer'): StoredCustomer | Answer => {
    const customer = customers.get(id);
    return customer && !customer.deleted ? customer : missing('customer', id, param);
  };
  const method = (id: string): StoredMethod | Answer => methods.get(id) ?? missing('PaymentMethod', id, 'payment_method');

  function createMethod(form: Form): Answer {
    if (form.get('type') !== 'card') return invalid('Invalid payment_method type: must be card', { param: 'type' });
    const details = cardFrom(form);
    if (isAnswer(details)) return details;
    const created: StoredMethod = { id: newId('pm'), created: now(), customer: null, ...details };
    methods.set(created.id, created);
    return ok(methodBody(created));
  }

  function retrieveMethod(id: string): Answer {
    const card = method(id);
    return isAnswer(card) ? card : ok(methodBody(card));
  }

  function attach(id: string, form: Form): Answer {
    const card = method(id);
    if (isAnswer(card)) return card;
    const customer = liveCustomer(form.get('customer') ?? '');
    if (isAnswer(customer)) return customer;
    if (card.customer && card.customer !== customer.id)
      return invalid('The payment method you provided has already been attached to a customer.');
    if (card.number === DECLINED_CARD_NUMBER) return cardError('card_declined', DECLINED_MESSAGE, 'card');
    card.customer = customer.id;
    return ok(methodBody(card));
  }

  function detach(id: string): Answer {
    const card = method(id);
    if (isAnswer(card)) return card;
    const owner = card.customer ? customers.get(card.customer) : undefined;
    if (!owner) return invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    // The provider forgets a default that is detached.
    if (owner.defaultPaymentMethod === id) owner.defaultPaymentMethod = null;
    card.customer = null;
    return ok(methodBody(card));
  }

  function listMethods(query: Form): Answer {
    const customer = liveCustomer(query.get('customer') ?? '');
    if (isAnswer(customer)) return customer;
    const limit = Math.min(Math.max(Number(query.get('limit')) || 10, 1), 100);
    const all = [...methods.values()].filter((card) => card.customer === customer.id).reverse();
    const after = query.get('starting_after');
    const start = after ? all.findIndex((card) => card.id === after) + 1 : 0;
    const data = all.slice(start, start + limit).map(methodBody);
    return ok({ object: 'list', url: '/v1/payment_methods', has_more: start + limit < all.length, data });
  }

  function createCustomer(form: Form): Answer {
    const customer: StoredCustomer = {
      id: newId('cus'),
      created: now(),
      metadata: metadataOf(form),
      defaultPaymentMethod: null,
      deleted: false,
    };
    customers.set(customer.id, customer);
    return ok(customerBody(customer));
  }

  function retrieveCustomer(id: string): Answer {
    const customer = customers.get(id);
    return customer ? ok(customerBody(customer)) : missing('customer', id, 'id');
  }

  function updateCustomer(id: string, form: Form): Answer {
    const customer = liveCustomer(id, 'id');
    if (isAnswer(customer)) return customer;
    const chosen = form.get('invoice_settings[default_payment_method]');
    if (chosen && methods.get(chosen)?.customer !== customer.id) {
      return invalid(
        `The customer does not have a payment method with the ID ${chosen}. The payment method must be attached to the customer.`,
      );
    }
    if (chosen !== null) customer.defaultPaymentMethod = chosen || null;
    Object.assign(customer.metadata, metadataOf(form));
    return ok(customerBody(customer));
  }

  function deleteCustomer(id: string): Answer {
    const customer = liveCustomer(id, 'id');
    if (isAnswer(customer)) return customer;
    customer.deleted = true;
    for (const card of methods.values()) if (card.customer === id) card.customer = null;
    return ok(customerBody(customer));
  }

  function createIntent(form: Form): Answer {
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least $0.50 usd', { param: 'amount' });
    const customer = liveCustomer(form.get('customer') ?? '');
    if (isAnswer(customer)) return customer;
    const card = method(form.get('payment_method') ?? '');
    if (isAnswer(card)) return card;
    if (card.customer !== customer.id)
      return invalid('The provided PaymentMethod does not belong to the Customer given.', { param: 'payment_method' });
    const declined = card.number === ATTACH_THEN_DECLINE_CARD_NUMBER && form.get('confirm') === 'true';
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency: form.get('currency') ?? 'usd',
      customer: customer.id,
      payment_method: card.id,
      status: declined ? 'requires_payment_method' : 'succeeded',
      description: form.get('description'),
      metadata: metadataOf(form),
      created: now(),
      livemode: false,
    };
    intents.push(intent);
    if (!declined) return ok(intent);
    return failure(402, 'card_error', DECLINED_MESSAGE, { code: 'card_declined', decline_code: 'generic_decline', payment_intent: intent });
  }

  type Handler = (id: string, form: Form) => Answer;
  /** Each call: its method, its path, and the key it takes (card details only ever with the publishable one). */
  const routes: readonly (readonly [string, RegExp, KeyKind, Handler])[] = [
    ['POST', /^\/v1\/payment_methods$/, 'publishable', (_id, form) => createMethod(form)],
    ['GET', /^\/v1\/payment_methods$/, 'secret', (_id, form) => listMethods(form)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, 'secret', (id) => retrieveMethod(id)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, 'secret', attach],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, 'secret', (id) => detach(id)],
    ['POST', /^\/v1\/customers$/, 'secret', (_id, form) => createCustomer(form)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, 'secret', (id) => retrieveCustomer(id)],
    ['POST', /^\/v1\/customers\/([^/]+)$/, 'secret', updateCustomer],
    ['DELETE', /^\/v1\/customers\/([^/]+)$/, 'secret', (id) => deleteCustomer(id)],
    ['POST', /^\/v1\/payment_intents$/, 'secret', (_id, form) => createIntent(form)],
  ];

  /** One call whose key is known to be the fake's own secret or publishable key. */
  function dispatch({ method: verb, path, form }: ProviderRequest, kind: KeyKind): Answer {
    for (const [routeMethod, pattern, needs, handler] of routes) {
      const match = pattern.exec(path);
      if (routeMethod !== verb || !match) continue;
      if (needs === kind) return handler(decodeURIComponent(match[1] ?? ''), form);
      return needs === 'secret'
        ? failure(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.')
        : invalid('Card details are sent to this call only from the browser, with the publishable key.');
    }
    return failure(404, 'invalid_request_error', `Unrecognized request URL (${verb}: ${path}).`);
  }

  return {
    dispatch,
    reset: (): void => {
      methods.clear();
      customers.clear();
      intents.length = 0;
    },
    /** Every payment intent created for the customer, declined ones included, oldest first. */
    paymentIntentsOf: (customerId: string): FakePaymentIntent[] => intents.filter((intent) => intent.customer === customerId),
    /** The customers whose metadata names the practice, live or deleted, oldest first. */
    customersOf: (practiceId: number): { id: string; deleted: boolean }[] =>
      [...customers.values()]
        .filter((customer) => customer.metadata.practiceId === String(practiceId))
        .map((customer) => ({ id: customer.id, deleted: customer.deleted })),
  };
}

export type FakeProvider = ReturnType<typeof createFakeProvider>;
