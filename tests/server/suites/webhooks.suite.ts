import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MASK_CHAR } from '../../../src/model/developers/webhook-rules';
import { WebhookValidationText as T } from '../../../src/model/developers/webhook-texts';
import {
  TokenSchemaRecordSchema,
  WebhookEventRecordsSchema,
  WebhookRecordSchema,
  WebhookRecordsSchema,
  WebhookSecretRecordSchema,
  WebhookServerText,
  type WebhookRecord,
  type WebhookRequest,
} from '../../../src/model/developers/webhook';
import { loadSigningKey } from '../../../server/auth/access-tokens';
import { seed } from '../../../server/seed/seed';
import { PRACTICE_IDS, SEED_PRACTICES } from '../../../server/seed/seed-data';
import { WEBHOOK_EVENTS } from '../../../server/seed/webhooks';
import { API_KEY_PREFIX, verifyApiKey, WEBHOOK_SECRET_PREFIX } from '../../../server/developers/api-keys';
import { UrlPolicyText } from '../../../server/developers/url-policy';
import { buildServer, errorMessage, testConfig, type Answer, type TestServer } from '../support/harness';
import { tokenOf } from './ordering-fixtures.suite';

const HOOK: WebhookRequest = { endpoint: 'https://hooks.example.com/lab', events: ['KitStatusChanged', 'ReportReady'] };
const BOTH_EVENTS = [
  { id: 1, name: 'KitStatusChanged' },
  { id: 2, name: 'ReportReady' },
];

function webhookIn(answer: Answer, status = 200): WebhookRecord {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(WebhookRecordSchema, answer.body);
}

/** Kits §2 "Developer settings", §3 Webhook, Webhook event, Webhook secret, Token schema; §5; §7 Webhooks. */
export function webhooksSuite(server: () => TestServer): void {
  const riverside = () => tokenOf(server(), 'hcp.checkout');
  const lakeside = () => tokenOf(server(), 'hcp.net30');
  const create = async (token: string, body: WebhookRequest = HOOK) =>
    webhookIn(await server().call('POST', '/Webhooks', { token, body }), 201);
  const list = async (token: string) => {
    const answer = await server().call('GET', '/Webhooks', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(WebhookRecordsSchema, answer.body);
  };
  const webhookRows = async () => (await server().db.query('SELECT id FROM webhooks')).length;

  describe('webhooks: GET /Webhooks/Events', () => {
    it('answers the two events as a plain array, every field present', async () => {
      const answer = await server().call('GET', '/Webhooks/Events', { token: await riverside() });
      expect(answer.status).toBe(200);
      expect(v.parse(WebhookEventRecordsSchema, answer.body)).toEqual([
        {
          id: 1,
          name: 'KitStatusChanged',
          type: 'Kit',
          fullName: 'Kit status changed',
          description: 'A kit reached a new status in the laboratory.',
        },
        {
          id: 2,
          name: 'ReportReady',
          type: 'Report',
          fullName: 'Report ready',
          description: 'A kit’s results are ready and its reports can be downloaded.',
        },
      ]);
    });

    it('answers 401 to every call without a token', async () => {
      for (const [method, path] of [
        ['GET', '/Webhooks/Events'],
        ['GET', '/Webhooks/Secret'],
        ['GET', '/Webhooks/TokenSchema'],
        ['GET', '/Webhooks'],
        ['POST', '/Webhooks'],
        ['PUT', '/Webhooks/some-uid'],
        ['DELETE', '/Webhooks/some-uid'],
      ] as const) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : HOOK;
        expect((await server().call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      }
    });
  });

  describe('webhooks: GET, POST, PUT, DELETE /Webhooks', () => {
    it('has no demo webhooks', async () => {
      expect(await list(await riverside())).toEqual([]);
    });

    it('creates a webhook (201, its record), lists it, updates it (200) and deletes it (200 true)', async () => {
      const token = await riverside();
      const created = await create(token, { endpoint: '  https://hooks.example.com/lab  ', events: ['ReportReady', 'KitStatusChanged'] });
      expect(created).toEqual({ uid: created.uid, endpoint: 'https://hooks.example.com/lab', events: BOTH_EVENTS });
      expect(created.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await list(token)).toEqual([created]);

      const put = await server().call('PUT', `/Webhooks/${created.uid}`, {
        token,
        body: { endpoint: 'https://other.example.com/in', events: ['ReportReady'] },
      });
      const updated = webhookIn(put);
      expect(updated).toEqual({ uid: created.uid, endpoint: 'https://other.example.com/in', events: [{ id: 2, name: 'ReportReady' }] });
      expect(await list(token)).toEqual([updated]);

      const deleted = await server().call('DELETE', `/Webhooks/${created.uid}`, { token });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toBe(true);
      expect(await list(token)).toEqual([]);
      expect((await server().call('DELETE', `/Webhooks/${created.uid}`, { token })).status).toBe(404);
      expect(await server().db.query('SELECT * FROM webhook_subscriptions')).toEqual([]);
    });

    it('lists the practice’s webhooks in the order they were made, and allows one endpoint twice', async () => {
      const token = await riverside();
      const first = await create(token);
      const second = await create(token, { endpoint: HOOK.endpoint, events: ['KitStatusChanged'] });
      expect(second.uid).not.toBe(first.uid);
      expect((await list(token)).map((hook) => hook.uid)).toEqual([first.uid, second.uid]);
    });

    it('answers 404 to PUT and DELETE of a uid the practice has none of', async () => {
      const token = await riverside();
      const put = await server().call('PUT', '/Webhooks/no-such-webhook', { token, body: HOOK });
      expect(put.status).toBe(404);
      expect(errorMessage(put.body)).toBe(WebhookServerText.notFound);
      expect((await server().call('DELETE', '/Webhooks/no-such-webhook', { token })).status).toBe(404);
    });
  });

  describe('webhooks: scoped to the signed-in practice', () => {
    it('another practice cannot see, edit or delete a webhook (404), and each lists only its own', async () => {
      const own = await riverside();
      const other = await lakeside();
      const hook = await create(own);
      const theirs = await create(other, { endpoint: 'https://lakeside.example.com/hook', events: ['ReportReady'] });
      expect(await list(own)).toEqual([hook]);
      expect(await list(other)).toEqual([theirs]);

      const put = await server().call('PUT', `/Webhooks/${hook.uid}`, {
        token: other,
        body: { endpoint: 'https://evil.example.com/', events: ['ReportReady'] },
      });
      expect(put.status).toBe(404);
      expect(errorMessage(put.body)).toBe(WebhookServerText.notFound);
      const del = await server().call('DELETE', `/Webhooks/${hook.uid}`, { token: other });
      expect(del.status).toBe(404);
      expect(await list(own)).toEqual([hook]);
    });
  });

  describe('webhooks: bad input (kits §5, the URL policy, unknown events): 400 and nothing stored', () => {
    const cases: [string, unknown, string][] = [
      ['no endpoint', { events: HOOK.events }, `endpoint: ${T.endpointRequired}`],
      ['a blank endpoint', { endpoint: '   ', events: HOOK.events }, `endpoint: ${T.endpointRequired}`],
      ['an endpoint that is not a URL', { endpoint: 'hooks.example.com', events: HOOK.events }, `endpoint: ${T.endpointInvalid}`],
      ['an endpoint that is not http(s)', { endpoint: 'ftp://hooks.example.com', events: HOOK.events }, `endpoint: ${T.endpointInvalid}`],
      ['no events', { endpoint: HOOK.endpoint }, `events: ${T.eventsRequired}`],
      ['an empty list of events', { endpoint: HOOK.endpoint, events: [] }, `events: ${T.eventsRequired}`],
      ['a URL with credentials', { endpoint: 'https://user:pw@hooks.example.com/', events: HOOK.events }, UrlPolicyText.credentials],
      [
        'an unknown event',
        { endpoint: HOOK.endpoint, events: ['KitStatusChanged', 'KitLost'] },
        WebhookServerText.unknownEvents(['KitLost']),
      ],
      ['unknown events', { endpoint: HOOK.endpoint, events: ['KitLost', 'KitFound'] }, 'Unknown webhook events: KitLost, KitFound'],
    ];

    it.each(cases)('POST with %s', async (_name, body, message) => {
      const token = await riverside();
      const answer = await server().call('POST', '/Webhooks', { token, body });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await webhookRows()).toBe(0);
    });

    it.each(cases)('PUT with %s', async (_name, body, message) => {
      const token = await riverside();
      const hook = await create(token);
      const answer = await server().call('PUT', `/Webhooks/${hook.uid}`, { token, body });
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body)).toBe(message);
      expect(await list(token)).toEqual([hook]);
    });

    it('an unknown event is named in the message', async () => {
      const answer = await server().call('POST', '/Webhooks', { token: await riverside(), body: { ...HOOK, events: ['KitLost'] } });
      expect(errorMessage(answer.body)).toBe('Unknown webhook event: KitLost');
    });

    it('in development accepts http and private hosts, so a receiver on localhost works', async () => {
      const token = await riverside();
      for (const endpoint of ['http://localhost:8080/hook', 'http://127.0.0.1:9000/in', 'http://10.0.0.1/hook']) {
        expect((await create(token, { ...HOOK, endpoint })).endpoint).toBe(endpoint);
      }
    });

    it('in production settings refuses http, loopback, private and localhost endpoints on POST and PUT, and takes a public https one', async () => {
      const own = server();
      const production = buildServer(own.db, own.adapter, testConfig({ production: true }));
      const token = await tokenOf(production, 'hcp.checkout');
      const refused: [string, string][] = [
        ['http://hooks.example.com/lab', UrlPolicyText.httpsRequired],
        ['https://127.0.0.1/hook', UrlPolicyText.privateAddress],
        ['https://10.0.0.1/hook', UrlPolicyText.privateAddress],
        ['https://localhost/hook', UrlPolicyText.privateAddress],
        ['https://[::1]/hook', UrlPolicyText.privateAddress],
        ['https://169.254.169.254/latest', UrlPolicyText.privateAddress],
        // IPv4-compatible and IPv4-mapped IPv6 literals are judged by the IPv4 address they carry (issue 37 item 12).
        ['https://[::127.0.0.1]/', UrlPolicyText.privateAddress],
        ['https://[::a9fe:a9fe]/', UrlPolicyText.privateAddress],
        ['https://[::ffff:10.0.0.1]/', UrlPolicyText.privateAddress],
      ];
      for (const [endpoint, message] of refused) {
        const answer = await production.call('POST', '/Webhooks', { token, body: { ...HOOK, endpoint } });
        expect(answer.status, endpoint).toBe(400);
        expect(errorMessage(answer.body), endpoint).toBe(message);
      }
      expect(await webhookRows()).toBe(0);

      // An address literal needs no name lookup, so the test does not depend on the network.
      const hook = webhookIn(
        await production.call('POST', '/Webhooks', { token, body: { ...HOOK, endpoint: 'https://93.184.216.34/hook' } }),
        201,
      );
      for (const [endpoint, message] of refused) {
        const answer = await production.call('PUT', `/Webhooks/${hook.uid}`, { token, body: { ...HOOK, endpoint } });
        expect(answer.status, endpoint).toBe(400);
        expect(errorMessage(answer.body), endpoint).toBe(message);
      }
      expect(await list(token)).toEqual([hook]);
    });
  });

  describe('webhooks: developer settings (GET /Webhooks/Secret and /Webhooks/TokenSchema)', () => {
    it('the seed gives every demo practice its own settings, and the two events', async () => {
      const rows = await server().db.query<{ practice_id: number; schema_name: string; webhook_secret: string }>(
        'SELECT practice_id, schema_name, webhook_secret FROM practice_developer_settings ORDER BY practice_id',
      );
      expect(rows.map((row) => row.practice_id)).toEqual(SEED_PRACTICES.map((p) => p.id).sort((a, b) => a - b));
      expect(new Set(rows.map((row) => row.webhook_secret)).size).toBe(rows.length);
      expect(rows.find((row) => row.practice_id === PRACTICE_IDS.riverside)?.schema_name).toMatch(
        /^riverside_family_medicine_[0-9a-f]{6}$/,
      );
      expect(await server().db.query('SELECT id, name FROM webhook_events ORDER BY id')).toEqual(
        WEBHOOK_EVENTS.map(({ id, name }) => ({ id, name })),
      );
    });

    it('seeding again keeps every practice’s settings and the events as they are', async () => {
      const read = () => server().db.query('SELECT * FROM practice_developer_settings ORDER BY practice_id');
      const before = await read();
      const events = await server().db.query('SELECT * FROM webhook_events ORDER BY id');
      await seed(server().db);
      expect(await read()).toEqual(before);
      expect(await server().db.query('SELECT * FROM webhook_events ORDER BY id')).toEqual(events);
    });

    it('answers the webhook secret whole and masked but for the last 4, the same on every call, its own per practice', async () => {
      const token = await riverside();
      const read = async (t: string) =>
        v.parse(WebhookSecretRecordSchema, (await server().call('GET', '/Webhooks/Secret', { token: t })).body);
      const secret = await read(token);
      expect(secret.secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
      expect(Buffer.from(secret.secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64url')).toHaveLength(32);
      expect(secret.maskedSecret).toBe(MASK_CHAR.repeat(secret.secret.length - 4) + secret.secret.slice(-4));
      expect(await read(token)).toEqual(secret);
      expect((await read(await lakeside())).secret).not.toBe(secret.secret);
    });

    it('answers the API key and schema name whole; the key is stable and verifies to the practice', async () => {
      const token = await riverside();
      const read = async (t: string) => {
        const answer = await server().call('GET', '/Webhooks/TokenSchema', { token: t });
        expect(answer.status).toBe(200);
        return v.parse(TokenSchemaRecordSchema, answer.body);
      };
      const first = await read(token);
      expect(first.apiKey.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(first.name).toMatch(/^riverside_family_medicine_[0-9a-f]{6}$/);
      expect(await read(token)).toEqual(first);
      const other = await read(await lakeside());
      expect(other.apiKey).not.toBe(first.apiKey);

      const key = await loadSigningKey(server().db, server().config.tokenSecret);
      expect(await verifyApiKey(server().db, key, first.apiKey)).toBe(PRACTICE_IDS.riverside);
      expect(await verifyApiKey(server().db, key, other.apiKey)).toBe(PRACTICE_IDS.lakeside);
      expect(await verifyApiKey(server().db, key, `${first.apiKey.slice(0, -1)}x`)).toBeNull();
    });

    it('a dump of the developer settings holds no API key, nor any part of one beyond its last four characters', async () => {
      const keys: string[] = [];
      for (const username of ['hcp.checkout', 'hcp.net30', 'cps.user']) {
        const answer = await server().call('GET', '/Webhooks/TokenSchema', { token: await tokenOf(server(), username) });
        keys.push(v.parse(TokenSchemaRecordSchema, answer.body).apiKey);
      }
      const dump = JSON.stringify(await server().db.query('SELECT * FROM practice_developer_settings'));
      for (const key of keys) {
        const body = key.slice(API_KEY_PREFIX.length);
        expect(dump).toContain(`"${key.slice(-4)}"`);
        // Any six characters in a row of the random part would be a piece of the key.
        for (let start = 0; start + 6 <= body.length; start += 1) expect(dump).not.toContain(body.slice(start, start + 6));
      }
    });

    it('makes the settings of a practice that has none on first need, and before its first webhook', async () => {
      await server().db.query('DELETE FROM practice_developer_settings WHERE practice_id = ANY($1::int[])', [
        [PRACTICE_IDS.riverside, PRACTICE_IDS.lakeside],
      ]);
      const secret = await server().call('GET', '/Webhooks/Secret', { token: await riverside() });
      expect(v.parse(WebhookSecretRecordSchema, secret.body).secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
      await create(await lakeside());
      const rows = await server().db.query('SELECT practice_id FROM practice_developer_settings WHERE practice_id = $1', [
        PRACTICE_IDS.lakeside,
      ]);
      expect(rows).toHaveLength(1);
    });
  });
}
