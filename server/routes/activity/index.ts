import { Hono } from 'hono';
import { ACTIVITY_EXPORT_MAX_ROWS, ActivityPageSchema } from '../../../src/model/activity/activity';
import { activityCsv } from '../../../src/model/activity/activity-csv';
import { ActivityListQuerySchema } from '../../../src/model/activity/activity-params';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { readQuery, send } from '../../http/validation';
import { listActivity } from '../../store/activity/list';

/**
 * The activity trail (issue 44): the practice's (GET /Activity, its CSV export) for the provider portal, and each
 * account's own (GET /Activity/My: a patient's sign-ins, consents and report opens). Every read is scoped to the
 * signed-in practice, so another practice's entries never appear, and an object of another practice has none.
 */
export function activityRoutes({ db, clock, requireAuth, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Activity', requireProvider, async (c) => {
    const query = readQuery(c, ActivityListQuerySchema);
    return send(c, ActivityPageSchema, await listActivity(db, { practiceId: c.var.account.practiceId }, query));
  });

  /** The entries the query matches, newest ACTIVITY_EXPORT_MAX_ROWS at most, as a formula-safe CSV file. */
  routes.get('/Activity/export', requireProvider, async (c) => {
    const query = readQuery(c, ActivityListQuerySchema);
    const page = await listActivity(
      db,
      { practiceId: c.var.account.practiceId },
      { ...query, page: 1, pageSize: ACTIVITY_EXPORT_MAX_ROWS },
    );
    const day = clock().toISOString().slice(0, 10);
    return c.body(activityCsv(page.items), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
      'X-Activity-Truncated': page.hasMore ? 'true' : 'false',
    });
  });

  routes.get('/Activity/My', requireAuth, async (c) => {
    const query = readQuery(c, ActivityListQuerySchema);
    const { practiceId, accountId } = c.var.account;
    return send(c, ActivityPageSchema, await listActivity(db, { practiceId, accountId }, query));
  });

  return routes;
}
