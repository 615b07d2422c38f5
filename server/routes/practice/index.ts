import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { practiceSettingsRoutes } from './practices';
import { readPracticeRoutes } from './read-practice';
import { practiceTwoStepRoutes } from './two-step';
import { whiteLabelRoutes } from './white-label';

/** The practice area's calls: the practice as each kind of account reads it, its settings and its white label. */
export function practiceRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', readPracticeRoutes(deps));
  routes.route('/', practiceSettingsRoutes(deps));
  routes.route('/', practiceTwoStepRoutes(deps));
  routes.route('/', whiteLabelRoutes(deps));
  return routes;
}
