import * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { PracticeSchema } from '../practice/practice';
import {
  BillingAddressUpdateSchema,
  FulfilmentUpdateSchema,
  InvoiceContactUpdateSchema,
  PracticeUpdateSchema,
} from '../practice/practice-settings';
import { PracticeTwoStepSchema } from '../auth/two-step';
import type { Endpoint } from './endpoint';

/** The practice, its invoice contact, billing address, fulfilment and report logo (ordering §7, kits §2). */
export const SETTINGS_ENDPOINTS: readonly Endpoint[] = [
  // ── Practice, invoice contact, billing address, fulfilment ──
  {
    operationId: 'updatePractice',
    method: 'put',
    path: '/Practices',
    summary: 'Save the practice’s name, phone, office address and contact person',
    description:
      'Each field is checked with the settings form’s own rules (ordering §5); a 400 names every refused field and nothing is stored. The state is kept only for countries with a state list; the country is stored as its two-letter code.',
    signedIn: true,
    audience: 'provider',
    body: PracticeUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The body names another practice, or the practice no longer exists' },
  },
  {
    operationId: 'updateInvoiceContact',
    method: 'patch',
    path: '/Practices/InvoiceContact',
    summary: 'Save the invoice contact of a Net 30 practice (email, phone, optional fax)',
    signedIn: true,
    audience: 'provider',
    body: InvoiceContactUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists' },
  },
  {
    operationId: 'updateBillingAddress',
    method: 'patch',
    path: '/Practices/BillingAddress',
    summary: 'Save the billing address: the practice’s own address, or one of its own',
    description:
      '`{ sameAsPracticeAddress: true }` copies the practice’s address; `{ sameAsPracticeAddress: false, billingAddress }` requires every field of the address (ordering §5).',
    signedIn: true,
    audience: 'provider',
    body: BillingAddressUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists', 409: 'Same as the practice address, but the practice has no address' },
  },
  {
    operationId: 'updateFulfilment',
    method: 'patch',
    path: '/Practices/Fulfillment',
    summary: 'Save the fulfilment preference: Digital (0) or Physical (1)',
    signedIn: true,
    audience: 'provider',
    body: FulfilmentUpdateSchema,
    answer: { status: 200, description: 'The updated practice', schema: PracticeSchema },
    errors: { 404: 'The practice no longer exists' },
  },
  // ── White-label logo ──
  {
    operationId: 'updateWhiteLabel',
    method: 'patch',
    path: '/Practices/WhiteLabel',
    summary: 'Set or clear the logo on the practice’s future reports',
    description:
      'Healthcare practices only. The file is checked by its bytes (PNG or JPEG), whatever its name or declared type, and may be at most 2 MB. Each upload gets a new public `logoUrl`; the old one stops answering.',
    signedIn: true,
    audience: 'provider',
    upload: {
      field: 'whiteLabel',
      description: 'The logo, a JPG or PNG file of at most 2 MB; or the text `null` to clear the logo',
      nullable: true,
    },
    answer: { status: 200, description: 'The practice, its `whiteLabel.logoUrl` naming the new logo or null', schema: PracticeSchema },
    errors: {
      400: 'The file is empty, over 2 MB, or not a JPG or PNG image, or the field is missing',
      403: 'The practice is not a healthcare practice',
    },
  },
  {
    operationId: 'getWhiteLabelLogo',
    method: 'get',
    path: '/Practices/WhiteLabel/Logos/{token}',
    summary: 'A practice’s report logo, at the public address its `whiteLabel.logoUrl` names',
    description:
      'Needs no token, so that an image element can load it: the address itself is unguessable and changes with every upload. Served with its stored type, `nosniff`, and cached for a year.',
    signedIn: false,
    pathParams: v.object({
      token: limited(v.pipe(v.string(), v.description('The unguessable part of the logo’s address')), 'token', TextLimit.token),
    }),
    answer: { status: 200, description: 'The logo image', mediaTypes: ['image/png', 'image/jpeg'] },
    errors: { 404: 'No logo has this address (any more)' },
  },
  // ── Two-step sign-in for all members (issue 44, this project's extension) ──
  {
    operationId: 'getPracticeTwoStep',
    method: 'get',
    path: '/Practices/TwoStep',
    summary: 'Whether the practice requires two-step sign-in of all its members',
    signedIn: true,
    audience: 'provider',
    answer: { status: 200, description: 'Required or not', schema: PracticeTwoStepSchema },
  },
  {
    operationId: 'setPracticeTwoStep',
    method: 'put',
    path: '/Practices/TwoStep',
    summary: 'Require two-step sign-in of all the practice’s members, or stop requiring it',
    description:
      'A member without it who signs in gets `twoStepSetupRequired: true` in the sign-in answer, and the app leads them to set it up.',
    signedIn: true,
    audience: 'provider',
    body: PracticeTwoStepSchema,
    answer: { status: 200, description: 'The setting as stored', schema: PracticeTwoStepSchema },
    errors: { 404: 'The practice no longer exists' },
  },
];
