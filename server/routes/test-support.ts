import { Hono } from 'hono';
import {
  TestOrderCountQuerySchema,
  TestOrderCountSchema,
  TestResetResponseSchema,
  TestRestoreLinkQuerySchema,
  TestRestoreLinkSchema,
} from '../../src/model/test-support';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readQuery, send } from '../http/validation';
import { ServerText } from '../messages';
import { resetDatabase } from '../seed';
import { countOrders } from '../store/orders/orders';
import { findByLogin } from '../store/people';

/** Test-only calls, mounted under /portalApi/__test only when PORTAL_TEST_MODE=1. */
export function testSupportRoutes({ db, restoreLinks }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/__test/reset', async (c) => {
    await resetDatabase(db);
    restoreLinks.clear();
    return send(c, TestResetResponseSchema, { ok: true });
  });

  routes.get('/__test/restore-link', async (c) => {
    const { username } = readQuery(c, TestRestoreLinkQuerySchema);
    const person = await findByLogin(db, username);
    const latest = person ? restoreLinks.latest(person.personId) : undefined;
    if (!latest) throw new HttpError(404, ServerText.noRestoreLink);
    return send(c, TestRestoreLinkSchema, latest);
  });

  routes.get('/__test/orders/count', async (c) => {
    const { practiceId } = readQuery(c, TestOrderCountQuerySchema);
    return send(c, TestOrderCountSchema, { count: await countOrders(db, Number(practiceId)) });
  });

  return routes;
}
