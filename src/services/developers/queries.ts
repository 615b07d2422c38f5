import { queryOptions } from '@tanstack/react-query';
import { DeliveryOutcome } from '../../model/developers/webhook-console';
import { isMissingCall, webhookConsoleApi } from './webhook-console.api';
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

/** How often a delivery log with a delivery still waiting is read again, until the sender has made its attempt. */
export const WAITING_LOG_REFRESH_MS = 1_000;

/** A webhook's delivery log, page by page, under ['webhooks', 'deliveries', uid]; a console action invalidates it. */
export const deliveryLogKeys = {
  all: ['webhooks', 'deliveries'] as const,
  of: (uid: string) => ['webhooks', 'deliveries', uid] as const,
  page: (uid: string, page: number) => ['webhooks', 'deliveries', uid, page] as const,
};

export const deliveryLogQuery = (uid: string, page: number) =>
  queryOptions({
    queryKey: deliveryLogKeys.page(uid, page),
    queryFn: ({ signal }) => webhookConsoleApi.deliveries(uid, page, { signal }),
    // A portalApi without the console answers 404: asking again changes nothing.
    retry: (failures, error) => !isMissingCall(error) && failures < 2,
    refetchInterval: (query) =>
      query.state.data?.items.some((entry) => entry.outcome === DeliveryOutcome.waiting) ? WAITING_LOG_REFRESH_MS : false,
  });
