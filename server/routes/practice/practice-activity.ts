import type { Context } from 'hono';
import { ActivityObjectType, type ActivityKind } from '../../../src/model/activity/activity';
import type { AuthEnv } from '../../auth/require-auth';
import type { Queryable } from '../../db/database';
import type { Deps } from '../../deps';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';

/**
 * Issue 44: a change of the signed-in practice's settings, recorded in the change's own transaction (`tx`). The
 * practice is named as it is after the change, which is how its members know it on the trail.
 */
export async function recordPracticeChange(
  tx: Queryable,
  c: Context<AuthEnv>,
  deps: Pick<Deps, 'clock' | 'config'>,
  kind: ActivityKind,
  detail: string | null,
): Promise<void> {
  const { practiceId } = c.var.account;
  const [practice] = await tx.query<{ name: string }>('SELECT name FROM practices WHERE id = $1', [practiceId]);
  const object = { type: ActivityObjectType.practice, id: String(practiceId), label: practice?.name ?? `practice #${practiceId}` };
  await recordActivity(tx, activityContext(c, deps), { kind, object, detail });
}
