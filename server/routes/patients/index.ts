import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { patientMeRoutes } from './me';
import { patientRecordRoutes } from './patients';

/** The patients calls under the base path: the patient's own record, then the provider side's patients. */
export function patientRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Before /Patients/{id}, which would otherwise be asked for "Me".
  routes.route('/', patientMeRoutes(deps));
  routes.route('/', patientRecordRoutes(deps));
  return routes;
}
