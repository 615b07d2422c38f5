import { expect } from 'vitest';
import { SortDirection } from '../../src/model/lists/paging';
import { patientReportsMachine, type PatientReportsEvent } from '../../src/machines/patient-portal/patient-reports.machine';
import { selectPatientReports } from '../../src/machines/patient-portal/patient-reports.selectors';
import { describePaths } from '../support/path-tests';

describePaths(patientReportsMachine, {
  name: 'the patient’s reports: the search is what was typed last, and each sort click turns the direction from ascending',
  events: {
    'reports.search': [
      { type: 'reports.search', text: 'kit-2' },
      { type: 'reports.search', text: '' },
    ],
    'reports.toggleSort': [{ type: 'reports.toggleSort' }],
  },
  check: { context: true },
  afterPath: ({ snapshot, path }) => {
    const steps = path.steps.map(({ event }) => event as PatientReportsEvent);
    const typed = steps.filter((event) => event.type === 'reports.search').at(-1);
    const clicks = steps.filter((event) => event.type === 'reports.toggleSort').length;
    expect(selectPatientReports(snapshot)).toEqual({
      search: typed && 'text' in typed ? typed.text : '',
      direction: clicks % 2 === 0 ? SortDirection.asc : SortDirection.desc,
    });
  },
});
