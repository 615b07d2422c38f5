import { Hono } from 'hono';
import { API_BASE_PATH } from '../src/model/constants';
import { AccessTokens, loadSigningKey } from './auth/access-tokens';
import { requireAuth } from './auth/require-auth';
import { requireProvider } from './auth/require-provider';
import { RestoreLinks } from './auth/restore-links';
import { realSleep, type Sleep } from './auth/sign-in-throttle';
import { Sessions } from './auth/sessions';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Deps } from './deps';
import { NO_THIRD_PARTY_ORIGINS, type ThirdPartyOrigins } from '../src/model/security/content-security';
import { Endpoints } from '../src/model/endpoints';
import { accessLog } from './http/access-log';
import { refuseBadBytes } from './http/bad-bytes';
import { requestBodyLimit, uploadRoutes } from './http/body-limit';
import { privateAnswers } from './http/private-answers';
import { correlationId } from './http/correlation';
import { healthRoutes, Readiness } from './http/health';
import { createMetrics, metricsRoutes, type PortalMetrics } from './http/metrics';
import { securityHeaders } from './http/security-headers';
import type { AppEnv } from './http/env';
import { errorResponse, handleError, HttpError, NOT_FOUND_MESSAGE } from './http/errors';
import { consoleLogger, type Logger } from './logger';
import { authRoutes } from './routes/auth';
import type { Cards } from './payments/cards';
import { createCards } from './payments/create-cards';
import { orderRoutes } from './routes/orders';
import { analysisRoutes } from './routes/orders/analysis';
import { AnalysisUploads } from './orders/analysis/uploads';
import { kitRoutes } from './routes/kits';
import { legacyPatientRoutes } from './routes/patients/legacy';
import { patientRoutes } from './routes/patients';
import { practiceRoutes } from './routes/practice';
import { paymentRoutes } from './routes/payments/payments';
import { CSP_REPORT_PATH, testSupportRoutes } from './routes/test-support';
import { userRoutes } from './routes/team/users';
import { unsubscribeRoutes } from './routes/team/unsubscribe';
import { developerRoutes } from './routes/developers';
import { activityRoutes } from './routes/activity';
import { helpRoutes } from './help/help-routes';
import { supportAddresses } from './help/support-addresses';

export interface AppOptions {
  /** Migrated and seeded by the caller (main.ts, or a test). */
  readonly db: Database;
  readonly config: ServerConfig;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** The saved cards; by default the card provider's when configured, else the server's own table. */
  readonly cards?: Cards;
  /** The outside origins the served build loads (its security-origins.json), allowed by the CSP; none by default. */
  readonly thirdPartyOrigins?: ThirdPartyOrigins;
  /** How the sign-in throttle waits before checking a much-guessed account's password; by default in real time. */
  readonly sleep?: Sleep;
  /** The analysis uploads (issue 42); main.ts passes its own to start and stop their sweep. */
  readonly analysisUploads?: AnalysisUploads;
  /** The Prometheus metrics (issue 43); main.ts passes its own, which its senders count into too. */
  readonly metrics?: PortalMetrics;
  /** What /readyz answers; main.ts passes its own, to drain it when the server stops. */
  readonly readiness?: Readiness;
}

/**
 * The portalApi as a Hono app: every route under /portalApi, each answer with an X-Correlation-Id.
 * Tests call it with `app.request(...)`; main.ts adds the static app and listens.
 */
export function createApp({
  db,
  config,
  clock = systemClock,
  logger = consoleLogger,
  cards,
  thirdPartyOrigins = NO_THIRD_PARTY_ORIGINS,
  sleep = realSleep,
  analysisUploads,
  metrics = createMetrics({ db, clock }),
  readiness = new Readiness(db),
}: AppOptions): Hono<AppEnv> {
  let signingKey: Promise<Uint8Array> | undefined;
  const key = (): Promise<Uint8Array> => {
    // A failed load is not kept, so the next request tries again instead of failing forever.
    signingKey ??= loadSigningKey(db, config.tokenSecret).catch((error: unknown) => {
      signingKey = undefined;
      throw error;
    });
    return signingKey;
  };
  const accessTokens = new AccessTokens(key, config.accessTokenTtlSeconds, clock);
  const authenticated = requireAuth(db, accessTokens);
  const deps: Deps = {
    db,
    config,
    clock,
    logger,
    accessTokens,
    signingKey: key,
    sessions: new Sessions(accessTokens, config, clock),
    restoreLinks: new RestoreLinks(config.testMode),
    requireAuth: authenticated,
    requireProvider: requireProvider(authenticated),
    cards: cards ?? createCards({ db, config, clock, logger }),
    sleep,
  };

  const api = new Hono<AppEnv>();
  // Tokens are issued inside transactions, and PGlite runs nothing else until a transaction ends, so
  // the key must be ready before a handler opens one; loading it there would wait on itself.
  api.use('*', async (_c, next) => {
    await key();
    await next();
  });
  // One module per area (docs/architecture.md); each mounts its own calls in the order their paths need.
  api.route('/', authRoutes(deps));
  api.route('/', practiceRoutes(deps));
  api.route('/', analysisRoutes(deps, analysisUploads ?? new AnalysisUploads({ db, config, clock, logger })));
  api.route('/', orderRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', kitRoutes(deps));
  api.route('/', patientRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', unsubscribeRoutes(deps));
  api.route('/', developerRoutes(deps));
  api.route('/', activityRoutes(deps));
  if (config.testMode) api.route('/', testSupportRoutes(deps));
  api.all('*', () => {
    throw new HttpError(404, NOT_FOUND_MESSAGE);
  });

  const app = new Hono<AppEnv>();
  // First, so that every answer is counted and timed, refusals included.
  app.use('*', metrics.middleware);
  const reportUri = config.testMode ? `${API_BASE_PATH}${CSP_REPORT_PATH}` : undefined;
  app.use('*', ...securityHeaders({ origins: thirdPartyOrigins, reportUri }));
  app.use('*', correlationId);
  // The probes and the metrics are asked every few seconds by machines: answered before the access log, the
  // throttles and the API's own middleware, at the root (a balancer's default), and never by the app's fallback.
  app.route('/', healthRoutes(readiness));
  app.route('/', metricsRoutes(metrics, config.metricsToken));
  if (config.testMode) app.use('*', accessLog(logger));
  // First, so that the refusals below are not kept by a cache either.
  app.use(`${API_BASE_PATH}/*`, privateAnswers);
  app.use('/api/*', privateAnswers);
  // Hostile input is turned away before any route reads it: a body past its limit, control characters in the address.
  app.use('*', requestBodyLimit(uploadRoutes(Endpoints)));
  app.use('*', refuseBadBytes);
  app.route(API_BASE_PATH, api);
  // Kits §7's legacy patients calls are relative to the page's origin, outside the base path.
  app.route('/', legacyPatientRoutes(deps));
  // Issue 41 item 4: the Help Center's default site, the portal's own help pages.
  app.route('/', helpRoutes(supportAddresses()));
  app.onError(handleError(logger));
  app.notFound((c) => errorResponse(c, 404, NOT_FOUND_MESSAGE));
  return app;
}
