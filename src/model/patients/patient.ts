import * as v from 'valibot';
import { IdSchema } from '../id';
import { limited, TextLimit } from '../limits';
import { listParamsSchemas } from '../lists/list-params';
import { pagedAnswer, SortDirection, type ListQuery, type ListSort } from '../lists/paging';
import { flag, optionalText, request, requiredText } from '../schema';
import { isEmail } from '../address/address-rules';
import { AccountFieldText as Field } from '../account/account-texts';
import { UserValidationText as PersonText } from '../team/user-texts';
import { addressIssues, DATE_OF_BIRTH, isDateOfBirth, splitName } from './patient-validation';
import { PatientDetailText as Label, PatientValidationText as T } from './patient-texts';

/**
 * Kits §3 "Patient" and "Patient consent", as the portal reads them (leniently, as the contract decisions
 * say) and writes them (exactly); the patients list's columns, query and page (kits §2, §7, §9).
 */

/** A kit id: the barcode (contract decisions), which a service might send as digits. */
const KitIdSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

export const PatientAddressSchema = v.object({
  street: optionalText,
  city: optionalText,
  state: optionalText,
  postalCode: optionalText,
  country: optionalText,
});
export type PatientAddress = v.InferOutput<typeof PatientAddressSchema>;

/**
 * What the list and the detail need: the id they link by; everything else may be missing or null. `firstName`,
 * `lastName` and the two consents are the reference server's additions for the edit form and the consent switches;
 * a service that sends only kits §3's `name` still reads (the form splits it, the switches start off).
 */
export const PatientSchema = v.object({
  id: IdSchema,
  uid: optionalText,
  name: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  phone: optionalText,
  dateOfBirth: optionalText,
  address: v.nullish(PatientAddressSchema, null),
  /** The barcodes of the patient's kits. */
  kits: v.nullish(v.array(KitIdSchema), []),
  researchConsent: v.nullish(v.boolean(), false),
  rejuvenationOlympics: v.nullish(v.boolean(), false),
});
export type Patient = v.InferOutput<typeof PatientSchema>;

/**
 * Optional text of a request: blank counts as not given. The limit judges the trimmed text, as it is stored, and
 * comes before the transform, where the OpenAPI document, which describes what is sent, still reads it. No form
 * writes a patient, so `label` is the detail page's word for the field, or the one its required message uses.
 */
const givenText = (name: string, label: string, max: number) =>
  v.pipe(
    v.nullish(limited(v.pipe(v.string(`${name} must be text`), v.trim()), label, max), null),
    v.transform((text) => text || null),
  );

const RequestAddressSchema = v.pipe(
  v.object(
    {
      street: givenText('address.street', Label.address, TextLimit.street),
      city: givenText('address.city', 'City', TextLimit.city),
      state: givenText('address.state', 'State', TextLimit.state),
      postalCode: givenText('address.postalCode', 'Zip code', TextLimit.zipCode),
      country: givenText('address.country', 'Country', TextLimit.country),
    },
    T.addressObject,
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const address = dataset.value;
    for (const [key, message] of addressIssues(address))
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: address, key, value: address[key] }] });
  }),
);

/** A patient's email, date of birth and phone as every patient body writes them; the form's schema shares them. */
export const PATIENT_CONTACT_FIELDS = {
  email: v.pipe(
    givenText('email', Label.email, TextLimit.email),
    v.check((email) => email === null || isEmail(email), T.emailInvalid),
  ),
  phone: limited(requiredText(PersonText.phoneRequired), Field.phone, TextLimit.phone),
  dateOfBirth: v.pipe(
    givenText('dateOfBirth', Label.dateOfBirth, TextLimit.date),
    v.check((date) => date === null || isDateOfBirth(date), T.dateOfBirthInvalid),
    v.transform((date) => date?.slice(0, DATE_OF_BIRTH.length) ?? null),
    v.description('A date (YYYY-MM-DD), or an ISO 8601 date-time whose date is taken as written.'),
  ),
};

type NamePart = 'firstName' | 'lastName';
const NAME_REQUIRED: Readonly<Record<NamePart, string>> = {
  firstName: PersonText.firstNameRequired,
  lastName: PersonText.lastNameRequired,
};

/**
 * POST /Patients/ and PUT /Patients/{uid}: the patient's own fields (kits §3) under kits §5's rules: a first name,
 * a last name and a phone are required, an email must be well formed, and an address, when given, needs its
 * street, city, postal code and country, and a state in the countries that have them. The names come as
 * `firstName` and `lastName` (what the form asks); a caller that sends only kits §3's `name` has it split at its
 * first space, so a one-word name lacks a last name. The portal sends all three.
 */
export const PatientRequestSchema = v.pipe(
  request({
    firstName: givenText('firstName', Field.firstName, TextLimit.name),
    lastName: givenText('lastName', Field.lastName, TextLimit.name),
    name: v.pipe(
      givenText('name', Label.name, TextLimit.fullName),
      v.description('The whole name (kits §3), used only where firstName or lastName is left out.'),
    ),
    ...PATIENT_CONTACT_FIELDS,
    address: v.nullish(RequestAddressSchema, null),
  }),
  // Checked even when another field fails, so that one answer names every missing part.
  v.forward(
    v.partialCheck(
      [['firstName'], ['name']],
      (input) => input.firstName !== null || splitName(input.name).first !== null,
      NAME_REQUIRED.firstName,
    ),
    ['firstName'],
  ),
  v.forward(
    v.partialCheck(
      [['lastName'], ['name']],
      (input) => input.lastName !== null || splitName(input.name).last !== null,
      NAME_REQUIRED.lastName,
    ),
    ['lastName'],
  ),
  v.transform(({ name, ...fields }) => {
    const split = splitName(name);
    return { ...fields, firstName: fields.firstName ?? split.first, lastName: fields.lastName ?? split.last };
  }),
);
export type PatientRequest = v.InferInput<typeof PatientRequestSchema>;
export type PatientFields = v.InferOutput<typeof PatientRequestSchema>;

/** Kits §3 "Patient consent", as the provider side saves it (PATCH /Patients/{uid}/Consents) and reads it back. */
export const PatientConsentsSchema = request({
  researchConsent: flag('researchConsent'),
  rejuvenationOlympics: flag('rejuvenationOlympics'),
});
export type PatientConsents = v.InferOutput<typeof PatientConsentsSchema>;

/** The patients list's columns (kits §2), as the query names them. */
export const PatientColumn = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'dateOfBirth',
} as const;
export type PatientColumn = (typeof PatientColumn)[keyof typeof PatientColumn];
export const PATIENT_COLUMNS: readonly PatientColumn[] = Object.values(PatientColumn);

/** Kits §9: page size 10. The documents give no default order; by name, A to Z, is how a practice looks a patient up. */
export const PATIENTS_PAGE_SIZE = 10;
export const DEFAULT_PATIENT_SORT: ListSort<PatientColumn> = { column: PatientColumn.name, direction: SortDirection.asc };

export type PatientListQuery = ListQuery<PatientColumn>;

/**
 * GET /Patients: `{ items, page, hasMore }` (contract decisions), and `total`, the rows of every page, which the
 * reference server adds for "{n} row(s) total."; a service that leaves it out still reads.
 */
export const PatientsPageSchema = v.object({
  ...pagedAnswer(PatientSchema).entries,
  total: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0)), null),
});
export type PatientsPage = v.InferOutput<typeof PatientsPageSchema>;

const patientListParams = listParamsSchemas({
  columns: PATIENT_COLUMNS,
  defaultSort: DEFAULT_PATIENT_SORT,
  pageSize: PATIENTS_PAGE_SIZE,
  itemsName: 'Patients',
  tieBreak: 'the patient’s id',
});

/** GET /Patients' named query parameters, as the contract lists them. */
export const PatientListParamsSchema = patientListParams.ParamsSchema;
/** GET /Patients' whole query as the server reads it, every `filter_{column}_{operator}` included. */
export const PatientListQuerySchema = patientListParams.QuerySchema;

/** GET, PUT and DELETE /Patients/{id}: the patient's id, or its uid (kits §7 names both). */
export const PatientPathSchema = v.object({
  id: limited(v.pipe(v.string(), v.description('The patient’s id (a number) or its uid')), 'id', TextLimit.identifier),
});
export const PatientUidPathSchema = v.object({
  uid: limited(v.pipe(v.string(), v.description('The patient’s uid (its id is accepted too)')), 'uid', TextLimit.identifier),
});
