import { assign, fromPromise, setup } from 'xstate';
import type { ActivityColumn } from '../../model/activity/activity';
import { ActivityText } from '../../model/activity/activity-texts';
import type { ColumnFilter, ListSort } from '../../model/lists/paging';
import { activityApi } from '../../services/activity/activity.api';
import { isActivityUnavailable } from '../../services/activity/queries';
import { messageOf } from '../../services/http/api-error';
import { saveFile } from '../../services/orders/manifest-check';
import { notify } from '../../services/platform/notify';

/**
 * Issue 44: "Export CSV" on Settings → Activity. The server writes the file (formula-safe) for the list's filters and
 * sort; the browser saves it. While it is being made the button waits and a second click does nothing; a failure
 * toasts why and the button is offered again.
 */

export interface ActivityExportRequest {
  readonly sort: ListSort<ActivityColumn>;
  readonly filters: readonly ColumnFilter<ActivityColumn>[];
}

export type ActivityExportEvent = { type: 'activity.export' } & ActivityExportRequest;

export const activityExportMachine = setup({
  types: {
    context: {} as { request: ActivityExportRequest | null },
    events: {} as ActivityExportEvent,
  },
  actors: {
    exportCsv: fromPromise<string, ActivityExportRequest>(({ input, signal }) => activityApi.exportCsv(input, { signal })),
  },
  actions: {
    saveCsv: (_, params: { csv: string }) =>
      saveFile(`activity-${new Date().toISOString().slice(0, 10)}.csv`, new Blob([params.csv], { type: 'text/csv;charset=utf-8' })),
    notifyFailed: (_, params: { error: unknown }) =>
      notify.error(isActivityUnavailable(params.error) ? ActivityText.unavailable : messageOf(params.error, ActivityText.exportFailed)),
  },
}).createMachine({
  id: 'activityExport',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'activity.export': {
          target: 'exporting',
          actions: assign({ request: ({ event }) => ({ sort: event.sort, filters: event.filters }) }),
        },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => context.request ?? { sort: { column: 'at', direction: 'desc' }, filters: [] },
        onDone: { target: 'idle', actions: { type: 'saveCsv', params: ({ event }) => ({ csv: event.output }) } },
        onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
