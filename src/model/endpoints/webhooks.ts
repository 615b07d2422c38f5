import type { Endpoint } from './endpoint';

/** Developer settings and webhooks (kits §2, §3, §7). */
export const WEBHOOK_ENDPOINTS: readonly Endpoint[] = [];
