import { queryOptions } from '@tanstack/react-query';
import { webhooksApi } from './webhooks.api';

/**
 * Developer settings' server data (kits §2, §7), keyed under ['webhooks']. A webhook saved or deleted changes
 * only the list, so machines invalidate `webhookKeys.list`; the events, the secret and the key stay cached.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  events: ['webhooks', 'events'] as const,
  secret: ['webhooks', 'secret'] as const,
  tokenSchema: ['webhooks', 'tokenSchema'] as const,
};

export const webhooksQuery = () => queryOptions({ queryKey: webhookKeys.list, queryFn: ({ signal }) => webhooksApi.list({ signal }) });

export const webhookEventsQuery = () =>
  queryOptions({ queryKey: webhookKeys.events, queryFn: ({ signal }) => webhooksApi.events({ signal }) });

export const webhookSecretQuery = () =>
  queryOptions({ queryKey: webhookKeys.secret, queryFn: ({ signal }) => webhooksApi.secret({ signal }) });

export const tokenSchemaQuery = () =>
  queryOptions({ queryKey: webhookKeys.tokenSchema, queryFn: ({ signal }) => webhooksApi.tokenSchema({ signal }) });
