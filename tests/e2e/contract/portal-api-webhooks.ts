import type { Account } from './portal-api-accounts';
import type { IdStyle, Json } from './portal-api-fake';
import type { Answer } from './portal-api-ordering';

/**
 * The contract fake's part for developer settings, from kits §2, §3, §5, §7 and the README's contract decisions
 * only: `GET /Webhooks/Events` and `GET /Webhooks` answer plain arrays, `GET /Webhooks/Secret` `{ secret,
 * maskedSecret }`, `GET /Webhooks/TokenSchema` `{ apiKey, name }`; `POST /Webhooks` and `PUT /Webhooks/{uid}` take
 * exactly `{ endpoint, events }` with the events as their names; `DELETE /Webhooks/{uid}`. Like a real service it
 * adds fields nobody asked for, masks the secret its own way, answers a save with something the documents do not
 * describe, and refuses a body that is not exactly the contract's with a 400 and the first problem.
 */

type JsonObject = { [key: string]: Json };

interface FakeEvent {
  id: number;
  name: string;
  fullName: string | null;
  description: string | null;
}

interface FakeWebhook {
  practiceId: number;
  uid: string;
  endpoint: string;
  events: string[];
}

/** The practice the fake's first account signs in to (Harbor, 11) has the key, the schema and two webhooks. */
export const FAKE_API_KEY = 'hk_live_7QmZr2Xv9LpT4c8a';
export const FAKE_SCHEMA_NAME = 'harbor_medical_prod';
export const FAKE_WEBHOOK_SECRET = 'whsec_3b1f0c9e55d24a7f';
/** The service masks the secret its own way: the client shows it as given. */
export const FAKE_MASKED_SECRET = 'whsec_************4a7f';

export const FAKE_EVENTS: readonly FakeEvent[] = [
  { id: 7, name: 'kit.status.changed', fullName: 'Kit status changed', description: 'A kit moved to another status.' },
  { id: 8, name: 'report.ready', fullName: 'Report ready', description: 'A report of a kit can be downloaded.' },
  // Optional fields left out: the client falls back to the name and shows no description.
  { id: 9, name: 'order.shipped', fullName: null, description: null },
];

export const FAKE_WEBHOOKS: readonly FakeWebhook[] = [
  { practiceId: 11, uid: 'wh_9c1e', endpoint: 'https://hooks.harbor.example/lab', events: ['kit.status.changed'] },
  { practiceId: 11, uid: 'wh_4a77', endpoint: 'https://erp.harbor.example/in', events: ['report.ready', 'order.shipped'] },
  // Another practice's webhook: never listed for Harbor, and Harbor cannot change it.
  { practiceId: 21, uid: 'wh_lake', endpoint: 'https://lakeshore.example/hook', events: ['report.ready'] },
];

const ok = (json: Json, status = 200): Answer => ({ status, json });
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const ONE = /^\/webhooks\/([^/]+)$/i;
const WEB_ADDRESS = /^https?:\/\/[^\s/]+/i;

export class WebhooksFake {
  /** How the service writes identifiers (the events' ids): a test may switch it to digit strings. */
  ids: IdStyle = 'numbers';
  private webhooks: FakeWebhook[] = FAKE_WEBHOOKS.map((webhook) => ({ ...webhook, events: [...webhook.events] }));
  private created = 0;
  private failures: { method: string; message: string }[] = [];

  /** The next save of this method (POST or PUT) fails with a 400 and this message. */
  failNext(method: 'POST' | 'PUT' | 'DELETE', message: string): void {
    this.failures.push({ method, message });
  }

  /** The practice's webhooks as the fake holds them now, endpoint and event names. */
  stored(practiceId: number): { endpoint: string; events: string[] }[] {
    return this.webhooks.filter((webhook) => webhook.practiceId === practiceId).map(({ endpoint, events }) => ({ endpoint, events }));
  }

  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(method: string, path: string, _query: URLSearchParams, body: unknown, account: Account | undefined): Answer | null {
    const lower = path.toLowerCase();
    if (lower !== '/webhooks' && !lower.startsWith('/webhooks/')) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    const route = `${method} ${lower}`;
    switch (route) {
      case 'GET /webhooks/events':
        return ok(FAKE_EVENTS.map((event) => this.event(event)));
      case 'GET /webhooks/secret':
        return ok({ secret: FAKE_WEBHOOK_SECRET, maskedSecret: FAKE_MASKED_SECRET, rotatedAt: '2026-01-02T10:00:00Z' });
      case 'GET /webhooks/tokenschema':
        // `name` is the schema name; the service adds the key's own id, which the client has no use for.
        return ok({ apiKey: FAKE_API_KEY, name: FAKE_SCHEMA_NAME, keyId: 'key_01', scopes: ['kits:read'] });
      case 'GET /webhooks':
        return ok(this.listed(account.practiceId).map((webhook) => this.webhook(webhook)));
      case 'POST /webhooks':
        return this.create(account.practiceId, body);
    }
    const uid = ONE.exec(path)?.[1];
    if (uid === undefined || (method !== 'PUT' && method !== 'DELETE')) return null;
    const webhook = this.listed(account.practiceId).find((candidate) => candidate.uid === decodeURIComponent(uid));
    // Another practice's webhook is no more found than one that does not exist.
    if (!webhook) return { status: 404, json: { message: 'No webhook with that uid' } };
    const failure = this.takeFailure(method);
    if (failure) return failure;
    if (method === 'DELETE') {
      this.webhooks = this.webhooks.filter((candidate) => candidate !== webhook);
      return ok({ deleted: true });
    }
    const fields = this.fields(body);
    if ('status' in fields) return fields;
    webhook.endpoint = fields.endpoint;
    webhook.events = fields.events;
    return ok(true);
  }

  private listed(practiceId: number): FakeWebhook[] {
    return this.webhooks.filter((webhook) => webhook.practiceId === practiceId);
  }

  private create(practiceId: number, body: unknown): Answer {
    const failure = this.takeFailure('POST');
    if (failure) return failure;
    const fields = this.fields(body);
    if ('status' in fields) return fields;
    this.created += 1;
    const webhook: FakeWebhook = { practiceId, uid: `wh_new${this.created}`, ...fields };
    this.webhooks.push(webhook);
    return ok(this.webhook(webhook), 201);
  }

  private takeFailure(method: string): Answer | null {
    const index = this.failures.findIndex((failure) => failure.method === method);
    if (index < 0) return null;
    const [failure] = this.failures.splice(index, 1);
    return failure ? bad(failure.message) : null;
  }

  /** Kits §5 and §7: exactly `{ endpoint, events }`, a web address and at least one known event name. */
  private fields(body: unknown): { endpoint: string; events: string[] } | Answer {
    if (!isObject(body)) return bad('The body must be a JSON object');
    const extra = Object.keys(body).filter((key) => key !== 'endpoint' && key !== 'events');
    if (extra.length > 0) return bad(`Unknown fields: ${extra.join(', ')}`);
    const { endpoint, events } = body;
    if (typeof endpoint !== 'string' || endpoint.trim() === '') return bad('Endpoint URL is required');
    if (endpoint !== endpoint.trim() || !WEB_ADDRESS.test(endpoint)) return bad('Please enter a valid URL');
    if (!Array.isArray(events) || events.length === 0) return bad('At least one event must be selected');
    const names: string[] = [];
    for (const name of events) {
      if (typeof name !== 'string' || !FAKE_EVENTS.some((event) => event.name === name))
        return bad(`Unknown event: ${JSON.stringify(name)}`);
      if (names.includes(name)) return bad(`Event listed twice: ${name}`);
      names.push(name);
    }
    return { endpoint, events: names };
  }

  private id(value: number): Json {
    return this.ids === 'numbers' ? value : String(value);
  }

  private event(event: FakeEvent): JsonObject {
    const answer: JsonObject = { id: this.id(event.id), name: event.name, type: 'kit', enabled: true, description: event.description };
    if (event.fullName !== null) answer.fullName = event.fullName;
    return answer;
  }

  private webhook(webhook: FakeWebhook): JsonObject {
    return {
      uid: webhook.uid,
      endpoint: webhook.endpoint,
      events: webhook.events.map((name) => {
        const event = FAKE_EVENTS.find((candidate) => candidate.name === name);
        return { id: event ? this.id(event.id) : null, name };
      }),
      createdAt: '2026-01-02T10:00:00Z',
      active: true,
    };
  }
}
