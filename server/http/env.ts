/** What the sign-in throttle counts for the metrics (server/http/metrics.ts). */
export interface SignInMetrics {
  /** An attempt refused (429) or made to wait before its password was checked. */
  throttledSignIn(outcome: 'refused' | 'slowed'): void;
}

/** What every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    correlationId: string;
    /** The app's metrics, set by its first middleware; undefined for a route module served on its own. */
    metrics: SignInMetrics | undefined;
  };
}
