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
import { deletePatient, findPatient, findPatientId, insertPatient, saveConsents, updatePatient } from '../../store/patients/patients';
import { ActivityKind, ActivityObjectType, type ActivityKind as Kind } from '../../../src/model/activity/activity';
import type { Queryable } from '../../db/database';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';

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

/**
 * A patient as the activity trail names them: by id, never by name, so that the trail (which is never edited) holds
 * no personal data to erase when the patient is deleted or deactivated.
 */
export function patientObject(id: number | string) {
  return { type: ActivityObjectType.patient, id: String(id), label: `patient #${id}` };
}

export function patientActions({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  // The statements a consent turned on is recorded against, read as PATCH /Patients/Me/Consents reads them.
  const statements = loadConsentStatements(config.consentsDir);
  const record = (tx: Queryable, c: PatientContext, kind: Kind, id: number | string) =>
    recordActivity(tx, activityContext(c, { clock, config }), { kind, object: patientObject(id) });
  return {
    /** A page of the practice's patients, for a query already gathered into text parameters. */
    async list(c: PatientContext, params: Readonly<Record<string, unknown>>): Promise<Response> {
      const read = v.safeParse(PatientListQuerySchema, params);
      if (!read.success) throw new HttpError(400, describeIssues(read.issues));
      return send(c, PatientsPageSchema, await listPatients(db, c.var.account.practiceId, read.output));
    },
    async get(c: PatientContext, key: string): Promise<Response> {
      const patient = await db.transaction(async (tx) => {
        const found = await findPatient(tx, c.var.account.practiceId, key);
        if (found) await record(tx, c, ActivityKind.patientViewed, found.id);
        return found;
      });
      return send(c, PatientSchema, patient ?? notFound());
    },
    async create(c: PatientContext): Promise<Response> {
      const fields = await readBody(c, PatientRequestSchema);
      const patient = await db.transaction(async (tx) => {
        const inserted = await insertPatient(tx, c.var.account.practiceId, fields, clock());
        await record(tx, c, ActivityKind.patientCreated, inserted.id);
        return inserted;
      });
      return send(c, PatientSchema, patient, 201);
    },
    async update(c: PatientContext, key: string): Promise<Response> {
      const fields = await readBody(c, PatientRequestSchema);
      const patient = await db.transaction(async (tx) => {
        const updated = await updatePatient(tx, c.var.account.practiceId, key, fields);
        if (updated) await record(tx, c, ActivityKind.patientEdited, updated.id);
        return updated;
      });
      return send(c, PatientSchema, patient ?? notFound());
    },
    async remove(c: PatientContext, key: string): Promise<Response> {
      const deleted = await db.transaction(async (tx) => {
        const id = await findPatientId(tx, c.var.account.practiceId, key);
        if (id === null || !(await deletePatient(tx, c.var.account.practiceId, String(id)))) return false;
        await record(tx, c, ActivityKind.patientDeleted, id);
        return true;
      });
      if (!deleted) notFound();
      return c.body(null, 204);
    },
    async consents(c: PatientContext, key: string): Promise<Response> {
      const consents = await readBody(c, PatientConsentsSchema);
      const saved = await db.transaction(async (tx) => {
        const id = await findPatientId(tx, c.var.account.practiceId, key);
        const changed = await saveConsents(tx, c.var.account.practiceId, key, consents, statements, clock());
        if (changed && id !== null) await record(tx, c, ActivityKind.patientConsentsChanged, id);
        return changed;
      });
      return send(c, PatientConsentsSchema, saved ?? notFound());
    },
  };
}
