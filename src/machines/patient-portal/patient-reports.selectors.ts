import type { SnapshotFrom } from 'xstate';
import type { SortDirection } from '../../model/lists/paging';
import type { patientReportsMachine } from './patient-reports.machine';

type PatientReportsSnapshot = SnapshotFrom<typeof patientReportsMachine>;

export interface PatientReportsView {
  search: string;
  direction: SortDirection;
}

export function selectPatientReports({ context }: PatientReportsSnapshot): PatientReportsView {
  return { search: context.search, direction: context.direction };
}
