import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  TokenSchemaSchema,
  WebhookEventsSchema,
  WebhookRequestSchema,
  WebhookSecretSchema,
  WebhooksSchema,
  webhookFieldErrors,
  webhookFormValues,
} from '../../src/model/developers/webhook';
import { COPY_FEEDBACK_MS, isWebhookUrl, MASK_CHAR, maskSecret, webhookSaveFallback } from '../../src/model/developers/webhook-rules';
import { WebhookMessageText, WebhookValidationText } from '../../src/model/developers/webhook-texts';

const masked = (n: number) => MASK_CHAR.repeat(n);

describe('masking the API key and the schema name (kits §9: masked leaving the last 4 characters)', () => {
  it('hides every character but the last 4, one mask character each', () => {
    expect(maskSecret('sk_live_1234abcd')).toBe(`${masked(12)}abcd`);
    expect(maskSecret('schema_west')).toBe(`${masked(7)}west`);
  });

  it('masks a value of 4 characters or fewer whole, since its last 4 would be all of it', () => {
    expect(maskSecret('abcde')).toBe(`${masked(1)}bcde`);
    expect(maskSecret('abcd')).toBe(masked(4));
    expect(maskSecret('a')).toBe(masked(1));
  });

  it('shows nothing for an empty or missing value', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret(null)).toBe('');
    expect(maskSecret(undefined)).toBe('');
  });

  it('copy feedback lasts 2 seconds', () => {
    expect(COPY_FEEDBACK_MS).toBe(2_000);
  });
});

describe('a valid webhook URL (kits §5 "Please enter a valid URL": an absolute http or https address)', () => {
  it.each(['https://hooks.example.com/lab', 'http://localhost:8080/hook', ' https://example.com/a?b=c ', 'HTTPS://EXAMPLE.COM'])(
    'accepts %j',
    (url) => expect(isWebhookUrl(url)).toBe(true),
  );

  it.each([
    '',
    'example.com/hook',
    '/relative/hook',
    'ftp://example.com',
    'mailto:lab@example.com',
    'javascript:alert(1)',
    'https:example.com',
    'https://',
    'https://exa mple.com',
  ])('refuses %j', (url) => expect(isWebhookUrl(url)).toBe(false));
});

describe('the webhook request (kits §5, §7: endpoint and events as event names)', () => {
  it('sends the endpoint trimmed and each event name once', () => {
    expect(
      v.parse(WebhookRequestSchema, { endpoint: ' https://example.com/h ', events: ['kit.updated', 'kit.updated', 'report.ready'] }),
    ).toEqual({
      endpoint: 'https://example.com/h',
      events: ['kit.updated', 'report.ready'],
    });
  });

  it('words each broken rule exactly as kits §5, under its field', () => {
    expect(webhookFieldErrors({ endpoint: '  ', events: [] })).toEqual({
      endpoint: WebhookValidationText.endpointRequired,
      events: WebhookValidationText.eventsRequired,
    });
    expect(webhookFieldErrors({ endpoint: 'not a url', events: ['kit.updated'] })).toEqual({ endpoint: 'Please enter a valid URL' });
    expect(webhookFieldErrors({ endpoint: 'https://example.com', events: [] })).toEqual({ events: 'At least one event must be selected' });
    expect(webhookFieldErrors({ endpoint: '', events: ['x'] })).toEqual({ endpoint: 'Endpoint URL is required' });
    expect(webhookFieldErrors({ endpoint: 'https://example.com', events: ['x'] })).toEqual({});
  });

  it('a direct call without a field hears that field’s own message', () => {
    const result = v.safeParse(WebhookRequestSchema, {});
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toEqual(['Endpoint URL is required', 'At least one event must be selected']);
    expect(v.safeParse(WebhookRequestSchema, { endpoint: 'https://example.com', events: [' '] }).issues?.[0]?.message).toBe(
      WebhookValidationText.eventsNotNames,
    );
  });
});

describe('reading the webhook answers leniently (contract decisions)', () => {
  it('GET /Webhooks: a plain array; unknown fields dropped, missing events read as none', () => {
    expect(
      v.parse(WebhooksSchema, [
        { uid: 'w-1', endpoint: 'https://a.example', events: [{ id: 3, name: 'kit.updated', extra: 1 }], createdAt: 'x' },
        { uid: 'w-2', endpoint: 'https://b.example', events: null },
        { uid: 'w-3', endpoint: 'https://c.example' },
      ]),
    ).toEqual([
      { uid: 'w-1', endpoint: 'https://a.example', events: [{ id: 3, name: 'kit.updated' }] },
      { uid: 'w-2', endpoint: 'https://b.example', events: [] },
      { uid: 'w-3', endpoint: 'https://c.example', events: [] },
    ]);
  });

  it('a webhook without its uid or endpoint cannot be listed, so it is a load failure', () => {
    expect(v.is(WebhooksSchema, [{ endpoint: 'https://a.example' }])).toBe(false);
    expect(v.is(WebhooksSchema, [{ uid: 'w-1' }])).toBe(false);
  });

  it('GET /Webhooks/Events: ids as numbers or digits, optional texts may be missing or null', () => {
    expect(
      v.parse(WebhookEventsSchema, [
        { id: 1, name: 'kit.updated', type: 2, fullName: 'Kit updated', description: null },
        { id: '2', name: 'report.ready' },
      ]),
    ).toEqual([
      { id: 1, name: 'kit.updated', type: 2, fullName: 'Kit updated', description: null },
      { id: '2', name: 'report.ready', type: null, fullName: null, description: null },
    ]);
  });

  it('the secret and the token schema read with either part missing', () => {
    expect(v.parse(WebhookSecretSchema, { maskedSecret: '••••abcd' })).toEqual({
      secret: null,
      maskedSecret: '••••abcd',
      previousSecretExpiresAt: null,
    });
    expect(v.parse(TokenSchemaSchema, { apiKey: 'key-1234', name: null, other: true })).toEqual({ apiKey: 'key-1234', name: null });
  });

  it('an edit form opens with the webhook’s endpoint and event names', () => {
    expect(
      webhookFormValues({
        endpoint: 'https://a.example',
        events: [
          { id: 1, name: 'kit.updated' },
          { id: 2, name: 'report.ready' },
        ],
      }),
    ).toEqual({
      endpoint: 'https://a.example',
      events: ['kit.updated', 'report.ready'],
    });
  });
});

describe('the §8 fallbacks of a failed save', () => {
  it('update: "Failed to update webhook"', () => {
    expect(webhookSaveFallback('update', new Error('x'))).toBe(WebhookMessageText.updateFailed);
  });

  it('create: "Failed to create webhook" for an error, "Unknown error while creating webhook" for anything else', () => {
    expect(webhookSaveFallback('create', new Error('answer outside the contract'))).toBe('Failed to create webhook');
    expect(webhookSaveFallback('create', 'boom')).toBe('Unknown error while creating webhook');
  });
});
