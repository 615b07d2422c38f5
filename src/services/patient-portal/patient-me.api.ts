import { PatientProfileSchema, type PatientProfile, type PatientProfileFields } from '../../model/account/patient-profile';
import type { ConsentsRequest } from '../../model/account/account-consents';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

const ME = '/Patients/Me';

/**
 * The signed-in patient's own account (kits §7 "Patients (API client)" and the contract decisions): the
 * account profile, its consents and deactivation. Changes count only by their success: the caller reads
 * the record again, so a service answering the record, `true` or nothing all work.
 */
export function createPatientMeApi(client: HttpClient) {
  return {
    me(options: Call = {}): Promise<PatientProfile> {
      return client.read(PatientProfileSchema, ME, { signal: options.signal });
    },
    async updateMe(body: PatientProfileFields, options: Call = {}): Promise<void> {
      await client.request(ME, { method: 'PUT', body, signal: options.signal });
    },
    async updateMyConsents(body: ConsentsRequest, options: Call = {}): Promise<void> {
      await client.request(`${ME}/Consents`, { method: 'PATCH', body, signal: options.signal });
    },
    async deactivate(options: Call = {}): Promise<void> {
      await client.request(ME, { method: 'DELETE', signal: options.signal });
    },
  };
}

export const patientMeApi = createPatientMeApi(http);
