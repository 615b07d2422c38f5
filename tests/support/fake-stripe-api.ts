import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import * as v from 'valibot';
import {
  createFakeProvider,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  failure,
  type Answer,
  type FakePaymentIntent,
  type FakeProvider,
  type ProviderRequest,
} from './fake-stripe-provider';

export {
  ATTACH_THEN_DECLINE_CARD_NUMBER,
  DECLINED_CARD_NUMBER,
  DECLINED_MESSAGE,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
} from './fake-stripe-provider';
export type { FakePaymentIntent } from './fake-stripe-provider';

/**
 * A local stand-in for the card provider's HTTP API (Stripe's /v1): what the server's `stripe` package
 * calls, and the one call the browser's card script makes, cross-origin. Point the server at it with
 * STRIPE_API_URL = `url` and STRIPE_SECRET_KEY = `secretKey`; the app's script uses `publishableKey`.
 * Journeys that run it in another process (fake-stripe-main.ts) read it through `/__fake/…`.
 */

export interface FakeStripeOptions {
  /** 0 (the default) takes a free port. */
  readonly port?: number;
  readonly host?: string;
  readonly secretKey?: string;
  readonly publishableKey?: string;
}

/** What tests read of the fake's state, in this process or (through /__fake) from another. */
type FakeState = Pick<FakeProvider, 'reset' | 'paymentIntentsOf' | 'customersOf'>;

export interface FakeStripe extends FakeState {
  /** The origin to give the server as STRIPE_API_URL. */
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  readonly publishableKey: string;
  close(): Promise<void>;
}

const json = (body: unknown): Answer => ({ status: 200, body });
const redacted = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

interface Call extends ProviderRequest {
  readonly authorization: string | undefined;
  readonly idempotencyKey: string | undefined;
}

/** The provider's front door: the key first, then an idempotent replay or the call itself. */
function gate(provider: FakeProvider, keys: { secretKey: string; publishableKey: string }) {
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  const call = (request: Call): Answer => {
    // The browser script may send its publishable key as the form field `key`; servers use Bearer auth.
    const key = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1] ?? request.form.get('key');
    if (!key) {
      return failure(
        401,
        'invalid_request_error',
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    }
    const kind = key.startsWith('pk_') ? 'publishable' : 'secret';
    if (key !== (kind === 'secret' ? keys.secretKey : keys.publishableKey)) {
      return failure(401, 'invalid_request_error', `Invalid API Key provided: ${redacted(key)}`);
    }
    if (request.method !== 'POST' || !request.idempotencyKey) return provider.dispatch(request, kind);
    const slot = `${key} ${request.idempotencyKey}`;
    const fingerprint = `${request.path} ${request.form.toString()}`;
    const earlier = replays.get(slot);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return failure(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
      );
    }
    if (earlier) return earlier.answer;
    const answer = provider.dispatch(request, kind);
    // Like the provider, a server error is not kept, so a retry with the key runs again.
    if (answer.status < 500) replays.set(slot, { fingerprint, answer });
    return answer;
  };
  return { call, reset: () => replays.clear() };
}

/** Test-only calls, outside the provider's /v1: readiness, a reset between journeys, and the charges of a practice. */
function introspect(state: FakeState, method: string, url: URL): Answer {
  if (method === 'GET' && url.pathname === '/__fake/health') return json({ ok: true });
  if (method === 'POST' && url.pathname === '/__fake/reset') {
    state.reset();
    return json({ ok: true });
  }
  if (method === 'GET' && url.pathname === '/__fake/payment_intents') {
    const practiceId = Number(url.searchParams.get('practiceId'));
    const data: FakePaymentIntent[] = state.customersOf(practiceId).flatMap((customer) => state.paymentIntentsOf(customer.id));
    return json({ object: 'list', data });
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } },
  };
}

async function handle(state: FakeState, door: ReturnType<typeof gate>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://fake.invalid');
  const method = request.method ?? 'GET';
  // The browser calls from the app's origin, so every answer allows any origin, as the provider's do.
  response.setHeader('Access-Control-Allow-Origin', '*');
  if (method === 'OPTIONS') {
    response.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    });
    response.end();
    return;
  }
  const body = await text(request);
  const idempotencyKey = request.headers['idempotency-key'];
  const answer = url.pathname.startsWith('/__fake/')
    ? introspect(state, method, url)
    : door.call({
        method,
        path: url.pathname,
        form: method === 'POST' ? new URLSearchParams(body) : url.searchParams,
        authorization: request.headers.authorization,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
  response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(8).toString('hex')}` });
  response.end(JSON.stringify(answer.body));
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const publishableKey = options.publishableKey ?? FAKE_STRIPE_PUBLISHABLE_KEY;
  const host = options.host ?? '127.0.0.1';
  const provider = createFakeProvider();
  const door = gate(provider, { secretKey, publishableKey });
  const state: FakeState = {
    reset: () => {
      provider.reset();
      door.reset();
    },
    paymentIntentsOf: (customerId) => provider.paymentIntentsOf(customerId),
    customersOf: (practiceId) => provider.customersOf(practiceId),
  };
  const server = createServer((request, response) => {
    handle(state, door, request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The fake card provider is not listening on a port');
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    secretKey,
    publishableKey,
    ...state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const CreatedCardSchema = v.object({
  id: v.optional(v.string()),
  card: v.optional(v.object({ brand: v.string(), last4: v.string(), exp_month: v.number(), exp_year: v.number() })),
  error: v.optional(v.object({ type: v.string(), message: v.string(), code: v.optional(v.string()) })),
});

export interface CardDetails {
  readonly number: string;
  readonly expMonth?: number;
  readonly expYear?: number;
  readonly cvc?: string;
}

/** What the browser's card script does: creates a card payment method with the publishable key. */
export async function createCardInBrowser(
  fake: Pick<FakeStripe, 'url' | 'publishableKey'>,
  card: CardDetails,
): Promise<{ status: number; body: v.InferOutput<typeof CreatedCardSchema> }> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth ?? 12),
    'card[exp_year]': String(card.expYear ?? new Date().getUTCFullYear() + 4),
    'card[cvc]': card.cvc ?? '123',
  });
  const response = await fetch(`${fake.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${fake.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, body: v.parse(CreatedCardSchema, await response.json()) };
}

/** A card created in the browser, by id; fails the test when the fake refuses the details. */
export async function newCardId(fake: Pick<FakeStripe, 'url' | 'publishableKey'>, card: CardDetails): Promise<string> {
  const created = await createCardInBrowser(fake, card);
  if (!created.body.id) throw new Error(`The fake card provider refused the card: ${created.body.error?.message ?? created.status}`);
  return created.body.id;
}
