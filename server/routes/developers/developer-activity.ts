import type { Context } from 'hono';
import { ActivityObjectType, type ActivityKind } from '../../../src/model/activity/activity';
import type { AuthEnv } from '../../auth/require-auth';
import type { Queryable } from '../../db/database';
import type { Deps } from '../../deps';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';
import { recordPracticeChange } from '../practice/practice-activity';

/**
 * Issue 44: the developer settings' and webhooks' entries, each written in the transaction of what it records. No
 * entry ever holds a secret or a key: the API key and webhook secret are the practice's, named by the kind alone, and a
 * webhook is named by its endpoint's host and path, since a query string may carry a receiver's token.
 */

/** "hooks.example.com/lab/results": the endpoint without its scheme, credentials, query or fragment. */
export function webhookLabel(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'webhook';
  }
}

export function recordWebhookEvent(
  tx: Queryable,
  c: Context<AuthEnv>,
  deps: Pick<Deps, 'clock' | 'config'>,
  kind: ActivityKind,
  webhook: { readonly uid: string; readonly endpoint: string },
): Promise<void> {
  const object = { type: ActivityObjectType.webhook, id: webhook.uid, label: webhookLabel(webhook.endpoint) };
  return recordActivity(tx, activityContext(c, deps), { kind, object });
}

/** The API key's and the webhook secret's events: about the practice, whose key or secret it is. */
export function recordKeyEvent(
  tx: Queryable,
  c: Context<AuthEnv>,
  deps: Pick<Deps, 'clock' | 'config'>,
  kind: ActivityKind,
): Promise<void> {
  return recordPracticeChange(tx, c, deps, kind, null);
}
