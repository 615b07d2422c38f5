import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { contractDocument } from '../../openapi';

/** The contract itself, open to anyone: it says what each call takes, not anything about the data. */
export function openApiRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Public and the same for everyone, so a cache may keep it; it asks again before using it, as a release changes it.
  routes.get('/openapi.json', (c) => c.json(contractDocument(), 200, { 'Cache-Control': 'no-cache' }));

  return routes;
}
