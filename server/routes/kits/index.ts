import { Hono } from 'hono';
import { loadSigningKey } from '../../auth/access-tokens';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { kitListRoutes } from './kits';
import { myKitRoutes } from './my-kits';
import { reportRoutes } from './reports';
import { SignedLinks } from '../../auth/signed-links';

/**
 * Kits, reports and diagnostics files (kits §7, issue 10 item 9), sharing one maker of signed links, and the
 * patient's own kits under /Kits/My.
 */
export function kitRoutes(deps: Deps): Hono<AppEnv> {
  const links = new SignedLinks(() => loadSigningKey(deps.db, deps.config.tokenSecret), deps.clock);
  const routes = new Hono<AppEnv>();
  // Before the provider side's /Kits/{barcode}, which would take "My" for a barcode.
  routes.route('/', myKitRoutes(deps));
  routes.route('/', kitListRoutes(deps, links));
  routes.route('/', reportRoutes(deps, links));
  return routes;
}
