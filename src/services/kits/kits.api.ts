import type * as v from 'valibot';
import { REPORT_REQUEST_TIMEOUT_MS } from '../../model/constants';
import { KitLookupSchema, KitsPageSchema, ReportAnswerSchema, type Kit, type KitListQuery, type ReportRequest } from '../../model/kits/kit';
import { listSearchParams } from '../../model/lists/paging';
import { http, type HttpClient } from '../http/http';

export type KitsPage = v.InferOutput<typeof KitsPageSchema>;

interface Call {
  signal?: AbortSignal;
}

/** Kits §7: the kit list, one kit by its barcode, and report generation. */
export function createKitsApi(client: HttpClient) {
  return {
    /** One page of the practice's kits, searched, sorted and filtered by the server. */
    list(query: KitListQuery, options: Call = {}): Promise<KitsPage> {
      const params = listSearchParams(query);
      if (query.search) params.set('searchQuery', query.search);
      return client.read(KitsPageSchema, '/Kits', { query: Object.fromEntries(params), signal: options.signal });
    },
    /**
     * The kit with this barcode (contract decisions: kits are addressed by barcode). A service that answers no kit
     * (`null`) leaves the page with "No kit data available" rather than a load failure (kits §2).
     */
    get(barcode: string, options: Call = {}): Promise<Kit | null> {
      return client.read(KitLookupSchema, `/Kits/${encodeURIComponent(barcode)}`, { signal: options.signal });
    },
    /** Kits §7: renders a report and answers its presigned link (or none), within 100 s. */
    async generateReport(request: ReportRequest, options: Call = {}): Promise<string | null> {
      const answer = await client.read(ReportAnswerSchema, '/Reports/', {
        method: 'POST',
        body: request,
        timeout: REPORT_REQUEST_TIMEOUT_MS,
        signal: options.signal,
      });
      return answer.presignedUrl;
    },
  };
}

export const kitsApi = createKitsApi(http);
