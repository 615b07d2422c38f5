import { DEFAULT_ACTIVITY_RETENTION_DAYS } from '../../../src/model/activity/activity';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import { positiveInteger, type Env } from '../../settings';
import { purgeActivity } from '../../store/activity/purge';

/** Once a day is plenty for a retention counted in years; a restart purges at once too. */
const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** ACTIVITY_RETENTION_DAYS: how long the trail keeps an entry; six years unless set. */
export function activityRetentionDays(env: Env): number {
  return positiveInteger(env, 'ACTIVITY_RETENTION_DAYS', DEFAULT_ACTIVITY_RETENTION_DAYS);
}

/** The server's housekeeping of the trail (issue 44): the retention purge, at start and then daily. */
export class ActivityHousekeeping {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly retentionDays: number,
  ) {}

  async purge(): Promise<number> {
    const purged = await purgeActivity(this.db, this.clock(), this.retentionDays);
    if (purged) this.logger.info('Purged activity entries past their retention', { purged, retentionDays: this.retentionDays });
    return purged;
  }

  start(): void {
    const run = (): void => {
      this.running = this.purge().then(
        () => undefined,
        (error: unknown) => {
          this.logger.error('Purging the activity trail failed', { error: error instanceof Error ? error.message : String(error) });
        },
      );
    };
    run();
    this.timer = setInterval(run, PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
