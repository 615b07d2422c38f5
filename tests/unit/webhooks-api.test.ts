import { describe, expect, it, vi } from 'vitest';
import { AnswerError } from '../../src/services/http/answer';
import { ApiError } from '../../src/services/http/api-error';
import { createHttpClient } from '../../src/services/http/http';
import { createWebhooksApi } from '../../src/services/developers/webhooks.api';
import { fakeFetch, json, type Handler } from '../support/fake-fetch';

function api(handler: Handler) {
  const network = fakeFetch(handler);
  return { webhooks: createWebhooksApi(createHttpClient({ fetch: network.fetch })), calls: network.calls };
}

describe('the webhooks API client (kits §7 "Webhooks")', () => {
  it('reads the webhooks, the events, the secret and the token schema from their GET calls', async () => {
    const answers: Record<string, unknown> = {
      '/portalApi/Webhooks': [{ uid: 'w-1', endpoint: 'https://a.example', events: [{ id: 1, name: 'kit.updated' }] }],
      '/portalApi/Webhooks/Events': [{ id: 1, name: 'kit.updated', fullName: 'Kit updated', description: 'A kit changed' }],
      '/portalApi/Webhooks/Secret': { secret: 'whsec_12345678', maskedSecret: '••••5678' },
      '/portalApi/Webhooks/TokenSchema': { apiKey: 'key-abcdef', name: 'west' },
    };
    const { webhooks, calls } = api((call) => json(answers[call.url]));
    expect(await webhooks.list()).toEqual([{ uid: 'w-1', endpoint: 'https://a.example', events: [{ id: 1, name: 'kit.updated' }] }]);
    expect(await webhooks.events()).toEqual([
      { id: 1, name: 'kit.updated', type: null, fullName: 'Kit updated', description: 'A kit changed' },
    ]);
    expect(await webhooks.secret()).toEqual({ secret: 'whsec_12345678', maskedSecret: '••••5678', previousSecretExpiresAt: null });
    expect(await webhooks.tokenSchema()).toEqual({ apiKey: 'key-abcdef', name: 'west' });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /portalApi/Webhooks',
      'GET /portalApi/Webhooks/Events',
      'GET /portalApi/Webhooks/Secret',
      'GET /portalApi/Webhooks/TokenSchema',
    ]);
  });

  it('creates with POST /Webhooks, replaces with PUT /Webhooks/{uid}, deletes with DELETE /Webhooks/{uid}', async () => {
    // Whatever a save answers (the webhook, true, nothing), only its success counts.
    const { webhooks, calls } = api((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : call.method === 'POST' ? json({ uid: 'w-9' }, 201) : json(true),
    );
    const body = { endpoint: 'https://a.example/hook', events: ['kit.updated'] };
    await webhooks.create(body);
    await webhooks.update('w/9', body);
    await webhooks.remove('w-9');
    expect(calls.map(({ method, url, body: sent }) => [method, url, sent])).toEqual([
      ['POST', '/portalApi/Webhooks', body],
      ['PUT', '/portalApi/Webhooks/w%2F9', body],
      ['DELETE', '/portalApi/Webhooks/w-9', undefined],
    ]);
  });

  it('a failure carries the server’s message; an answer outside the contract is not one for the user', async () => {
    const refusing = api(() => json({ error: { message: 'Endpoint is not reachable' }, correlationId: 'c-4' }, 400));
    const failure = refusing.webhooks.create({ endpoint: 'https://a.example', events: ['kit.updated'] });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Endpoint is not reachable');

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const odd = api(() => json({ items: [] }));
    await expect(odd.webhooks.list()).rejects.toBeInstanceOf(AnswerError);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
