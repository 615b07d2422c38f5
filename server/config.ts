import { fileURLToPath } from 'node:url';
import { PRACTICE_IDS } from './seed/seed-data';
import {
  cardProviderApiUrl,
  cardProviderSecretKey,
  DEFAULT_PORT,
  mailFrom,
  metricsPort,
  metricsToken,
  port,
  positiveInteger,
  publicUrl,
  SettingError,
  smtpUrl,
  text,
  twoStepKey,
  wholeNumber,
  type Env,
} from './settings';

export { SettingError };

/** Everything the server reads from its environment, with the defaults the README documents. */

export interface ServerConfig {
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly rememberMeRefreshTokenTtlSeconds: number;
  readonly restoreTokenTtlSeconds: number;
  /** When absent the server generates a secret once and keeps it in the database. */
  readonly tokenSecret: string | undefined;
  /**
   * The origin in front of every absolute link the server builds (restore and set-password links, report and
   * diagnostics links): `PUBLIC_URL`, required in production; in development the server's own
   * `http://localhost:PORT`. Never taken from a request's Origin or Host header, which the caller chooses.
   */
  readonly publicUrl: string;
  /** Mounts the test-only routes under /portalApi/__test. */
  readonly testMode: boolean;
  /**
   * The card provider's secret key (`sk_…` or a restricted `rk_…`): saved cards live at the provider.
   * Without it the server keeps its own table of demo cards, and a charge takes no money.
   */
  readonly cardProviderSecretKey: string | undefined;
  /** Another origin for the provider's API than its own, e.g. a local fake in tests; no trailing slash. */
  readonly cardProviderApiUrl: string | undefined;
  /**
   * Production settings (`NODE_ENV=production` or `PORTAL_ENV=production`): webhook endpoints must be https
   * and may not point at private, loopback or link-local addresses.
   */
  readonly production: boolean;
  /** Webhook delivery: the first retry waits this long, each later one twice as long as the one before. */
  readonly webhookRetryBaseMs: number;
  /** Webhook delivery: attempts in all before a delivery is recorded as failed (at least 5). */
  readonly webhookMaxAttempts: number;
  /** Webhook delivery: how often the sender looks for due deliveries. */
  readonly webhookPollMs: number;
  /** Webhook delivery: how long a receiver may take to answer before the attempt counts as failed. */
  readonly webhookTimeoutMs: number;
  /**
   * The folder of the consent statements (one markdown file per consent, issue 12 item 5), read at start to record
   * which version a patient agreed to. By default the repository's own, which a deployment replaces in place.
   */
  readonly consentsDir: string;
  /**
   * The server sits behind one reverse proxy or load balancer (`TRUST_PROXY=1`): sign-in and forgot-password
   * throttling count the address that proxy appended to X-Forwarded-For. Otherwise the header is the caller's to
   * forge, so the socket's address counts; behind a proxy that would be the proxy's own, one address for everybody.
   */
  readonly trustProxy: boolean;
  /**
   * An order's Idempotency-Key claim holds this long unless the request placing the order renews it, which it does
   * every third of it while it works: a claim whose server died lapses within it, and a retry with the same key
   * then places the order (issue 13 item 5).
   */
  readonly orderClaimLeaseMs: number;
  /**
   * Where mail goes (issue 39): `smtp://user:pass@host:port` or `smtps://…`. Without it the messages are written as
   * .eml files under `mailDir`, so none is lost on a developer's machine; production requires it.
   */
  readonly smtpUrl: string | undefined;
  /** The From of every message: `MAIL_FROM`, a bare address or `Name <address>`. */
  readonly mailFrom: string;
  /** The folder of the .eml files written when there is no SMTP_URL. */
  readonly mailDir: string;
  /** Mail: the first retry of a temporarily refused message waits this long, each later one twice as long. */
  readonly mailRetryBaseMs: number;
  /** Mail: attempts in all before a temporarily refused message is recorded as failed. */
  readonly mailMaxAttempts: number;
  /** Mail: how often the sender looks for due messages. */
  readonly mailPollMs: number;
  /** Mail: how long the SMTP server may take to greet, answer a command or take the message before the attempt fails. */
  readonly mailTimeoutMs: number;
  /**
   * Issue 42: the folder of the analysis uploads (`ANALYSIS_UPLOAD_DIR`): the bytes of unfinished uploads and the
   * accepted archives under `accepted/`. Every server of a deployment must see the same folder (a shared volume).
   */
  readonly analysisUploadDir: string;
  /** An upload that is not finished this long after it started is removed, bytes and all (default 24 h). */
  readonly analysisUploadTtlMs: number;
  /** How many uploads one practice may have under way at once (a slow network holds a 5 GB upload for hours). */
  readonly analysisMaxUploadsPerPractice: number;
  /** Room the upload folder must keep free besides the new upload's whole size, so the server never fills its disk. */
  readonly analysisDiskReserveBytes: number;
  /** A server checking an archive holds it this long; when the server dies, another (or its restart) checks it again. */
  readonly analysisCheckLeaseMs: number;
  /**
   * Issue 43: the bearer token GET /metrics asks for on the main port (`METRICS_TOKEN`). Without it the main port
   * answers /metrics with 404; METRICS_PORT serves them on a port of their own instead.
   */
  readonly metricsToken: string | undefined;
  /** Issue 44: the key of the two-step secrets at rest (`TWO_STEP_KEY`); without it one the server keeps in the database. */
  readonly twoStepKey: string | undefined;
}

export interface RuntimeSettings {
  readonly port: number;
  readonly staticDir: string;
  readonly pgliteDataDir: string;
  readonly databaseUrl: string | undefined;
  /** For performance work: generated orders the practice gets besides its demo orders (`--seed-orders N`). */
  readonly seedOrders: { readonly count: number; readonly practiceId: number } | undefined;
  /** For performance work: generated kits the practice gets besides its demo kits (`--seed-kits N`). */
  readonly seedKits: { readonly count: number; readonly practiceId: number } | undefined;
  /** For performance work: generated demo test kits every clinic's catalogue gets besides the seed's (`--seed-products N`). */
  readonly seedProducts: number | undefined;
  /** The address the server listens on: 127.0.0.1 unless `HOST` says otherwise (a deployment sets 0.0.0.0). */
  readonly host: string;
  /** A certificate and its key: the server then speaks HTTPS, with HTTP/2 for browsers that offer it. */
  readonly tls: { readonly certFile: string; readonly keyFile: string } | undefined;
  /** Issue 43: a port of its own for GET /metrics, without a token (`METRICS_PORT`); none by default. */
  readonly metricsPort: number | undefined;
  /**
   * Issue 43: how long a stopping server (SIGTERM) lets the requests and deliveries under way finish before it closes
   * its database and exits (`SHUTDOWN_GRACE_MS`). Shorter than the orchestrator's own limit (Kubernetes: 30 s).
   */
  readonly shutdownGraceMs: number;
  /**
   * How long a stopping server goes on taking connections after `/readyz` turned 503, so that a balancer's probe sees
   * it before the listener closes (`SHUTDOWN_CLOSE_DELAY_MS`). A connection the kernel queued as the listener closed
   * is reset after its request was sent, which no balancer can safely retry: set it above the probe interval.
   */
  readonly shutdownCloseDelayMs: number;
}

/** The repository's consent statements, which the client build takes in too. */
export const DEFAULT_CONSENTS_DIR = fileURLToPath(new URL('../content/consents/', import.meta.url));

/** The HCP demo practice (Riverside Family Medicine), whose orders the performance seed fills by default. */
export const DEFAULT_SEED_ORDERS_PRACTICE = PRACTICE_IDS.riverside;
/** The practice whose kits the performance seed fills by default: Riverside too. */
export const DEFAULT_SEED_KITS_PRACTICE = PRACTICE_IDS.riverside;

/** What the command line gives `flag` (`--seed-orders N` or `--seed-orders=N`), or undefined when it does not name it. */
function seedArgument(argv: readonly string[], flag: string): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === flag) return argv[i + 1] ?? '';
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

/** A seed count from the command line's `flag`, or else from the environment's `name`; 0 when neither gives one. */
function seedCount(env: Env, argv: readonly string[], flag: string, name: string): number {
  const argument = seedArgument(argv, flag);
  return positiveInteger(argument === undefined ? env : { [name]: argument }, name, 0);
}

/** Only this machine reaches a development server; a deployment says where it listens. */
export const DEFAULT_HOST = '127.0.0.1';

export const DEFAULT_CONFIG: ServerConfig = {
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 86_400,
  rememberMeRefreshTokenTtlSeconds: 2_592_000,
  restoreTokenTtlSeconds: 3_600,
  tokenSecret: undefined,
  publicUrl: `http://localhost:${DEFAULT_PORT}`,
  testMode: false,
  cardProviderSecretKey: undefined,
  cardProviderApiUrl: undefined,
  production: false,
  webhookRetryBaseMs: 30_000,
  webhookMaxAttempts: 6,
  webhookPollMs: 1_000,
  webhookTimeoutMs: 10_000,
  consentsDir: DEFAULT_CONSENTS_DIR,
  trustProxy: false,
  orderClaimLeaseMs: 15_000,
  smtpUrl: undefined,
  mailFrom: 'Diagnostics Portal <no-reply@diagnostics-lab.example>',
  mailDir: '.data/mail',
  // 1, 2, 4, 8, 16, 32 and 64 minutes: eight attempts over about two hours, past the usual greylisting delays.
  mailRetryBaseMs: 60_000,
  mailMaxAttempts: 8,
  mailPollMs: 1_000,
  mailTimeoutMs: 20_000,
  analysisUploadDir: '.data/uploads',
  analysisUploadTtlMs: 24 * 3_600_000,
  analysisMaxUploadsPerPractice: 3,
  analysisDiskReserveBytes: 1024 ** 3,
  analysisCheckLeaseMs: 10 * 60_000,
  metricsToken: undefined,
  twoStepKey: undefined,
};

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** The fewest delivery attempts a webhook gets (the first and four retries). */
export const MIN_WEBHOOK_ATTEMPTS = 5;

/** HS256 wants a key at least as long as its hash, 32 bytes. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

function webhookMaxAttempts(env: Env): number {
  const attempts = positiveInteger(env, 'WEBHOOK_MAX_ATTEMPTS', DEFAULT_CONFIG.webhookMaxAttempts);
  if (attempts < MIN_WEBHOOK_ATTEMPTS)
    throw new SettingError(`WEBHOOK_MAX_ATTEMPTS must be at least ${MIN_WEBHOOK_ATTEMPTS}, got ${attempts}`);
  return attempts;
}

export function readConfig(env: Env): ServerConfig {
  const tokenSecret = text(env, 'TOKEN_SECRET');
  if (tokenSecret !== undefined && tokenSecret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new SettingError(`TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters long`);
  }
  const production = text(env, 'NODE_ENV') === 'production' || text(env, 'PORTAL_ENV') === 'production';
  const testMode = text(env, 'PORTAL_TEST_MODE') === '1';
  if (testMode && production) {
    throw new SettingError(
      'PORTAL_TEST_MODE=1 cannot run in production: its routes reset the database and hand out restore links without sign-in',
    );
  }
  return {
    accessTokenTtlSeconds: positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', DEFAULT_CONFIG.accessTokenTtlSeconds),
    refreshTokenTtlSeconds: positiveInteger(env, 'REFRESH_TOKEN_TTL_SECONDS', DEFAULT_CONFIG.refreshTokenTtlSeconds),
    rememberMeRefreshTokenTtlSeconds: positiveInteger(
      env,
      'REMEMBER_ME_REFRESH_TOKEN_TTL_SECONDS',
      DEFAULT_CONFIG.rememberMeRefreshTokenTtlSeconds,
    ),
    restoreTokenTtlSeconds: positiveInteger(env, 'RESTORE_TOKEN_TTL_SECONDS', DEFAULT_CONFIG.restoreTokenTtlSeconds),
    tokenSecret,
    publicUrl: publicUrl(env, production),
    testMode,
    cardProviderSecretKey: cardProviderSecretKey(env),
    cardProviderApiUrl: cardProviderApiUrl(env),
    production,
    webhookRetryBaseMs: positiveInteger(env, 'WEBHOOK_RETRY_BASE_MS', DEFAULT_CONFIG.webhookRetryBaseMs),
    webhookMaxAttempts: webhookMaxAttempts(env),
    webhookPollMs: positiveInteger(env, 'WEBHOOK_POLL_MS', DEFAULT_CONFIG.webhookPollMs),
    webhookTimeoutMs: positiveInteger(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_CONFIG.webhookTimeoutMs),
    consentsDir: text(env, 'CONSENTS_DIR') ?? DEFAULT_CONFIG.consentsDir,
    trustProxy: text(env, 'TRUST_PROXY') === '1',
    orderClaimLeaseMs: positiveInteger(env, 'ORDER_CLAIM_LEASE_MS', DEFAULT_CONFIG.orderClaimLeaseMs),
    smtpUrl: smtpUrl(env, production),
    mailFrom: mailFrom(env, DEFAULT_CONFIG.mailFrom),
    mailDir: text(env, 'MAIL_DIR') ?? DEFAULT_CONFIG.mailDir,
    mailRetryBaseMs: positiveInteger(env, 'MAIL_RETRY_BASE_MS', DEFAULT_CONFIG.mailRetryBaseMs),
    mailMaxAttempts: positiveInteger(env, 'MAIL_MAX_ATTEMPTS', DEFAULT_CONFIG.mailMaxAttempts),
    mailPollMs: positiveInteger(env, 'MAIL_POLL_MS', DEFAULT_CONFIG.mailPollMs),
    mailTimeoutMs: positiveInteger(env, 'MAIL_TIMEOUT_MS', DEFAULT_CONFIG.mailTimeoutMs),
    analysisUploadDir: text(env, 'ANALYSIS_UPLOAD_DIR') ?? DEFAULT_CONFIG.analysisUploadDir,
    analysisUploadTtlMs: positiveInteger(env, 'ANALYSIS_UPLOAD_TTL_MS', DEFAULT_CONFIG.analysisUploadTtlMs),
    analysisMaxUploadsPerPractice: positiveInteger(env, 'ANALYSIS_MAX_UPLOADS_PER_PRACTICE', DEFAULT_CONFIG.analysisMaxUploadsPerPractice),
    analysisDiskReserveBytes: positiveInteger(env, 'ANALYSIS_DISK_RESERVE_BYTES', DEFAULT_CONFIG.analysisDiskReserveBytes),
    analysisCheckLeaseMs: positiveInteger(env, 'ANALYSIS_CHECK_LEASE_MS', DEFAULT_CONFIG.analysisCheckLeaseMs),
    metricsToken: metricsToken(env),
    twoStepKey: twoStepKey(env),
  };
}

export function readRuntimeSettings(env: Env, argv: readonly string[] = []): RuntimeSettings {
  const orders = seedCount(env, argv, '--seed-orders', 'SEED_ORDERS');
  const kits = seedCount(env, argv, '--seed-kits', 'SEED_KITS');
  const products = seedCount(env, argv, '--seed-products', 'SEED_PRODUCTS');
  const certFile = text(env, 'TLS_CERT_FILE');
  const keyFile = text(env, 'TLS_KEY_FILE');
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new SettingError('TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither to serve plain HTTP');
  }
  return {
    port: port(env),
    host: text(env, 'HOST') ?? DEFAULT_HOST,
    staticDir: text(env, 'STATIC_DIR') ?? 'dist',
    pgliteDataDir: text(env, 'PGLITE_DATA_DIR') ?? '.data/pglite',
    databaseUrl: text(env, 'DATABASE_URL'),
    seedOrders: orders
      ? { count: orders, practiceId: positiveInteger(env, 'SEED_ORDERS_PRACTICE', DEFAULT_SEED_ORDERS_PRACTICE) }
      : undefined,
    seedKits: kits ? { count: kits, practiceId: positiveInteger(env, 'SEED_KITS_PRACTICE', DEFAULT_SEED_KITS_PRACTICE) } : undefined,
    seedProducts: products || undefined,
    tls: certFile && keyFile ? { certFile, keyFile } : undefined,
    metricsPort: metricsPort(env),
    shutdownGraceMs: positiveInteger(env, 'SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS),
    shutdownCloseDelayMs: wholeNumber(env, 'SHUTDOWN_CLOSE_DELAY_MS', 0),
  };
}
