import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { contractDocument } from '../openapi';

/** The contract itself, open to anyone: it says what each call takes, not anything about the data. */
export function openApiRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/openapi.json', (c) => c.json(contractDocument()));

  return routes;
}
