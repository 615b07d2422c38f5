import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';

/** Kits §7 "Webhooks": developer settings and the practice's webhooks (built by issue 11). */
export function webhookRoutes(_deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
