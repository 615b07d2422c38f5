import { assign, setup } from 'xstate';
import type { SortDirection } from '../../model/lists/paging';
import { DEFAULT_REPORT_SORT, toggledDirection } from '../../model/patient-portal/patient-reports';

/**
 * The patient's Reports screen (kits §2, §9): what is searched and the direction of the result-ready sort. The
 * search filters the kits already loaded, so each key counts at once (nothing is sent); the RESULT READY header
 * and the phone's sort button turn the direction, ascending at first. The kits themselves stay in the query cache.
 */

export interface PatientReportsContext {
  search: string;
  direction: SortDirection;
}

export type PatientReportsEvent = { type: 'reports.search'; text: string } | { type: 'reports.toggleSort' };

export const patientReportsMachine = setup({
  types: {
    context: {} as PatientReportsContext,
    events: {} as PatientReportsEvent,
  },
  actions: {
    setSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    toggleSort: assign(({ context }) => ({ direction: toggledDirection(context.direction) })),
  },
}).createMachine({
  id: 'patientReports',
  context: { search: '', direction: DEFAULT_REPORT_SORT },
  on: {
    'reports.search': { actions: { type: 'setSearch', params: ({ event }) => ({ text: event.text }) } },
    'reports.toggleSort': { actions: 'toggleSort' },
  },
});
