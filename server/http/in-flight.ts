/**
 * Counts the requests whose answer is still being worked out, so that a stopping server closes its database only
 * after them: a connection the caller has already dropped no longer holds `server.close()` back, yet its handler
 * is still writing (a sign-in taking back its throttle hit, an order finishing its transaction).
 */
export interface InFlight<TArgs extends unknown[]> {
  readonly fetch: (request: Request, ...rest: TArgs) => Promise<Response>;
  /** Settles once no request is under way (at once when none is). */
  readonly idle: () => Promise<void>;
}

export function trackInFlight<TArgs extends unknown[]>(
  fetch: (request: Request, ...rest: TArgs) => Response | Promise<Response>,
): InFlight<TArgs> {
  let running = 0;
  let waiting: (() => void)[] = [];
  return {
    async fetch(request, ...rest) {
      running += 1;
      try {
        return await fetch(request, ...rest);
      } finally {
        running -= 1;
        if (running === 0) {
          const done = waiting;
          waiting = [];
          for (const resolve of done) resolve();
        }
      }
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
