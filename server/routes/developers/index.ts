import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { apiReferenceRoutes } from './api-reference';
import { webhookConsoleRoutes } from './console';
import { openApiRoutes } from './openapi';
import { webhookRoutes } from './webhooks';

/** The developers area's calls: the API key and webhooks, the contract and its reference page. */
export function developerRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', webhookRoutes(deps));
  routes.route('/', webhookConsoleRoutes(deps));
  routes.route('/', openApiRoutes());
  routes.route('/', apiReferenceRoutes());
  return routes;
}
