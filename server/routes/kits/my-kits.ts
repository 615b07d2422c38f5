import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { KitSchema } from '../../../src/model/kits/kit';
import { isUserTypeAllowed, PATIENT_PORTAL_USER_TYPES } from '../../../src/model/auth/roles';
import { loadSigningKey } from '../../auth/access-tokens';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { send } from '../../http/validation';
import { findMyKit, listMyKits, listMyReports, patientScopeOf, type PatientScope } from '../../store/kits/my-kits';
import type { DiagnosticsLink } from '../../store/kits/read-kits';
import { absoluteSigner, diagnosticsFilePath, signIssued } from './links';
import { SignedLinks } from '../../auth/signed-links';

/** The server's own refusal of a provider-side account; the documents give none. */
export const MyKitsText = {
  patientsOnly: 'Your own kits and reports are available to patient accounts only.',
} as const;

/** Contract decisions: GET /Kits/My and GET /Reports/My answer a plain array of kits. */
const OwnKitsSchema = v.array(KitSchema);

/**
 * The patient portal's own kits and reports (kits §7): GET /Kits/My, GET /Kits/{barcode}/My, GET /Reports/My.
 * Each kit is answered whole, as GET /Kits/{barcode} answers it, with signed links to its diagnostics files.
 * Only a Patient account has kits of its own (403 for any other user type); a patient account without a
 * patient record at its practice has none (an empty list, and 404 for any one kit). A kit the patient did not
 * register, of the practice or another, is as absent as one that does not exist (404).
 */
export function myKitRoutes({ db, config, clock, requireAuth }: Deps): Hono<AppEnv> {
  const links = new SignedLinks(() => loadSigningKey(db, config.tokenSecret), clock);
  const routes = new Hono<AppEnv>();

  /** Each link names the account it was handed to, so that opening the file is recorded as theirs (issue 44). */
  const fileLinks = async (c: Context<AuthEnv>): Promise<DiagnosticsLink> => {
    const sign = absoluteSigner(config, await links.signer());
    return (practiceId, fileId) => signIssued(sign, diagnosticsFilePath(practiceId, fileId), c.var.account.accountId);
  };

  const ownScope = (c: Context<AuthEnv>): Promise<PatientScope | null> => {
    const { accountId, practiceId, userType } = c.var.account;
    if (!isUserTypeAllowed(userType, PATIENT_PORTAL_USER_TYPES)) throw new HttpError(403, MyKitsText.patientsOnly);
    return patientScopeOf(db, accountId, practiceId);
  };

  /** Every kit the patient registered, newest first. */
  routes.get('/Kits/My', requireAuth, async (c) => {
    const scope = await ownScope(c);
    return send(c, OwnKitsSchema, scope ? await listMyKits(db, scope, await fileLinks(c)) : []);
  });

  /** One of the patient's kits by its barcode, or its uid. */
  routes.get('/Kits/:barcode/My', requireAuth, async (c) => {
    const scope = await ownScope(c);
    const kit = scope ? await findMyKit(db, scope, c.req.param('barcode'), await fileLinks(c)) : null;
    if (!kit) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, KitSchema, kit);
  });

  /** The patient's kits whose results are ready, with their reports, oldest result first. */
  routes.get('/Reports/My', requireAuth, async (c) => {
    const scope = await ownScope(c);
    return send(c, OwnKitsSchema, scope ? await listMyReports(db, scope, await fileLinks(c)) : []);
  });

  return routes;
}
