import { Hono } from 'hono';
import type { AppEnv } from '../http/env';

/** A readable API reference built from the OpenAPI document (built by issue 11). */
export function apiReferenceRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
