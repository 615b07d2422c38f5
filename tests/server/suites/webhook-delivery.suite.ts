import type { TestServer } from '../support/harness';

/** The API suite for signed webhook delivery from the outbox (built by issue 11). */
export function webhookDeliverySuite(_server: () => TestServer): void {}
