import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { buildOpenApiDocument } from '../openapi';

/** The contract itself, open to anyone: it says what each call takes, not anything about the data. */
export function openApiRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // The document cannot change while the app runs, so it is converted once here, not on every request.
  const document = buildOpenApiDocument();

  routes.get('/openapi.json', (c) => c.json(document));

  return routes;
}
