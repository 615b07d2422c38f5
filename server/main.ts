import { mkdir } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ensureSigningSecret } from './auth/access-tokens';
import { describeMail, startupBanner } from './banner';
import { readConfig, readRuntimeSettings, SettingError } from './config';
import { migrate } from './db/migrate';
import type { Database } from './db/database';
import { describeStorage, openDatabase, redactPassword } from './db/open';
import { databaseUnavailable } from './db/pg';
import { consoleLogger, redactText } from './logger';
import { seed } from './seed/seed';
import { seedPerformanceOrders } from './seed/orders';
import { seedPerformanceKits } from './seed/kits';
import { seedPerformanceProducts } from './seed/products';
import { Readiness } from './http/health';
import { trackInFlight } from './http/in-flight';
import { createMetrics, serveMetrics } from './http/metrics';
import { readCertificate, serveOptions } from './http/listen';
import { readBuildOrigins } from './http/security-headers';
import { mountSpa } from './static';
import { createWebhookSender } from './developers/sender';
import { createMailSender } from './mail/sender';
import { mailTransport } from './mail/transport';
import { AnalysisUploads } from './orders/analysis/uploads';
import { systemClock } from './clock';
import { gracefulStop } from './shutdown';
import { ActivityHousekeeping, activityRetentionDays } from './routes/activity/housekeeping';

/** A reason the server cannot start that is the operator's to fix, in one line: printed without a stack. */
class StartupError extends Error {
  override readonly name = 'StartupError';
}

/**
 * Asks the database once before anything else, so that a server pointed at one that does not answer says so in one
 * line instead of a driver's stack from the first migration.
 */
async function reachDatabase(db: Database, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.close().catch(() => undefined);
    const where = `the database at ${redactPassword(databaseUrl)}`;
    const reason = databaseUnavailable(error);
    if (reason) throw new StartupError(`${where} does not answer (${reason}).`);
    throw new StartupError(`${where} refused the connection: ${redactText(error instanceof Error ? error.message : String(error))}`);
  }
}

/** Starts the portal: database, migrations, demo data, then the API and the built app on one port. */
async function main(): Promise<void> {
  const config = readConfig(process.env);
  const runtime = readRuntimeSettings(process.env, process.argv.slice(2));
  const certificate = await readCertificate(runtime.tls);
  // Read before anything starts, so that a bad ACTIVITY_RETENTION_DAYS stops the start with one line.
  const activityRetention = activityRetentionDays(process.env);
  const storage = { databaseUrl: runtime.databaseUrl, pgliteDataDir: runtime.pgliteDataDir };
  if (!storage.databaseUrl && storage.pgliteDataDir !== 'memory://') await mkdir(storage.pgliteDataDir, { recursive: true });

  const db = await openDatabase(storage, {
    onConnectionError: (error) => consoleLogger.error('A database connection broke; the pool replaces it', { error: error.message }),
  });
  await reachDatabase(db, storage.databaseUrl);
  const applied = await migrate(db);
  if (applied.length) consoleLogger.info(`Applied migrations ${applied.join(', ')}`);
  if (!config.tokenSecret) await ensureSigningSecret(db);
  await seed(db);
  if (runtime.seedOrders) {
    const { count, practiceId } = runtime.seedOrders;
    const started = performance.now();
    const added = await seedPerformanceOrders(db, practiceId, count);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    consoleLogger.info(`Practice ${practiceId} has its ${count} generated orders (${added} added now, ${seconds} s)`);
  }
  if (runtime.seedKits) {
    const { count, practiceId } = runtime.seedKits;
    const started = performance.now();
    const added = await seedPerformanceKits(db, practiceId, count);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    consoleLogger.info(`Practice ${practiceId} has its ${count} generated kits (${added} added now, ${seconds} s)`);
  }
  if (runtime.seedProducts) {
    const added = await seedPerformanceProducts(db, runtime.seedProducts);
    consoleLogger.info(`The catalogue has its ${runtime.seedProducts} generated demo products (${added} added now)`);
  }

  const analysisUploads = new AnalysisUploads({ db, config, clock: systemClock, logger: consoleLogger });
  const metrics = createMetrics({ db, clock: systemClock });
  const activityHousekeeping = new ActivityHousekeeping(db, systemClock, consoleLogger, activityRetention);
  const readiness = new Readiness(db);
  const app = createApp({
    db,
    config,
    logger: consoleLogger,
    thirdPartyOrigins: readBuildOrigins(runtime.staticDir),
    analysisUploads,
    metrics,
    readiness,
  });
  const spaBuilt = mountSpa(app, runtime.staticDir);
  // Requests only write the outbox; the deliveries go out from here, on the sender's own timer.
  const webhookSender = createWebhookSender({ db, config, logger: consoleLogger, metrics });
  // Mail likewise: requests write the outbox, this sender hands the messages to SMTP (or to .eml files without SMTP_URL).
  const transport = mailTransport(config, consoleLogger);
  const mailSender = createMailSender({ db, config, transport, logger: consoleLogger, metrics });
  // Without a token on the main port: a port of its own is for a network only Prometheus reaches.
  const metricsServer = runtime.metricsPort === undefined ? undefined : await serveMetrics(metrics, runtime.metricsPort, runtime.host);

  const requests = trackInFlight(app.fetch);
  const server = serve(serveOptions(requests.fetch, runtime.port, certificate, runtime.host), (info) => {
    // Loopback and every-address listeners are reached as localhost; another address by itself.
    const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(info.address);
    const host = local ? 'localhost' : info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.info(
      startupBanner({
        url: `${certificate ? 'https' : 'http'}://${host}:${info.port}`,
        storage: describeStorage(storage),
        spaBuilt,
        staticDir: runtime.staticDir,
        testMode: config.testMode,
        mail: describeMail(config.smtpUrl, config.mailDir),
      }),
    );
    if (metricsServer) console.info(`Metrics: http://${runtime.host}:${runtime.metricsPort}/metrics`);
    webhookSender.start();
    mailSender.start();
    // Sweeps expired uploads and checks the archives a stopped server left unchecked.
    analysisUploads.start();
    // Purges activity entries past their retention, at start and then daily.
    activityHousekeeping.start();
  });

  const stop = gracefulStop({
    server,
    db,
    stopWorkers: () =>
      Promise.all([webhookSender.stop(), mailSender.stop(), analysisUploads.stop(), activityHousekeeping.stop()]).then(() =>
        transport.close(),
      ),
    requestsIdle: requests.idle,
    // /readyz answers 503 from now on, so a balancer sends new requests to the other servers.
    beforeClose: () => {
      readiness.drain();
      metricsServer?.close();
    },
    closeDelayMs: runtime.shutdownCloseDelayMs,
    graceMs: runtime.shutdownGraceMs,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  // A wrong setting is the operator's to fix, and its one line says how; anything else is the server's to explain.
  const operators = error instanceof SettingError || error instanceof StartupError;
  if (error instanceof Error && !operators && error.stack) console.error(error.stack);
  process.exit(1);
});
