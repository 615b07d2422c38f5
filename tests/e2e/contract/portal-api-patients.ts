import type { Json } from './portal-api-fake';
import { matchesAny, readFilters, whole, type Filter as ListFilter } from './list-query';
import type { Answer } from './portal-api-ordering';

/**
 * The patients part of the contract fake, from kits §2, §3, §7 and the README's contract decisions only:
 * `GET /Patients` pages of `{ items, page, hasMore }` (page from 1, default size 10) sorted by `sortColumn` and
 * `sortDirection` and filtered by the JSON `filters` array and by `filter_{column}_{operator}=value`; `GET
 * /Patients/{id}` one patient by its numeric id (or uid). Like a real service it adds fields nobody asked for (a
 * count under a name of its own, consents, a record number), leaves optional fields out or null, words its 404 its
 * own way, and checks what it is sent exactly, answering 400 with the first problem.
 */

type JsonObject = { [key: string]: Json };

const COLUMNS = ['name', 'email', 'phone', 'dateOfBirth'] as const;
type Column = (typeof COLUMNS)[number];

const isColumn = (value: unknown): value is Column => COLUMNS.some((column) => column === value);
const bad = (message: string): Answer => ({ status: 400, json: { error: { message } } });
const ok = (json: Json): Answer => ({ status: 200, json });

type Filter = ListFilter<Column>;

interface FakePatient {
  practiceId: number;
  researchConsent?: boolean;
  rejuvenationOlympics?: boolean;
  id: number;
  uid: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** An ISO 8601 date-time, as every date of the contract is. */
  dateOfBirth: string | null;
  address: JsonObject | null | undefined;
  kits: string[] | undefined;
}

const FIRST = ['Amara', 'Bruno', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Greta', 'Hamish', 'Ines', 'Jonas', 'Kaia', 'Luca'];
const LAST = ['Reyes', 'Okafor', 'Lind', 'Ito'];

/** The Harbor practice (11) has 13 patients, two pages of ten; Lakeshore (21) two, never shown to Harbor. */
export function seedPatients(): FakePatient[] {
  const harbor = FIRST.map((first, i): FakePatient => ({
    practiceId: 11,
    id: 501 + i,
    uid: `pat_h${String(i + 1).padStart(2, '0')}`,
    name: `${first} ${LAST[i % LAST.length] ?? 'Reyes'}`,
    // The service leaves out what it does not have: one email, two phones.
    email: i === 5 ? null : `${first.toLowerCase()}@patients.example`,
    phone: i % 5 === 2 ? null : `(206) 555-01${String(10 + i)}`,
    dateOfBirth: new Date(Date.UTC(1950 + ((i * 7) % 50), (i * 5) % 12, 1 + ((i * 11) % 28))).toISOString(),
    address:
      i % 4 === 3
        ? i === 3
          ? null
          : undefined
        : { street: `${100 + i} Pine Street`, city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US', unit: null },
    // Barcodes of the kits part of the fake, which answers GET /Kits/{barcode} for them: HB-0004 has reports,
    // HB-0003's sample failed.
    kits: i === 0 ? ['HB-0004', 'HB-0003'] : i === 1 ? [] : i === 2 ? undefined : [`HB-${String(i + 5).padStart(4, '0')}`],
  }));
  const anonymous: FakePatient = {
    practiceId: 11,
    id: 530,
    uid: 'pat_h13',
    name: null,
    email: null,
    phone: null,
    dateOfBirth: null,
    address: undefined,
    kits: undefined,
  };
  const lakeshore = [0, 1].map((i): FakePatient => ({
    practiceId: 21,
    id: 601 + i,
    uid: `pat_l${i + 1}`,
    name: `Lakeshore Patient ${i + 1}`,
    email: `lake${i + 1}@patients.example`,
    phone: null,
    dateOfBirth: null,
    address: null,
    kits: [],
  }));
  return [...harbor, anonymous, ...lakeshore];
}

/** The patient as the service writes it: numbers for ids, extra fields, optional ones left out where it has none. */
function record(patient: FakePatient): JsonObject {
  return {
    id: patient.id,
    uid: patient.uid,
    name: patient.name,
    ...(patient.email === null ? {} : { email: patient.email }),
    phone: patient.phone,
    dateOfBirth: patient.dateOfBirth,
    ...(patient.address === undefined ? {} : { address: patient.address }),
    ...(patient.kits === undefined ? {} : { kits: patient.kits }),
    medicalRecordNumber: `MRN-${patient.id}`,
    researchConsent: patient.researchConsent ?? patient.id % 2 === 0,
    rejuvenationOlympics: patient.rejuvenationOlympics ?? false,
  };
}

function valueOf(patient: FakePatient, column: Column): string | null {
  if (column === 'dateOfBirth') return patient.dateOfBirth?.slice(0, 10) ?? null;
  return patient[column];
}

function matches(patient: FakePatient, filter: Filter): boolean {
  return matchesAny([valueOf(patient, filter.column)], filter);
}

export class PatientsFake {
  private readonly patients = seedPatients();

  /** The fake's patients of a practice, as GET /Patients/{id} answers them. */
  patientsOf(practiceId: number): JsonObject[] {
    return this.patients.filter((patient) => patient.practiceId === practiceId).map(record);
  }

  /** The answer for a patients call, or null when the call is not one of these. */
  respond(
    method: string,
    path: string,
    query: URLSearchParams,
    account: { practiceId: number } | undefined,
    body: unknown = undefined,
  ): Answer | null {
    const list = /^\/patients\/?$/i.test(path);
    const consents = /^\/patients\/([^/]+)\/consents$/i.exec(path)?.[1];
    const one = /^\/patients\/([^/]+)$/i.exec(path)?.[1] ?? consents;
    if (!list && (!one || one.toLowerCase() === 'me')) return null;
    if (!account) return { status: 401, json: { error: { message: 'Not signed in' } } };
    if (list && method === 'GET') return this.list(query, account.practiceId);
    if (list && method === 'POST') return this.create(body, account.practiceId);
    if (list) return null;
    const key = decodeURIComponent(one ?? '');
    // Taken back as issued: the number (as the path writes it) or the uid; another practice's is not there.
    const found = this.patients.find(
      (patient) => patient.practiceId === account.practiceId && (String(patient.id) === key || patient.uid === key),
    );
    if (!found) return { status: 404, json: { message: `No patient ${key} in this practice` } };
    if (consents !== undefined) return method === 'PATCH' ? this.saveConsents(found, body) : null;
    if (method === 'GET') return ok(record(found));
    if (method === 'PUT') return this.update(found, body);
    if (method === 'DELETE') {
      this.patients.splice(this.patients.indexOf(found), 1);
      // A service may answer a delete with an empty success of its own choosing.
      return { status: 200, json: true };
    }
    return null;
  }

  /** POST /Patients/ (kits §7 "patient body"): kits §3's fields, read as the documents name them. */
  private create(body: unknown, practiceId: number): Answer {
    const fields = patientBody(body);
    if (typeof fields === 'string') return bad(fields);
    const id = Math.max(...this.patients.map((patient) => patient.id)) + 1;
    const patient: FakePatient = { practiceId, id, uid: `pat_new${id}`, ...fields, kits: [] };
    this.patients.push(patient);
    return { status: 201, json: record(patient) };
  }

  /** PUT /Patients/{uid}: every field of the body replaces the stored one. */
  private update(patient: FakePatient, body: unknown): Answer {
    const fields = patientBody(body);
    if (typeof fields === 'string') return bad(fields);
    Object.assign(patient, fields);
    return ok(record(patient));
  }

  /** PATCH /Patients/{uid}/Consents: kits §3 "Patient consent", two booleans, answered as saved. */
  private saveConsents(patient: FakePatient, body: unknown): Answer {
    if (!isObject(body) || typeof body.researchConsent !== 'boolean' || typeof body.rejuvenationOlympics !== 'boolean') {
      return bad('researchConsent and rejuvenationOlympics must be true or false');
    }
    patient.researchConsent = body.researchConsent;
    patient.rejuvenationOlympics = body.rejuvenationOlympics;
    return ok({ researchConsent: body.researchConsent, rejuvenationOlympics: body.rejuvenationOlympics, updatedBy: 'fake' });
  }

  private list(query: URLSearchParams, practiceId: number): Answer {
    const sortColumn = query.get('sortColumn') ?? 'name';
    const sortDirection = query.get('sortDirection') ?? 'asc';
    const page = whole(query.get('page'), 1);
    const pageSize = whole(query.get('pageSize'), 10);
    if (!isColumn(sortColumn)) return bad(`sortColumn must be one of ${COLUMNS.join(', ')}`);
    if (sortDirection !== 'asc' && sortDirection !== 'desc') return bad('sortDirection must be asc or desc');
    if (!(page >= 1)) return bad('page must be a whole number from 1');
    if (!(pageSize >= 1 && pageSize <= 100)) return bad('pageSize must be a whole number from 1 to 100');
    const filters = readFilters(query, isColumn);
    if (typeof filters === 'string') return bad(filters);
    const found = this.patients
      .filter((patient) => patient.practiceId === practiceId && filters.every((filter) => matches(patient, filter)))
      .sort((a, b) => {
        const [x, y] = [valueOf(a, sortColumn), valueOf(b, sortColumn)];
        // Missing values last either way round, as this service happens to do.
        if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
        const order = x.localeCompare(y) || a.id - b.id;
        return sortDirection === 'asc' ? order : -order;
      });
    const items = found.slice((page - 1) * pageSize, page * pageSize).map(record);
    // Its own count, under a name the contract does not know: the client must not rely on it.
    return ok({ items, page, hasMore: page * pageSize < found.length, totalCount: found.length, pageSize });
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: Json | undefined): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Kits §3's patient fields of a body (name, email, phone, dateOfBirth, address), with the documents' rules (kits §5:
 * a name and a phone); anything else the client sends is not this service's to read. A problem is its message.
 */
function patientBody(body: unknown): Omit<FakePatient, 'practiceId' | 'id' | 'uid' | 'kits'> | string {
  if (!isObject(body)) return 'The body must be a patient';
  const name = text(body.name);
  if (!name) return 'Name is required';
  const phone = text(body.phone);
  if (!phone) return 'Phone is required';
  const address = body.address;
  if (address !== null && address !== undefined && !isObject(address)) return 'address must be an object';
  const date = text(body.dateOfBirth);
  return {
    name,
    email: text(body.email),
    phone,
    dateOfBirth: date ? new Date(`${date.slice(0, 10)}T00:00:00Z`).toISOString() : null,
    address: address ?? null,
  };
}
