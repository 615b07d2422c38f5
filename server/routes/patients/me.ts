import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PatientProfileRequestSchema, PatientProfileSchema, PatientProfileText } from '../../../src/model/account/patient-profile';
import { PatientMessageText } from '../../../src/model/patients/patient-texts';
import { isUserTypeAllowed, PATIENT_PORTAL_USER_TYPES } from '../../../src/model/auth/roles';
import { ConsentsRequestSchema } from '../../../src/model/account/account-consents';
import { ConsentText } from '../../../src/model/account/account-texts';
import { INVALID_TOKEN_MESSAGE, type AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { loadConsentStatements } from '../../account/consent-statements';
import { deactivationRecipient, queuePatientDeactivated } from '../../mail/notices';
import { forgetPatient } from '../../store/patients/forget';
import { readOwnProfile, saveOwnConsents, updateOwnProfile } from '../../store/patients/me';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';
import { ownAccountObject, recordAccountEvent } from '../auth/account-activity';

/**
 * The signed-in patient's own record (kits §7, contract decisions): GET/PUT/DELETE /Patients/Me and PATCH
 * /Patients/Me/Consents. Mounted before the provider side's /Patients routes, whose id pattern leaves "Me" alone.
 *
 * Only a Patient account has a record of its own: any other user type is refused with 403 (the caller is known,
 * the call is not theirs to make), as GET /Kits/My refuses it. A patient account without a patient record at its
 * practice is a 404 "Patient not found". Bodies pass the shared schemas first (400, nothing stored). A consents
 * body naming another uid than the patient record's is a 403, as PATCH /Users/Me/Consents refuses another user's.
 * The consent statements are read from their folder when the routes are built, so a malformed one stops the start.
 */
export function patientMeRoutes({ db, config, clock, requireAuth }: Deps): Hono<AppEnv> {
  const statements = loadConsentStatements(config.consentsDir);
  const routes = new Hono<AppEnv>();

  const patientsOnly = createMiddleware<AuthEnv>(async (c, next) => {
    if (!isUserTypeAllowed(c.var.account.userType, PATIENT_PORTAL_USER_TYPES)) throw new HttpError(403, PatientProfileText.notPatient);
    await next();
  });

  const notFound = (): never => {
    throw new HttpError(404, PatientMessageText.notFound);
  };

  routes.get('/Patients/Me', requireAuth, patientsOnly, async (c) => {
    return send(c, PatientProfileSchema, (await readOwnProfile(db, c.var.account.accountId)) ?? notFound());
  });

  routes.put('/Patients/Me', requireAuth, patientsOnly, async (c) => {
    const fields = await readBody(c, PatientProfileRequestSchema);
    const profile = await db.transaction((tx) => updateOwnProfile(tx, c.var.account.accountId, fields));
    return send(c, PatientProfileSchema, profile ?? notFound());
  });

  routes.patch('/Patients/Me/Consents', requireAuth, patientsOnly, async (c) => {
    const { uid, ...consents } = await readBody(c, ConsentsRequestSchema);
    const profile = await db.transaction(async (tx) => {
      const saved = await saveOwnConsents(tx, c.var.account.accountId, consents, statements, clock(), (own) => {
        if (own.uid !== uid) throw new HttpError(403, ConsentText.notYours);
      });
      const { accountId } = c.var.account;
      if (saved) {
        const object = ownAccountObject(accountId);
        await recordActivity(tx, activityContext(c, { clock, config }), { kind: ActivityKind.ownConsentsChanged, object });
      }
      return saved;
    });
    return send(c, PatientProfileSchema, profile ?? notFound());
  });

  routes.delete('/Patients/Me', requireAuth, patientsOnly, async (c) => {
    // The account was there a moment ago (requireAuth read it): a deactivation racing this one ended it first.
    const forgotten = await db.transaction(async (tx) => {
      const recipient = await deactivationRecipient(tx, c.var.account.accountId);
      if (!recipient || !(await forgetPatient(tx, c.var.account.accountId))) return false;
      await queuePatientDeactivated(tx, recipient, clock());
      // Issue 44: kept after the person is gone, naming the account by its id only; the actor then reads as a former
      // member, since the account row it names is deleted above.
      await recordAccountEvent(tx, c, { clock, config }, c.var.account, ActivityKind.deactivated);
      return true;
    });
    if (!forgotten) {
      throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    }
    return c.body(null, 204);
  });

  return routes;
}
