import type { Json } from './portal-api-fake';
import type { Answer } from './portal-api-ordering';

/**
 * The signed-in patient's own record in the contract fake, from kits §2, §3 "Account profile (patient portal)", §4,
 * §5, §7 and the README's contract decisions only: `GET /Patients/Me` answers the account profile with the uid the
 * consents call sends back, `PUT /Patients/Me` takes the profile body (the email read-only), `PATCH
 * /Patients/Me/Consents` takes exactly `{ uid, researchConsent, rejuvenationOlympicsConsent }` and `DELETE
 * /Patients/Me` deactivates. Like a real service it adds fields nobody asked for and leaves optional ones out or null:
 * the research consent is missing and the Olympics one null, both read as not given. Only a patient has this record.
 */

type JsonObject = { [key: string]: Json };

/** The user type of a patient (kits §3 Role enumeration). */
const PATIENT = 4;

export interface PatientMeAccount {
  readonly userId: number;
  readonly userType: number;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function failure(status: number, message: string): Answer {
  return { status, json: { error: { message } } };
}

/** A patient's record as this service first answers it. */
function firstRecord(): JsonObject {
  return {
    uid: 'pat_5c7e10',
    firstName: 'Mia',
    lastName: 'Patel',
    email: 'mia.patel@mail.example',
    phone: '+1 207 555 0311',
    address: { addressLine1: '14 Harbor View', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
    rejuvenationOlympicsConsent: null,
    dateOfBirth: '1988-04-02',
    kits: ['KIT-900101'],
  };
}

/** Kits §5, as the provider profile's rules read for an address that is always there: the first broken rule. */
function profileProblem(body: JsonObject): string | null {
  if (isBlank(body.firstName)) return 'First name is required';
  if (isBlank(body.lastName)) return 'Last name is required';
  if (isBlank(body.phone)) return 'Phone is required';
  const address = body.address;
  if (!isObject(address)) return 'Address is required';
  if (isBlank(address.addressLine1)) return 'Address is required';
  if (isBlank(address.city)) return 'City is required';
  if (isBlank(address.country)) return 'Country is required';
  if (address.country === 'US' && isBlank(address.state)) return 'State is required';
  if (isBlank(address.zipCode)) return 'Zip code is required';
  return null;
}

export class PatientMeFake {
  private readonly records = new Map<number, JsonObject>();
  private readonly deactivated = new Set<number>();

  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(method: string, path: string, body: unknown, account: PatientMeAccount | undefined): Answer | null {
    const route = `${method} ${path.toLowerCase().replace(/\/$/, '')}`;
    if (!['GET /patients/me', 'PUT /patients/me', 'DELETE /patients/me', 'PATCH /patients/me/consents'].includes(route)) return null;
    if (!account || this.deactivated.has(account.userId)) return failure(401, 'Not signed in');
    if (account.userType !== PATIENT) return failure(403, 'Only a patient has a record of their own');
    const record = this.recordOf(account.userId);
    switch (route) {
      case 'GET /patients/me':
        return { status: 200, json: record };
      case 'PUT /patients/me':
        return this.saveProfile(record, body);
      case 'PATCH /patients/me/consents':
        return this.saveConsents(record, body);
      default:
        this.deactivated.add(account.userId);
        // The documents give the answer no body: only its success counts.
        return { status: 200, json: true };
    }
  }

  /** What the patient's record holds now, as GET /Patients/Me would answer it. */
  recordOf(userId: number): JsonObject {
    const known = this.records.get(userId);
    if (known) return known;
    const record = firstRecord();
    this.records.set(userId, record);
    return record;
  }

  private saveProfile(record: JsonObject, body: unknown): Answer {
    if (!isObject(body)) return failure(400, 'The body must be a JSON object');
    const problem = profileProblem(body);
    if (problem) return failure(400, problem);
    for (const field of ['firstName', 'lastName', 'phone'] as const) {
      const value = body[field];
      if (typeof value === 'string') record[field] = value.trim();
    }
    record.address = body.address ?? null;
    return { status: 200, json: record };
  }

  private saveConsents(record: JsonObject, body: unknown): Answer {
    if (!isObject(body) || typeof body.researchConsent !== 'boolean' || typeof body.rejuvenationOlympicsConsent !== 'boolean') {
      return failure(400, 'researchConsent and rejuvenationOlympicsConsent must be booleans');
    }
    if (body.uid !== record.uid) return failure(403, 'You can only change your own consents');
    record.researchConsent = body.researchConsent;
    record.rejuvenationOlympicsConsent = body.rejuvenationOlympicsConsent;
    return { status: 200, json: record };
  }
}
