import {
  PatientConsentsSchema,
  PatientListParamsSchema,
  PatientPathSchema,
  PatientRequestSchema,
  PatientSchema,
  PatientsPageSchema,
  PatientUidPathSchema,
} from '../patients/patient';
import type { Endpoint } from './endpoint';

const notFound = 'The practice has no patient with this id or uid (another practice’s patient is as absent as none)';
const listErrors = {
  400: 'A parameter is invalid: an unknown column or operator, filters that are not a JSON array, a blank value, a page below 1 or a pageSize outside 1 to 100 (the message names the parameter)',
} as const;
const listDescription =
  'Besides `filters`, any number of `filter_{column}_{operator}=value` parameters filter the same way (e.g. `filter_name_contains=lee`); every filter of both forms must hold. `name` is the patient’s whole name, `dateOfBirth` its `YYYY-MM-DD`. Ties of the sort are broken by the patient’s id, so pages never repeat or skip a patient.';
const pageAnswer =
  '`{ items, page, hasMore, total }`: the page’s patients, each as GET /Patients/{id} answers it, and the number of patients every page together holds';

/** The provider side's patients (kits §2, §3, §7): the list, one patient, create, update, delete and consents. */
export const PATIENT_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listPatients',
    method: 'get',
    path: '/Patients',
    summary: 'A page of the practice’s patients, sorted and filtered',
    description: listDescription,
    signedIn: true,
    audience: 'provider',
    query: PatientListParamsSchema,
    answer: { status: 200, description: pageAnswer, schema: PatientsPageSchema },
    errors: listErrors,
  },
  {
    operationId: 'getPatient',
    method: 'get',
    path: '/Patients/{id}',
    summary: 'One patient of the practice, by id or uid, with the barcodes of its kits',
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    answer: { status: 200, description: 'The patient', schema: PatientSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'createPatient',
    method: 'post',
    path: '/Patients/',
    summary: 'Add a patient to the practice',
    signedIn: true,
    audience: 'provider',
    body: PatientRequestSchema,
    answer: { status: 201, description: 'The new patient, with its id and uid', schema: PatientSchema },
  },
  {
    operationId: 'updatePatient',
    method: 'put',
    path: '/Patients/{id}',
    summary: 'Replace a patient’s fields, by uid (or id)',
    description: 'Every field of the body replaces the stored one; a field left out or null clears it.',
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    body: PatientRequestSchema,
    answer: { status: 200, description: 'The updated patient', schema: PatientSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'deletePatient',
    method: 'delete',
    path: '/Patients/{id}',
    summary: 'Remove a patient from the practice, by id or uid',
    description: 'The patient’s kits stay with the practice, without a registrant.',
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    answer: { status: 204, description: 'The patient was removed' },
    errors: { 404: notFound },
  },
  {
    operationId: 'updatePatientConsents',
    method: 'patch',
    path: '/Patients/{uid}/Consents',
    summary: 'Save a patient’s research and Rejuvenation Olympics consents',
    description:
      'A consent turned on records the version of its consent statement in force (the markdown files of the consent statements folder) and the time; one turned off closes that agreement with the time it was withdrawn, as PATCH /Patients/Me/Consents records them.',
    signedIn: true,
    audience: 'provider',
    pathParams: PatientUidPathSchema,
    body: PatientConsentsSchema,
    answer: { status: 200, description: 'The consents as saved', schema: PatientConsentsSchema },
    errors: { 404: notFound },
  },
];

const legacy = (what: string) => `The legacy relative call of kits §7: ${what}`;

/**
 * Kits §7's legacy relative calls, served at the page's origin (`/api/patients…`, outside the base path) with the
 * same data and rules as the calls above. The OpenAPI document lists them under a server of their own, `/api`.
 */
export const LEGACY_PATIENT_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'legacyListPatients',
    method: 'get',
    server: '/api',
    path: '/patients',
    summary: legacy('a page of the practice’s patients'),
    description:
      'Documented "with a JSON body", which browsers cannot send on a GET: the list query is read from the query string, and from a JSON body (`filters` as an array or as its JSON text) when a client sends one, the body’s fields winning.',
    signedIn: true,
    audience: 'provider',
    query: PatientListParamsSchema,
    answer: { status: 200, description: pageAnswer, schema: PatientsPageSchema },
    errors: listErrors,
  },
  {
    operationId: 'legacyGetPatient',
    method: 'get',
    server: '/api',
    path: '/patients/{id}',
    summary: legacy('one patient'),
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    answer: { status: 200, description: 'The patient', schema: PatientSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'legacyCreatePatient',
    method: 'post',
    server: '/api',
    path: '/patients',
    summary: legacy('add a patient'),
    signedIn: true,
    audience: 'provider',
    body: PatientRequestSchema,
    answer: { status: 201, description: 'The new patient', schema: PatientSchema },
  },
  {
    operationId: 'legacyUpdatePatient',
    method: 'put',
    server: '/api',
    path: '/patients/{id}',
    summary: legacy('replace a patient’s fields'),
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    body: PatientRequestSchema,
    answer: { status: 200, description: 'The updated patient', schema: PatientSchema },
    errors: { 404: notFound },
  },
  {
    operationId: 'legacyUpdatePatientConsents',
    method: 'put',
    server: '/api',
    path: '/patients/{id}/consents',
    summary: legacy('save a patient’s consents'),
    description:
      'A consent turned on records the version of its consent statement in force (the markdown files of the consent statements folder) and the time; one turned off closes that agreement with the time it was withdrawn, as PATCH /Patients/Me/Consents records them.',
    signedIn: true,
    audience: 'provider',
    pathParams: PatientPathSchema,
    body: PatientConsentsSchema,
    answer: { status: 200, description: 'The consents as saved', schema: PatientConsentsSchema },
    errors: { 404: notFound },
  },
];
