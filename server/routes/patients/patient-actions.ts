import type { Context } from 'hono';
import * as v from 'valibot';
import {
  PatientConsentsSchema,
  PatientListQuerySchema,
  PatientRequestSchema,
  PatientSchema,
  PatientsPageSchema,
} from '../../../src/model/patients/patient';
import { PatientMessageText } from '../../../src/model/patients/patient-texts';
import { describeIssues } from '../../../src/model/schema';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { loadConsentStatements } from '../../account/consent-statements';
import { listPatients } from '../../store/patients/list';
import { deletePatient, findPatient, insertPatient, saveConsents, updatePatient } from '../../store/patients/patients';

/**
 * What the patients' calls do, once for both sets of routes (kits §7: the portalApi calls and the legacy
 * relative ones answer the same data). Every body and query passes the shared schema first (a 400 naming the
 * field, nothing stored); every row is the signed-in practice's, and any other is not found (404).
 */

type PatientContext = Context<AuthEnv>;

/** An id or uid in a path: never a literal "Me", which names the signed-in patient (patient portal). */
export const PATIENT_KEY = '(?!Me(?:/|$))[^/]+';
export const LEGACY_PATIENT_KEY = '(?!me(?:/|$))[^/]+';

function notFound(): never {
  throw new HttpError(404, PatientMessageText.notFound);
}

export function patientActions({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  // The statements a consent turned on is recorded against, read as PATCH /Patients/Me/Consents reads them.
  const statements = loadConsentStatements(config.consentsDir);
  return {
    /** A page of the practice's patients, for a query already gathered into text parameters. */
    async list(c: PatientContext, params: Readonly<Record<string, unknown>>): Promise<Response> {
      const read = v.safeParse(PatientListQuerySchema, params);
      if (!read.success) throw new HttpError(400, describeIssues(read.issues));
      return send(c, PatientsPageSchema, await listPatients(db, c.var.account.practiceId, read.output));
    },
    async get(c: PatientContext, key: string): Promise<Response> {
      return send(c, PatientSchema, (await findPatient(db, c.var.account.practiceId, key)) ?? notFound());
    },
    async create(c: PatientContext): Promise<Response> {
      const fields = await readBody(c, PatientRequestSchema);
      return send(c, PatientSchema, await insertPatient(db, c.var.account.practiceId, fields, clock()), 201);
    },
    async update(c: PatientContext, key: string): Promise<Response> {
      const fields = await readBody(c, PatientRequestSchema);
      return send(c, PatientSchema, (await updatePatient(db, c.var.account.practiceId, key, fields)) ?? notFound());
    },
    async remove(c: PatientContext, key: string): Promise<Response> {
      if (!(await deletePatient(db, c.var.account.practiceId, key))) notFound();
      return c.body(null, 204);
    },
    async consents(c: PatientContext, key: string): Promise<Response> {
      const consents = await readBody(c, PatientConsentsSchema);
      const saved = await db.transaction((tx) => saveConsents(tx, c.var.account.practiceId, key, consents, statements, clock()));
      return send(c, PatientConsentsSchema, saved ?? notFound());
    },
  };
}
