import { listSearchParams } from '../../model/lists/paging';
import type { Id } from '../../model/id';
import {
  PatientConsentsSchema,
  PatientSchema,
  PatientsPageSchema,
  type Patient,
  type PatientConsents,
  type PatientListQuery,
  type PatientRequest,
  type PatientsPage,
} from '../../model/patients/patient';
import { ApiError } from '../http/api-error';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

const one = (id: Id) => `/Patients/${encodeURIComponent(String(id))}`;

/** Kits §7 "Patients (API client)": the practice's patients, one patient, and their changes. */
export function createPatientsApi(client: HttpClient) {
  return {
    /** One page of the practice's patients, sorted and filtered by the server. */
    list(query: PatientListQuery, options: Call = {}): Promise<PatientsPage> {
      return client.read(PatientsPageSchema, '/Patients', { query: Object.fromEntries(listSearchParams(query)), signal: options.signal });
    },
    /** The patient with this id (or uid), or null when the service has none (404: "Patient not found"). */
    async get(id: Id, options: Call = {}): Promise<Patient | null> {
      try {
        return await client.read(PatientSchema, one(id), { signal: options.signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    create(patient: PatientRequest, options: Call = {}): Promise<Patient> {
      return client.read(PatientSchema, '/Patients/', { method: 'POST', body: patient, signal: options.signal });
    },
    update(uid: string, patient: PatientRequest, options: Call = {}): Promise<Patient> {
      return client.read(PatientSchema, one(uid), { method: 'PUT', body: patient, signal: options.signal });
    },
    /** The answer has no body to read: only its success counts, and the lists are read again afterwards. */
    async remove(id: Id, options: Call = {}): Promise<void> {
      await client.request(one(id), { method: 'DELETE', signal: options.signal });
    },
    updateConsents(uid: string, consents: PatientConsents, options: Call = {}): Promise<PatientConsents> {
      return client.read(PatientConsentsSchema, `${one(uid)}/Consents`, { method: 'PATCH', body: consents, signal: options.signal });
    },
  };
}

export const patientsApi = createPatientsApi(http);
