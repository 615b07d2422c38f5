import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { sessionRoutes } from './auth';
import { passwordRoutes } from './password';
import { signInRoutes } from './sign-in';
import { twoStepSignInRoutes } from './two-step-sign-in';

/** The auth area's calls (access §7): sign-in, the session's tokens, switching and migration, passwords. */
export function authRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', signInRoutes(deps));
  routes.route('/', twoStepSignInRoutes(deps));
  routes.route('/', sessionRoutes(deps));
  routes.route('/', passwordRoutes(deps));
  return routes;
}
