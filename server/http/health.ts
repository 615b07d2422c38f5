import { Hono, type Context } from 'hono';
import type { Database } from '../db/database';
import { loadMigrations } from '../db/migrate';
import type { AppEnv } from './env';

/**
 * The probes a load balancer or Kubernetes asks (issue 43): `/healthz` says the process is alive and answers (a
 * liveness probe; failing it means "restart me"), `/readyz` says this server should get requests now (a readiness
 * probe; failing it means "send them elsewhere"): the database answers and has every migration this code needs, and
 * the server is not stopping. Both are cheap, need no sign-in and are never cached.
 */

/** A database that does not answer `SELECT 1` within this long counts as not answering. */
export const READINESS_TIMEOUT_MS = 2_000;

export const ReadinessText = {
  stopping: 'The server is stopping.',
  noDatabase: 'The database does not answer.',
  migrationsMissing: (versions: readonly number[]) =>
    `The database lacks ${versions.length === 1 ? 'migration' : 'migrations'} ${versions.join(', ')}, which this server needs.`,
} as const;

export type ReadinessState = { readonly ready: true } | { readonly ready: false; readonly reason: string };

export interface ReadinessOptions {
  readonly timeoutMs?: number;
  /** The versions this code needs; by default those in server/migrations. */
  readonly migrations?: () => Promise<readonly number[]>;
}

export class Readiness {
  private draining = false;
  /** Applied migrations stay applied, so once all are seen only `SELECT 1` is asked. */
  private migrated = false;
  private readonly timeoutMs: number;
  private readonly expected: () => Promise<readonly number[]>;
  private versions: Promise<readonly number[]> | undefined;

  constructor(
    private readonly db: Database,
    options: ReadinessOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    this.expected = options.migrations ?? (async () => (await loadMigrations()).map((migration) => migration.version));
  }

  /** From now on not ready: the server is stopping, and a balancer should move its callers to the others. */
  drain(): void {
    this.draining = true;
  }

  async check(): Promise<ReadinessState> {
    if (this.draining) return { ready: false, reason: ReadinessText.stopping };
    try {
      return await this.withinTimeout(this.ask());
    } catch {
      return { ready: false, reason: ReadinessText.noDatabase };
    }
  }

  private async ask(): Promise<ReadinessState> {
    await this.db.query('SELECT 1');
    if (this.migrated) return { ready: true };
    this.versions ??= this.expected();
    const rows = await this.db.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const missing = (await this.versions).filter((version) => !applied.has(version));
    if (missing.length) return { ready: false, reason: ReadinessText.migrationsMissing(missing) };
    this.migrated = true;
    return { ready: true };
  }

  private withinTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), this.timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }
}

/** Probes are asked every few seconds by machines; no cache may answer for the server. */
function probeAnswer(c: Context<AppEnv>, body: Record<string, string>, status: 200 | 503): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}

export function healthRoutes(readiness: Readiness): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/healthz', (c) => probeAnswer(c, { status: 'ok' }, 200));
  routes.get('/readyz', async (c) => {
    const state = await readiness.check();
    if (state.ready) return probeAnswer(c, { status: 'ready' }, 200);
    return probeAnswer(c, { status: 'unavailable', reason: state.reason }, 503);
  });
  return routes;
}
