import type { Logger } from '../logger';

/**
 * The loop every outbox sender runs (webhooks, mail): one round claims due rows and sends them; the next round starts
 * at once when the round was full, so a backlog drains without waiting, and after the poll interval otherwise. A
 * failed round is logged and the loop goes on.
 */

export interface Poller {
  /** Polls until stopped. */
  start(): void;
  /** Ends the polling and waits for the round under way. */
  stop(): Promise<void>;
  /** One round; answers how many rows it claimed. */
  runOnce(): Promise<number>;
}

export interface PollerOptions {
  readonly round: () => Promise<number>;
  readonly pollMs: number;
  /** The most rows one round claims: a round that claimed this many is followed at once by the next. */
  readonly batchSize: number;
  readonly logger: Logger;
  /** What the log says when a round fails, e.g. "The webhook sender failed a round". */
  readonly failedRound: string;
}

/** The wait before attempt `attempt + 1`: base, 2 × base, 4 × base, … */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return baseMs * 2 ** (attempt - 1);
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message || code || 'Request failed';
  }
  return String(error);
}

export function createPoller({ round, pollMs, batchSize, logger, failedRound }: PollerOptions): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<unknown> = Promise.resolve();

  function schedule(delayMs: number): void {
    if (!running) return;
    timer = setTimeout(() => {
      current = round().then(
        (claimed) => schedule(claimed === batchSize ? 0 : pollMs),
        (error: unknown) => {
          logger.error(failedRound, { error: errorText(error) });
          schedule(pollMs);
        },
      );
    }, delayMs);
    // A sender alone never keeps the process alive.
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
    runOnce: round,
  };
}
