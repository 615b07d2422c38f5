import type { SnapshotFrom } from 'xstate';
import type { FilterOperator, ListSort } from '../../model/lists/paging';
import type { PatientColumn } from '../../model/patients/patient';
import type { PatientFilter, patientListMachine } from './patient-list.machine';

type PatientListSnapshot = SnapshotFrom<typeof patientListMachine>;

export interface PatientListView {
  sort: ListSort<PatientColumn>;
  /** The applied filters, shown as chips and sent with the page. */
  filters: readonly PatientFilter[];
  page: number;
  /** Previous is offered after page 1. */
  canGoBack: boolean;
  /** The filter builder is open, on its column step or its value step. */
  open: boolean;
  pickingColumn: boolean;
  editingValue: boolean;
  search: string;
  column: PatientColumn | null;
  operator: FilterOperator;
  value: string;
  /** Apply takes a click: the value is not blank once trimmed. */
  canApply: boolean;
  canClear: boolean;
}

export function selectPatientList(snapshot: PatientListSnapshot): PatientListView {
  const { sort, filters, page, search, column, operator, value } = snapshot.context;
  return {
    sort,
    filters,
    page,
    canGoBack: snapshot.can({ type: 'page.previous' }),
    open: snapshot.hasTag('open'),
    pickingColumn: snapshot.hasTag('pickingColumn'),
    editingValue: snapshot.hasTag('editingValue'),
    search,
    column,
    operator,
    value,
    canApply: snapshot.can({ type: 'filters.apply' }),
    canClear: snapshot.can({ type: 'filters.clear' }),
  };
}
