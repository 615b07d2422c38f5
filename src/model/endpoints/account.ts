import { PatientProfileRequestSchema, PatientProfileSchema, PatientProfileText } from '../account/patient-profile';
import { PatientMessageText } from '../patients/patient-texts';
import { ConsentsRequestSchema } from '../account/account-consents';
import { ConsentText } from '../account/account-texts';
import { EmptyResponseSchema } from '../auth/auth';
import {
  RecoveryCodesSchema,
  TwoStepCodeRequestSchema,
  TwoStepEnrolmentSchema,
  TwoStepStatusSchema,
  TwoStepTurnOffRequestSchema,
} from '../auth/two-step';
import type { Endpoint } from './endpoint';

const patientsOnly = `${PatientProfileText.notPatient}: the account is not a patient account (user type 4)`;
const noRecord = `${PatientMessageText.notFound}: the patient account has no patient record at its practice`;

/** The signed-in patient's own record, consents and deactivation (kits §7, contract decisions). */
export const PATIENT_ME_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'getMyPatientProfile',
    method: 'get',
    path: '/Patients/Me',
    summary: 'The signed-in patient’s own account profile and consents (the patient portal’s account page)',
    description:
      'The account profile (kits §3: names, the read-only email, phone and address, the sign-in’s own, as GET /Users/Me has them) with the uid and the consents of the patient record at the account’s practice. The uid is the one PATCH /Patients/Me/Consents sends back. Beside them, `consentDecisions` holds the latest agreement of each consent (statement version, agreed and withdrawn times) for the dates under the switches.',
    signedIn: true,
    audience: 'patient',
    answer: { status: 200, description: 'The patient’s profile, uid and consents', schema: PatientProfileSchema },
    errors: { 403: patientsOnly, 404: noRecord },
  },
  {
    operationId: 'updateMyPatientProfile',
    method: 'put',
    path: '/Patients/Me',
    summary: 'Save the signed-in patient’s own account profile',
    description:
      'First name, last name, phone and the address are required; of the address only addressLine2 (the apartment or suite) is optional, and a state is required where the country has a state list (US). The email is read-only: an email in the body is ignored. The names, phone and address are saved on the account and on the patient record its practice sees (whose one street line takes the apartment after the street). A body that breaks a rule stores nothing.',
    signedIn: true,
    audience: 'patient',
    body: PatientProfileRequestSchema,
    answer: { status: 200, description: 'The profile as saved, as GET /Patients/Me answers it', schema: PatientProfileSchema },
    errors: { 403: patientsOnly, 404: noRecord },
  },
  {
    operationId: 'updateMyPatientConsents',
    method: 'patch',
    path: '/Patients/Me/Consents',
    summary: 'Save the signed-in patient’s research and Rejuvenation Olympics consents',
    description:
      'The body is exactly `{ uid, researchConsent, rejuvenationOlympicsConsent }`, the uid being the one GET /Patients/Me answers. A consent turned on records the version of its consent statement in force (the markdown files of the consent statements folder) and the time; one turned off closes that agreement with the time it was withdrawn.',
    signedIn: true,
    audience: 'patient',
    body: ConsentsRequestSchema,
    answer: {
      status: 200,
      description: 'The profile with the saved consents, as GET /Patients/Me answers it',
      schema: PatientProfileSchema,
    },
    errors: {
      403: `${patientsOnly}; or ${ConsentText.notYours}: the uid in the body is not the patient record’s`,
      404: noRecord,
    },
  },
  {
    operationId: 'deactivateMyPatientAccount',
    method: 'delete',
    path: '/Patients/Me',
    summary: 'Deactivate the signed-in patient’s account: the person’s data is permanently forgotten',
    description:
      'Irreversible, in one transaction: every patient account of the person and every patient record joined to them are deleted, with their consent agreements, sessions (refresh tokens) and set-password links; the kits they registered stay with the practice and the laboratory without a registrant, and the patient’s external id is removed from the practice’s manifests; an order shipped to the person’s email, at any practice, keeps its kits but its recipient becomes "Anonymous" with neither contact nor address. The person (name, email, phone, address, username, password) is deleted too and the username is free again, unless the person also holds a team account at a practice, which keeps them. Every token issued to the deactivated account is refused (401) from then on, this call included.',
    signedIn: true,
    audience: 'patient',
    answer: { status: 204, description: 'The account was deactivated and its data forgotten' },
    errors: { 403: patientsOnly },
  },
  // ── Two-step sign-in (issue 44, this project's extension): the signed-in person's own, every account of theirs alike ──
  {
    operationId: 'getMyTwoStep',
    method: 'get',
    path: '/Users/Me/TwoStep',
    summary: 'Whether the signed-in person has two-step sign-in on',
    signedIn: true,
    answer: {
      status: 200,
      description: 'On or off, the recovery codes left, and whether the practice requires it',
      schema: TwoStepStatusSchema,
    },
  },
  {
    operationId: 'beginMyTwoStep',
    method: 'post',
    path: '/Users/Me/TwoStep/Enrolment',
    summary: 'Start turning two-step sign-in on: a new authenticator key',
    description:
      'A new key each time, stored encrypted and not in use until POST /Users/Me/TwoStep/Confirmation accepts a code made from it.',
    signedIn: true,
    answer: {
      status: 200,
      description: 'The otpauth:// URI for the QR code and the same key to type by hand',
      schema: TwoStepEnrolmentSchema,
    },
    errors: { 409: 'Two-step sign-in is already on' },
  },
  {
    operationId: 'confirmMyTwoStep',
    method: 'post',
    path: '/Users/Me/TwoStep/Confirmation',
    summary: 'Turn two-step sign-in on with a code from the new key',
    description:
      'Answers ten one-time recovery codes, this once: only their digests are kept. Wrong codes are throttled as wrong passwords are.',
    signedIn: true,
    body: TwoStepCodeRequestSchema,
    answer: { status: 200, description: 'The ten recovery codes', schema: RecoveryCodesSchema },
    errors: {
      400: 'The code is missing, wrong or already used',
      409: 'Two-step sign-in is already on, or no new key is waiting for a code',
      429: 'Too many wrong passwords and codes; try again after Retry-After',
    },
  },
  {
    operationId: 'turnOffMyTwoStep',
    method: 'post',
    path: '/Users/Me/TwoStep/TurnOff',
    summary: 'Turn two-step sign-in off, with a code (or recovery code) or the password',
    signedIn: true,
    body: TwoStepTurnOffRequestSchema,
    answer: { status: 200, description: 'Two-step sign-in is off; the key and recovery codes are gone', schema: EmptyResponseSchema },
    errors: {
      400: 'Neither a code nor the password, or the one given is wrong',
      409: 'Two-step sign-in is not on',
      429: 'Too many wrong passwords and codes; try again after Retry-After',
    },
  },
];
