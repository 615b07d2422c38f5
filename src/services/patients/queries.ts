import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Id } from '../../model/id';
import type { ListQuery } from '../../model/lists/paging';
import { PATIENTS_PAGE_SIZE, type PatientColumn } from '../../model/patients/patient';
import { patientsApi } from './patients.api';

/**
 * The patients list one page at a time (kits §2: Previous and Next, not infinite) and one patient, keyed under
 * ['patients'] so that one invalidation after a change refreshes both.
 */
export const patientKeys = {
  all: ['patients'] as const,
  list: (query: PatientListKey) => ['patients', 'list', query] as const,
  detail: (id: Id) => ['patients', 'detail', String(id)] as const,
};

/** One page of the list: its sort, filters and page (from 1); the page size is the list's own. */
export type PatientListKey = Pick<ListQuery<PatientColumn>, 'sort' | 'filters' | 'page'>;

export const patientsPageQuery = ({ sort, filters, page }: PatientListKey) =>
  queryOptions({
    queryKey: patientKeys.list({ sort, filters, page }),
    queryFn: ({ signal }) => patientsApi.list({ sort, filters, page, pageSize: PATIENTS_PAGE_SIZE }, { signal }),
    // While the next page loads, the one shown stays (under a spinner) rather than the table emptying.
    placeholderData: keepPreviousData,
  });

export const patientQuery = (id: Id) =>
  queryOptions({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => patientsApi.get(id, { signal }) });
