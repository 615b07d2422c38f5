import {
  ACTIVITY_EXPORT_MAX_ROWS,
  ActivityPageSchema,
  type ActivityEntry,
  type ActivityListQuery,
  type ActivityPage,
} from '../../model/activity/activity';
import { activityCsv } from '../../model/activity/activity-csv';
import { LIST_MAX_PAGE_SIZE } from '../../model/lists/list-params';
import { listSearchParams } from '../../model/lists/paging';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** Issue 44: the practice's activity trail, one object's entries, the account's own, and the trail as CSV. */
export function createActivityApi(client: HttpClient) {
  return {
    list(query: ActivityListQuery, options: Call = {}): Promise<ActivityPage> {
      return client.read(ActivityPageSchema, '/Activity', { query: Object.fromEntries(listSearchParams(query)), signal: options.signal });
    },
    /** The signed-in account's own entries (a patient's sign-ins, consents and report opens), GET /Activity/My. */
    my(query: ActivityListQuery, options: Call = {}): Promise<ActivityPage> {
      return client.read(ActivityPageSchema, '/Activity/My', {
        query: Object.fromEntries(listSearchParams(query)),
        signal: options.signal,
      });
    },
    /**
     * The trail as CSV, filtered and sorted as the list is: written here from GET /Activity's pages with the model's own
     * writer, the one GET /Activity/export uses (formula-safe), since the HTTP client reads JSON answers only. At most
     * ACTIVITY_EXPORT_MAX_ROWS entries, as the server's export.
     */
    async exportCsv(query: Pick<ActivityListQuery, 'sort' | 'filters'>, options: Call = {}): Promise<string> {
      const entries: ActivityEntry[] = [];
      for (let page = 1; entries.length < ACTIVITY_EXPORT_MAX_ROWS; page += 1) {
        const answer = await this.list({ ...query, page, pageSize: LIST_MAX_PAGE_SIZE }, options);
        entries.push(...answer.items);
        if (!answer.hasMore) break;
      }
      return activityCsv(entries.slice(0, ACTIVITY_EXPORT_MAX_ROWS));
    },
  };
}

export const activityApi = createActivityApi(http);
