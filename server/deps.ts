import type { MiddlewareHandler } from 'hono';
import type { AccessTokens } from './auth/access-tokens';
import type { AuthEnv } from './auth/require-auth';
import type { RestoreLinks } from './auth/restore-links';
import type { Sleep } from './auth/sign-in-throttle';
import type { Sessions } from './auth/sessions';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { Cards } from './payments/cards';

/** What the route modules share; createApp builds it once. */
export interface Deps {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly accessTokens: AccessTokens;
  /** The server's signing secret, loaded before any handler runs; it also signs the mail's unsubscribe links. */
  readonly signingKey: () => Promise<Uint8Array>;
  readonly sessions: Sessions;
  readonly restoreLinks: RestoreLinks;
  readonly requireAuth: MiddlewareHandler<AuthEnv>;
  /** requireAuth for the provider portal's user types only; 403 for a patient (and any other type). */
  readonly requireProvider: MiddlewareHandler<AuthEnv>;
  readonly cards: Cards;
  /** How the sign-in throttle waits; tests record the waits instead of spending them. */
  readonly sleep: Sleep;
}
