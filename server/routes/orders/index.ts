import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { orderListRoutes } from './list';
import { manifestRoutes } from './manifest';
import { orderingRoutes } from './ordering';

/** The orders area's calls under the base path (ordering §7): the catalogue, placing, listing and the manifest. */
export function orderRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Before the ordering routes, whose GET /Orders/:number would otherwise take /Orders/bulk/… paths.
  routes.route('/', manifestRoutes(deps));
  routes.route('/', orderListRoutes(deps));
  routes.route('/', orderingRoutes(deps));
  return routes;
}
