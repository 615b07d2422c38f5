import * as v from 'valibot';
import { KitPathSchema, KitSchema } from '../kits/kit';
import type { Endpoint } from './endpoint';

/** Contract decisions: the patient portal's kit lists are plain arrays of whole kits. */
const OwnKitsSchema = v.array(KitSchema);

const patientsOnly = 'The account is not a patient account (user type 4): only patients have kits of their own';

/** The patient portal's own kits and reports (kits §7). */
export const MY_KIT_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listMyKits',
    method: 'get',
    path: '/Kits/My',
    summary: 'The signed-in patient’s own kits',
    description:
      'The kits registered to the patient record of the signed-in account at its practice, newest first, each whole as GET /Kits/{barcode} answers it (history, samples, reports, diagnostics files with signed links, and the kit it replaced in `source`). A patient account without a patient record answers an empty array.',
    signedIn: true,
    audience: 'patient',
    answer: { status: 200, description: 'A plain array of kits', schema: OwnKitsSchema },
    errors: { 403: patientsOnly },
  },
  {
    operationId: 'getMyKit',
    method: 'get',
    path: '/Kits/{barcode}/My',
    summary: 'One of the signed-in patient’s own kits, by its barcode or its uid',
    signedIn: true,
    audience: 'patient',
    pathParams: KitPathSchema,
    answer: {
      status: 200,
      description: 'The kit, with its history, samples, reports, diagnostics files and the kit it replaced',
      schema: KitSchema,
    },
    errors: {
      403: patientsOnly,
      404: 'The patient has no kit with this barcode or uid: another patient’s kit, or one of the practice’s not registered to the patient, is as absent as none',
    },
  },
  {
    operationId: 'listMyReports',
    method: 'get',
    path: '/Reports/My',
    summary: 'The signed-in patient’s kits whose results are ready, with their reports',
    description:
      'The patient’s own kits whose status is Result Ready (kits §4), each whole as GET /Kits/{barcode} answers it, so that the client reads them with the same kit schema: `reports` holds every report, current and legacy; `product` names the product; `status.date` is when the results became ready and `statusHistory` dates every step. Oldest result first (kits §9: the reports sort ascending by result-ready date). Whether the patient is shown the reports is the practice’s `showReportsToPatients` (kits §6), which the client applies; the server answers them either way. A patient account without a patient record answers an empty array.',
    signedIn: true,
    audience: 'patient',
    answer: { status: 200, description: 'A plain array of result-ready kits, each with its `reports` array', schema: OwnKitsSchema },
    errors: { 403: patientsOnly },
  },
];
