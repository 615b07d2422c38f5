import { ActivityPageSchema, type ActivityListQuery, type ActivityPage } from '../../model/activity/activity';
import { listSearchParams } from '../../model/lists/paging';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** Issue 44: the practice's activity trail, one object's entries, and the trail as CSV. */
export function createActivityApi(client: HttpClient) {
  return {
    list(query: ActivityListQuery, options: Call = {}): Promise<ActivityPage> {
      return client.read(ActivityPageSchema, '/Activity', { query: Object.fromEntries(listSearchParams(query)), signal: options.signal });
    },
    /** The CSV the server writes (formula-safe), as text; filtered and sorted as the list is. */
    async exportCsv(query: Pick<ActivityListQuery, 'sort' | 'filters'>, options: Call = {}): Promise<string> {
      const params = listSearchParams({ ...query, page: 1, pageSize: 1 });
      params.delete('page');
      params.delete('pageSize');
      const answer = await client.request('/Activity/export', { query: Object.fromEntries(params), signal: options.signal });
      if (typeof answer !== 'string') throw new Error('The activity export answered no CSV text');
      return answer;
    },
  };
}

export const activityApi = createActivityApi(http);
