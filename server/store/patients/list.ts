import type { PatientColumn, PatientListQuery, PatientsPage } from '../../../src/model/patients/patient';
import type { Queryable } from '../../db/database';
import { like, readPage, type PagedList } from '../paged-select';
import { NAME_SQL, PATIENT_ROW_COLUMNS, toPatient, type PatientRow } from './patients';

/** One page of a practice's patients (GET /Patients) with how many match in all (see ../paged-select). */

const patientsOf = (practiceId: number): PagedList<PatientColumn> => ({
  columns: PATIENT_ROW_COLUMNS,
  from: 'patients p',
  leadingParams: [practiceId],
  scope: 'p.practice_id = $1',
  // Text without regard to case, the date of birth as a date.
  sort: { name: [`lower(${NAME_SQL})`], email: ['lower(p.email)'], phone: ['p.phone'], dateOfBirth: ['p.date_of_birth'] },
  filter: {
    name: like(NAME_SQL),
    email: like('p.email'),
    phone: like('p.phone'),
    dateOfBirth: like(`to_char(p.date_of_birth, 'YYYY-MM-DD')`),
  },
  tieBreak: 'p.id',
});

export async function listPatients(q: Queryable, practiceId: number, query: PatientListQuery): Promise<PatientsPage> {
  const { rows, hasMore, total } = await readPage<PatientRow, PatientColumn>(q, patientsOf(practiceId), query, { count: true });
  return { items: rows.map(toPatient), page: query.page, hasMore, total: total ?? 0 };
}
