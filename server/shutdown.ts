import type { ServerType } from '@hono/node-server';
import type { Database } from './db/database';

/** What a stopping server waits for, and how long at most. */
export interface ShutdownParts {
  readonly server: ServerType;
  readonly db: Database;
  /** The background senders and sweeps: no new round starts, the one under way may finish. */
  readonly stopWorkers: () => Promise<void>;
  /** Settles once no request is under way. */
  readonly requestsIdle: () => Promise<void>;
  /** Called first, before the listener closes: e.g. `/readyz` starts answering 503 so a balancer moves away. */
  readonly beforeClose?: () => void;
  readonly graceMs: number;
  readonly exit: (code: number) => void;
}

/**
 * Stops a server on SIGTERM or SIGINT: no new connection is taken, the requests and deliveries under way may finish
 * within the grace period, then the database is closed and the process exits. A delivery cut short keeps its lease
 * and is sent again once the lease runs out.
 */
export function gracefulStop(parts: ShutdownParts): () => void {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    parts.beforeClose?.();
    const withinGrace = (work: Promise<void>) =>
      Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, parts.graceMs).unref())]);
    const workersStopped = withinGrace(parts.stopWorkers().catch(() => undefined));
    // Answers still being worked out for callers that have already gone finish their writes too.
    const answered = withinGrace(parts.requestsIdle());
    // PGlite writes its files on close, so the database is closed even when a connection lingers.
    const finish = (): void => {
      Promise.all([workersStopped, answered])
        .then(() => parts.db.close())
        .then(
          () => parts.exit(0),
          (error: unknown) => {
            console.error('Closing the database failed', error);
            parts.exit(1);
          },
        );
    };
    const lingering = setTimeout(finish, parts.graceMs);
    parts.server.close(() => {
      clearTimeout(lingering);
      finish();
    });
  };
}
