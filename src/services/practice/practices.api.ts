import { PracticeSchema, PracticeSummarySchema, type Practice, type PracticeSummary } from '../../model/practice/practice';
import type {
  BillingAddressUpdateInput,
  FulfilmentUpdate,
  InvoiceContactUpdateInput,
  PracticeUpdateInput,
} from '../../model/practice/practice-settings';
import { applyDebugOverride, currentDebugOverride, type DebugOverride } from '../platform/debug-override';
import { http, type HttpClient } from '../http/http';

interface CallOptions {
  signal?: AbortSignal;
}

/**
 * The practice of the signed-in account (ordering §7). Each update answers the updated practice (our
 * decision where the documents say "not shown"); callers refresh the practice query rather than keep it.
 */
export function createPracticesApi(client: HttpClient, override: () => DebugOverride | null = currentDebugOverride) {
  return {
    /** The practice as the app should see it: the debug override (ordering §1) applies here, in development only. */
    async current(options: CallOptions = {}): Promise<Practice> {
      const practice = await client.read(PracticeSchema, '/Practices', { signal: options.signal });
      return applyDebugOverride(practice, override());
    },
    /** The part of the practice a patient reads (the server answers a patient nothing more). */
    async summary(options: CallOptions = {}): Promise<PracticeSummary> {
      return client.read(PracticeSummarySchema, '/Practices', { signal: options.signal });
    },
    async update(body: PracticeUpdateInput, options: CallOptions = {}): Promise<Practice> {
      return client.read(PracticeSchema, '/Practices', { method: 'PUT', body, signal: options.signal });
    },
    async updateInvoiceContact(body: InvoiceContactUpdateInput, options: CallOptions = {}): Promise<Practice> {
      return client.read(PracticeSchema, '/Practices/InvoiceContact', { method: 'PATCH', body, signal: options.signal });
    },
    async updateBillingAddress(body: BillingAddressUpdateInput, options: CallOptions = {}): Promise<Practice> {
      return client.read(PracticeSchema, '/Practices/BillingAddress', { method: 'PATCH', body, signal: options.signal });
    },
    async updateFulfilment(body: FulfilmentUpdate, options: CallOptions = {}): Promise<Practice> {
      return client.read(PracticeSchema, '/Practices/Fulfillment', { method: 'PATCH', body, signal: options.signal });
    },
  };
}

export const practicesApi = createPracticesApi(http);
