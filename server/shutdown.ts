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
  /**
   * How long the server goes on taking connections after `beforeClose`, serving them as usual, before its listener
   * closes (0 by default). A balancer sends requests until its readiness probe has seen the 503; a connection it
   * opens after the listener closed is refused (it tries another server), but one the kernel had already accepted
   * and queued when the listener closed is reset after its request was sent, which no balancer may safely retry.
   * So this is at least the balancer's probe interval, with a margin.
   */
  readonly closeDelayMs?: number;
  readonly graceMs: number;
  readonly exit: (code: number) => void;
}

/**
 * Stops a server on SIGTERM or SIGINT: it reports itself not ready and, `closeDelayMs` later, takes no new
 * connection; the requests and deliveries under way may finish within the grace period (counted from the listener's
 * close), then the database is closed and the process exits. A delivery cut short keeps its lease and is sent again
 * once the lease runs out.
 */
export function gracefulStop(parts: ShutdownParts): () => void {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    parts.beforeClose?.();
    if (parts.closeDelayMs) setTimeout(() => close(parts), parts.closeDelayMs);
    else close(parts);
  };
}

/** Closes the listener, waits for the work under way within the grace period, closes the database and exits. */
function close(parts: ShutdownParts): void {
  const withinGrace = (work: Promise<void>) =>
    Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, parts.graceMs).unref())]);
  const workersStopped = withinGrace(parts.stopWorkers().catch(() => undefined));
  // Answers still being worked out for callers that have already gone finish their writes too.
  const answered = withinGrace(parts.requestsIdle());
  // PGlite writes its files on close, so the database is closed even when a connection lingers.
  // Once only: when the grace runs out before the last connection ends, the listener's callback comes later still,
  // and a second close of the database would fail and turn a clean stop into exit code 1.
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
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
}
