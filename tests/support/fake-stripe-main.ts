import { startFakeStripe } from './fake-stripe-api';

/**
 * The fake card provider on its own, for browser journeys:
 *   FAKE_STRIPE_PORT=12111 node --import tsx tests/support/fake-stripe-main.ts
 * Optional: FAKE_STRIPE_HOST (127.0.0.1), FAKE_STRIPE_SECRET_KEY and FAKE_STRIPE_PUBLISHABLE_KEY (the
 * fake's own test keys). It prints only errors, is ready when GET /__fake/health answers, and ends
 * cleanly on SIGTERM or SIGINT.
 */

const env = process.env;
const port = Number(env.FAKE_STRIPE_PORT);

if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`FAKE_STRIPE_PORT must be a port number from 1 to 65535, got "${env.FAKE_STRIPE_PORT ?? ''}"`);
  process.exit(1);
}

try {
  const fake = await startFakeStripe({
    port,
    host: env.FAKE_STRIPE_HOST || undefined,
    secretKey: env.FAKE_STRIPE_SECRET_KEY || undefined,
    publishableKey: env.FAKE_STRIPE_PUBLISHABLE_KEY || undefined,
  });
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The fake card provider did not close cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error('The fake card provider could not start:', error);
  process.exit(1);
}
