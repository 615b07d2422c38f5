import { likePattern } from '../../../src/model/lists/list-params';
import type { PatientColumn, PatientListQuery, PatientsPage } from '../../../src/model/patients/patient';
import type { Queryable } from '../../db/database';
import { NAME_SQL, PATIENT_ROW_COLUMNS, toPatient, type PatientRow } from './patients';

/**
 * One page of a practice's patients (GET /Patients): sorted and filtered in SQL. Column expressions come from
 * the fixed maps below, never from the request; every value from the request is a parameter.
 */

/** What each column sorts by: text without regard to case, the date of birth as a date. */
const SORT: Readonly<Record<PatientColumn, string>> = {
  name: `lower(${NAME_SQL})`,
  email: 'lower(p.email)',
  phone: 'p.phone',
  dateOfBirth: 'p.date_of_birth',
};

/** The text each column filters on; `?` stands for the pattern's parameter. A missing value matches nothing. */
const FILTER: Readonly<Record<PatientColumn, string>> = {
  name: `${NAME_SQL} ILIKE ? ESCAPE '\\'`,
  email: `p.email ILIKE ? ESCAPE '\\'`,
  phone: `p.phone ILIKE ? ESCAPE '\\'`,
  dateOfBirth: `to_char(p.date_of_birth, 'YYYY-MM-DD') ILIKE ? ESCAPE '\\'`,
};

/**
 * The page the query asks for, one row more telling whether more follow, and how many patients match in all.
 * Missing values sort last going up and first going down (PostgreSQL's default), so descending is ascending
 * reversed, ties included.
 */
export async function listPatients(q: Queryable, practiceId: number, query: PatientListQuery): Promise<PatientsPage> {
  const params: unknown[] = [practiceId];
  const parameter = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['p.practice_id = $1'];
  for (const filter of query.filters) {
    where.push(FILTER[filter.column].replace('?', parameter(likePattern(filter.operator, filter.value))));
  }
  const condition = where.join(' AND ');
  const filterParams = [...params];
  const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = [SORT[query.sort.column], 'p.id'].map((expression) => `${expression} ${direction}`).join(', ');
  const limit = parameter(query.pageSize + 1);
  const offset = parameter((query.page - 1) * query.pageSize);
  const rows = await q.query<PatientRow>(
    `SELECT ${PATIENT_ROW_COLUMNS} FROM patients p WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const [count] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM patients p WHERE ${condition}`, filterParams);
  return {
    items: rows.slice(0, query.pageSize).map(toPatient),
    page: query.page,
    hasMore: rows.length > query.pageSize,
    total: count?.total ?? 0,
  };
}
