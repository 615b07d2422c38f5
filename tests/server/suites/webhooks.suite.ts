import type { TestServer } from '../support/harness';

/** The API suite for the practice's developer settings and webhooks (kits §7 Webhooks) (built by issue 11). */
export function webhooksSuite(_server: () => TestServer): void {}
