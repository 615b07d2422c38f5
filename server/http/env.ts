/** What every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    correlationId: string;
  };
}
